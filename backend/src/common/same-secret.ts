import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether a token offered is the secret, compared in constant time (digests of equal length). */
export function sameSecret(offered: string, secret: string): boolean {
  return timingSafeEqual(digest(offered), digest(secret));
}
