import type { CookieOptions, Request, Response } from 'express';
import { AppConfig } from '../config/config';
import { SESSION_ABSOLUTE_MS } from './sessions.service';

/** `__Host-` requires Secure, path / and no Domain: used whenever the app is served over https. */
function sessionCookieName(config: AppConfig): string {
  return config.secureCookies ? '__Host-quire_session' : 'quire_session';
}

function options(config: AppConfig): CookieOptions {
  return { httpOnly: true, sameSite: 'lax', secure: config.secureCookies, path: '/' };
}

export function readSessionCookie(req: Request, config: AppConfig): string | undefined {
  const value = (req.cookies as Record<string, string> | undefined)?.[sessionCookieName(config)];
  return typeof value === 'string' ? value : undefined;
}

export function setSessionCookie(res: Response, config: AppConfig, token: string): void {
  res.cookie(sessionCookieName(config), token, { ...options(config), maxAge: SESSION_ABSOLUTE_MS });
}

export function clearSessionCookie(res: Response, config: AppConfig): void {
  res.clearCookie(sessionCookieName(config), options(config));
}
