import { INestApplication, Logger } from '@nestjs/common';
import { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import cookieParser from 'cookie-parser';
import express, { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { AppConfig } from './config/config';
import { ADMIN_DIST } from './common/paths';
import { AuthMiddleware, isPublicPath } from './auth/auth.middleware';
import { documentAccess, ErrorResponse } from './common/api-docs';
import { createOriginCheck } from './common/origin-check';
import { JSON_MEDIA_TYPE, refuseNonJsonBody } from './common/json-body';
import { HttpExceptionFilter } from './common/http-exception.filter';
import { createValidationPipe } from './common/validation';
import { InputSafetyPipe } from './common/input-safety';
import { httpMetrics } from './metrics/http-metrics';
import { Metrics } from './metrics/metrics';
import type { Logger as Pino } from 'pino';
import { bindRequestLogger, requestLogging } from './common/logging';

const JSON_LIMIT = '1mb';

/** Everything main.ts and the tests share: one app, configured one way; `log` is the app logger's root. */
export function configureApp(app: NestExpressApplication, config: AppConfig, log: Pino): void {
  app.set('trust proxy', 'loopback');
  app.disable('x-powered-by');
  // First, so that every answer, a refused one included, has its id and its line in the log.
  app.use(requestLogging(log));
  app.use(httpMetrics(app.get(Metrics)));
  // A body is JSON or refused (415): any other is never read, so never taken for an empty one.
  app.use(refuseNonJsonBody);
  // A webhook's signature is over the body as it came: kept for those paths only (notion-webhooks.controller.ts).
  app.useBodyParser('json', {
    type: JSON_MEDIA_TYPE,
    limit: JSON_LIMIT,
    verify: (req: Request & { rawBody?: Buffer }, _res: Response, body: Buffer) => {
      if (req.url?.startsWith('/api/webhooks/')) req.rawBody = body;
    },
  });
  app.use(bindRequestLogger);
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          // Google's Picker and avatars load from Google's hosts.
          'script-src': ["'self'", 'https://apis.google.com'],
          'img-src': ["'self'", 'data:', 'https:'],
          'frame-src': ["'self'", 'https://docs.google.com', 'https://drive.google.com'],
          'connect-src': ["'self'", 'https://www.googleapis.com'],
          'upgrade-insecure-requests': config.secureCookies ? [] : null,
        },
      },
      hsts: config.secureCookies,
    }),
  );
  app.use(cookieParser());
  app.use(createOriginCheck(config.appUrl));
  const auth = app.get(AuthMiddleware);
  app.use('/api', (req: Request, res: Response, next: NextFunction) => auth.use(req, res, next));
  app.setGlobalPrefix('api');
  // Input is made safe (depth, prototype keys, characters PostgreSQL refuses) before it is validated.
  app.useGlobalPipes(new InputSafetyPipe(), createValidationPipe());
  app.useGlobalFilters(new HttpExceptionFilter());
  app.enableShutdownHooks();

  // The OpenAPI document is built when it is first asked for (/api/docs, /api/docs-json), not at
  // start-up: scanning every route and DTO takes about 0.15 s, which no other request needs.
  SwaggerModule.setup('api/docs', app, () => apiDocument(app, config.appUrl));
  serveAdmin(app);
}

/**
 * The OpenAPI document of every route under /api: what /api/docs-json serves, and what the
 * dashboard's types are generated from (scripts/api-types.mjs, without a running server).
 */
export function apiDocument(app: INestApplication, appUrl: string): OpenAPIObject {
  const info = new DocumentBuilder()
    .setTitle('Quire API')
    .setDescription('The JSON API behind the Quire dashboard. Lists follow ra-data-simple-rest; every error has one shape.')
    .setVersion('1')
    .setLicense('Proprietary', `${appUrl}/`)
    .addServer('/', 'This server')
    .addCookieAuth('quire_session')
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'qk_…',
        description: "A personal API token (`/api/tokens`): it acts as its person in its workspace with its role, on a workspace's routes only",
      },
      'token',
    )
    .build();
  return documentAccess(SwaggerModule.createDocument(app, info, { extraModels: [ErrorResponse] }), isPublicPath);
}

/** Real paths (BrowserRouter): any GET (or HEAD, answered as GET without its body) outside /api that is not a file gets index.html. */
function serveAdmin(app: INestApplication): void {
  const index = join(ADMIN_DIST, 'index.html');
  if (!existsSync(index)) {
    new Logger('Admin').warn(`No built dashboard at ${ADMIN_DIST}; run "npm run build" to serve it`);
    return;
  }
  const isApi = (req: Request) => req.path === '/api' || req.path.startsWith('/api/');
  // The dashboard's files are looked for only outside /api, so an API request costs no file-system lookup.
  const files = express.static(ADMIN_DIST, { index: false, maxAge: '1h', immutable: false });
  app.use((req: Request, res: Response, next: NextFunction) => (isApi(req) ? next() : files(req, res, next)));
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || isApi(req)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
}
