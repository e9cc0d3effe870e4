import { Inject, Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { APP_CONFIG } from '../config/config.module';
import { AppConfig } from '../config/config';
import { readSessionCookie } from './session-cookie';
import { SessionsService } from './sessions.service';

/** The only /api paths a signed-out browser may reach. */
const PUBLIC_PATHS = [/^\/api\/auth(\/|$)/, /^\/api\/health\/?$/, /^\/api\/config\/?$/, /^\/api\/webhooks\/notion\/[^/]+\/?$/];

/** The paths anyone may call without a session (sign-in, health, the public config, Notion's webhook deliveries, which prove themselves by their signature); the OpenAPI document says so too. */
export function isPublicPath(path: string): boolean {
  return PUBLIC_PATHS.some((pattern) => pattern.test(path));
}

/**
 * Runs before routing, so every /api path — including unknown ones — answers 401 without a
 * session instead of revealing which routes exist.
 */
@Injectable()
export class AuthMiddleware implements NestMiddleware {
  constructor(
    private readonly sessions: SessionsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async use(req: Request, res: Response, next: NextFunction): Promise<void> {
    try {
      const path = req.originalUrl.split('?')[0];
      if (isPublicPath(path)) return next();
      // Prometheus has no session: GET /api/metrics checks its own bearer token (metrics.controller.ts).
      if (this.config.metricsToken && /^\/api\/metrics\/?$/.test(path)) return next();
      // `npm run backup` asks the running server with its token: GET /api/backup checks it (backup.controller.ts).
      if (req.method === 'GET' && /^\/api\/backup\/?$/.test(path) && /^Bearer /i.test(req.headers.authorization ?? '')) return next();
      const user = await this.sessions.resolve(readSessionCookie(req, this.config));
      if (!user) {
        res.status(401).json({ statusCode: 401, error: 'Unauthorized', message: 'Please sign in.' });
        return;
      }
      req.account = user;
      next();
    } catch (error) {
      next(error);
    }
  }
}
