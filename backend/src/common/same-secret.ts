import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** The token of an `Authorization: Bearer <token>` header; undefined when there is none. */
export function bearerToken(authorization: string | undefined): string | undefined {
  return /^Bearer (\S+)$/i.exec(authorization ?? '')?.[1];
}

/** Whether a token offered is the secret, compared in constant time (digests of equal length). */
export function sameSecret(offered: string, secret: string): boolean {
  return timingSafeEqual(digest(offered), digest(secret));
}
