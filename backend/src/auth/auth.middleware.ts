import { Inject, Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { APP_CONFIG } from '../config/config.module';
import { AppConfig } from '../config/config';
import { readSessionCookie } from './session-cookie';
import { SessionsService } from './sessions.service';
import { TOKEN_PREFIX, TokensService } from '../tokens/tokens.service';
import { TokenPace } from '../tokens/token-pace';
import { answerError } from '../common/http-exception.filter';

/** The only /api paths a signed-out browser may reach. */
const PUBLIC_PATHS = [/^\/api\/auth(\/|$)/, /^\/api\/health\/?$/, /^\/api\/config\/?$/, /^\/api\/webhooks\/notion\/[^/]+\/?$/];

/** The paths anyone may call without a session (sign-in, health, the public config, Notion's webhook deliveries, which prove themselves by their signature); the OpenAPI document says so too. */
export function isPublicPath(path: string): boolean {
  return PUBLIC_PATHS.some((pattern) => pattern.test(path));
}

/** An API token the request carries (`Authorization: Bearer qk_…`), or undefined. */
export function bearerToken(req: Request): string | undefined {
  const token = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1];
  return token?.startsWith(TOKEN_PREFIX) ? token : undefined;
}

const signInPlease = (res: Response) => answerError(res, { statusCode: 401, error: 'Unauthorized', message: 'Please sign in.' });

/**
 * Runs before routing, so every /api path — including unknown ones — answers 401 without a
 * session or an API token instead of revealing which routes exist. A request bearing an API token
 * acts as the token's person with its role (the role guard then lets it through only a workspace's
 * routes); a token that is not good answers as no session does, and one past its minute's
 * allowance answers 429 with `retry-after`.
 */
@Injectable()
export class AuthMiddleware implements NestMiddleware {
  private readonly pace: TokenPace;

  constructor(
    private readonly sessions: SessionsService,
    private readonly tokens: TokensService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.pace = new TokenPace(config.tokenRequestsPerMinute);
  }

  async use(req: Request, res: Response, next: NextFunction): Promise<void> {
    try {
      const path = req.originalUrl.split('?')[0];
      if (isPublicPath(path)) return next();
      // Prometheus has no session: GET /api/metrics checks its own bearer token (metrics.controller.ts).
      if (this.config.metricsToken && /^\/api\/metrics\/?$/.test(path)) return next();
      // `npm run backup` asks the running server with its token: GET /api/backup checks it (backup.controller.ts).
      if (req.method === 'GET' && /^\/api\/backup\/?$/.test(path) && /^Bearer /i.test(req.headers.authorization ?? '')) return next();
      const token = bearerToken(req);
      if (token) {
        const holder = await this.tokens.resolve(token);
        if (!holder) return void signInPlease(res);
        const wait = this.pace.take(token);
        if (wait !== null) {
          answerError(res.set('retry-after', String(wait)), {
            statusCode: 429,
            error: 'Too Many Requests',
            message: `This token has made its ${this.config.tokenRequestsPerMinute} requests of the minute; try again in ${wait} s.`,
          });
          return;
        }
        req.account = holder;
        return next();
      }
      const user = await this.sessions.resolve(readSessionCookie(req, this.config));
      if (!user) return void signInPlease(res);
      req.account = user;
      next();
    } catch (error) {
      next(error);
    }
  }
}
