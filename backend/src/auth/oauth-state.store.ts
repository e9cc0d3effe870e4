import type { Request } from 'express';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { SecretBox } from '../common/secret-box';

const COOKIE = 'quire_oauth';
const COOKIE_PATH = '/api/auth/google';
const MAX_AGE_MS = 10 * 60 * 1000;
const CONTEXT = 'oauth-state';

type Done = (error: Error | null, ok?: string | false, state?: unknown) => void;

/**
 * passport-oauth2 state store for `state: true` + PKCE without server sessions: the state handle
 * and PKCE verifier travel in an encrypted, HttpOnly cookie scoped to the callback path, which
 * binds the sign-in to the browser that started it.
 */
export class OAuthStateStore {
  constructor(
    private readonly box: SecretBox,
    private readonly secure: boolean,
  ) {}

  store(req: Request, verifier: string, _state: unknown, _meta: unknown, done: (error: Error | null, handle?: string) => void) {
    const handle = randomBytes(24).toString('base64url');
    const sealed = this.box.seal(JSON.stringify({ handle, verifier, expiresAt: Date.now() + MAX_AGE_MS }), CONTEXT);
    req.res!.cookie(COOKIE, sealed, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.secure,
      path: COOKIE_PATH,
      maxAge: MAX_AGE_MS,
    });
    done(null, handle);
  }

  verify(req: Request, providedState: unknown, _meta: unknown, done: Done) {
    const sealed = (req.cookies as Record<string, string> | undefined)?.[COOKIE];
    req.res!.clearCookie(COOKIE, { httpOnly: true, sameSite: 'lax', secure: this.secure, path: COOKIE_PATH });
    const refuse = (message: string) => done(null, false, { message });
    if (!sealed) return refuse('The sign-in expired or was started in another browser. Please try again.');
    let saved: { handle: string; verifier: string; expiresAt: number };
    try {
      saved = JSON.parse(this.box.open(sealed, CONTEXT));
    } catch {
      return refuse('The sign-in could not be verified. Please try again.');
    }
    const given = Buffer.from(typeof providedState === 'string' ? providedState : '');
    const expected = Buffer.from(saved.handle);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return refuse('The sign-in could not be verified (state mismatch). Please try again.');
    }
    if (saved.expiresAt < Date.now()) return refuse('The sign-in expired. Please try again.');
    done(null, saved.verifier, { handle: saved.handle });
  }
}
