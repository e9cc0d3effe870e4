import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { NextFunction, Request, Response } from 'express';
import { DestinationStream, Logger as Pino, pino } from 'pino';
import { pinoHttp } from 'pino-http';
/** As config.ts reads LOG_FORMAT and LOG_LEVEL (common/ does not depend on config/). */
interface LogSettings {
  format: 'json' | 'pretty';
  level: string;
}

/** What the start-up banner says (AppConfig's fields of those names). */
interface BannerSettings {
  appUrl: string;
  host: string;
  port: number;
  authMode: 'google' | 'local';
  database: { kind: 'pglite'; dataDir: string | null } | { kind: 'postgres'; url: string };
  log: LogSettings;
}
import { redactForLog, redactSecrets } from './redact';

/** The header a request's id comes in (from a proxy, a script) and is answered in. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** An incoming id is kept only when it is a short token that cannot garble or forge a log line. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;

/** The id a request is known by: the one it came with when that is a short safe token, else a new one. */
export function requestIdFor(incoming: string | string[] | undefined): string {
  const value = Array.isArray(incoming) ? incoming[0] : incoming;
  return value !== undefined && SAFE_REQUEST_ID.test(value) ? value : randomUUID();
}

/** The logger of the request being handled (it binds the request's id), for the log lines written while handling it. */
const requestLogs = new AsyncLocalStorage<Pino>();

/** The request's logger where there is one, else `root`. */
export function currentLogger(root: Pino): Pino {
  return requestLogs.getStore() ?? root;
}

/**
 * A copy of an error with its message, stack, fields and cause redacted, of the same class, so that
 * pino's error serializer writes its type, message and stack as it would the original's.
 */
function redactedError(error: Error, depth = 0): Error {
  const copy = new Error(redactSecrets(error.message)) as Error & Record<string, unknown>;
  Object.setPrototypeOf(copy, Object.getPrototypeOf(error) as object);
  for (const [key, value] of Object.entries(error)) copy[key] = value instanceof Error ? redactedError(value, depth + 1) : redactForLog(value);
  Object.defineProperty(copy, 'name', { value: error.name, configurable: true, writable: true });
  copy.stack = redactSecrets(error.stack ?? `${error.name}: ${error.message}`);
  if (error.cause !== undefined) copy.cause = error.cause instanceof Error && depth < 4 ? redactedError(error.cause, depth + 1) : redactForLog(error.cause);
  return copy;
}

/**
 * Every argument of a log call with every string in it redacted (redact.ts), errors as redacted
 * fields. `req` and `res` are left to their serializers below, which keep only safe fields.
 */
export function redactLogArguments(args: unknown[]): unknown[] {
  if (args.length === 0) return args;
  let [first, ...rest] = args;
  if (first instanceof Error) first = { err: first };
  const text = (value: unknown) => (typeof value === 'string' ? redactSecrets(value) : redactForLog(value));
  if (first === null || typeof first !== 'object') return [text(first), ...rest.map(text)];
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(first)) {
    if (key === 'req' || key === 'res') fields[key] = value;
    else fields[redactSecrets(key)] = value instanceof Error ? redactedError(value) : redactForLog(value);
  }
  // An error logged on its own is said by its message.
  const err = fields.err as { message?: unknown } | undefined;
  if (rest.length === 0 && typeof err?.message === 'string') rest = [err.message];
  return [fields, ...rest.map(text)];
}

/** A request as logged: method and path. Never headers (cookies, Authorization), a body or the query (an OAuth code). */
function requestFields(req: { method?: string; url?: string; originalUrl?: string }): { method?: string; url: string } {
  // originalUrl: a router mounted on /api strips that from `url` while it handles the request.
  return { method: req.method, url: redactSecrets((req.originalUrl ?? req.url ?? '').split('?')[0]) };
}

/** The destination of readable lines: pino-pretty, writing synchronously in this thread (no transport worker to start). */
export async function prettyDestination(): Promise<DestinationStream> {
  const { default: pretty } = await import('pino-pretty');
  return pretty({
    sync: true,
    destination: 1,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,context,reqId,req,res,responseTime',
    // time, level, context, message; a warning or error during a request names the request.
    messageFormat: (log, messageKey) => {
      const context = typeof log.context === 'string' && log.context ? `[${log.context}] ` : '';
      const request = typeof log.reqId === 'string' && Number(log.level) >= 40 ? ` (request ${log.reqId})` : '';
      return `${context}${String(log[messageKey] ?? '')}${request}`;
    },
  });
}

/**
 * The server's pino logger: JSON lines (level by name, ISO time, pid) to standard output, or to
 * `destination` (readable lines, a test's capture). Every line's arguments pass through
 * redactLogArguments first; headers named like secrets are censored should anything log them.
 */
export function createRootLogger(log: LogSettings, destination?: DestinationStream): Pino {
  return pino(
    {
      level: log.level,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      // pino-pretty reads levels as numbers; JSON lines say them by name.
      formatters: log.format === 'json' ? { level: (label) => ({ level: label }) } : {},
      hooks: {
        logMethod(args, method) {
          method.apply(this, redactLogArguments(args) as Parameters<typeof method>);
        },
      },
      redact: { paths: ['headers.cookie', 'headers.authorization', '*.headers.cookie', '*.headers.authorization'], censor: '[redacted]' },
    },
    destination ?? pino.destination({ dest: 1, sync: true }),
  );
}

/** Requests whose line is kept for LOG_LEVEL=debug: the health check and the metrics scrape would flood the log. */
const QUIET_PATHS = new Set(['/api/health', '/api/metrics']);

/**
 * The first middleware: gives each request its id (answered in x-request-id on every answer), and
 * logs one line when it is answered: method, path, status and time, at error for a 5xx.
 */
export function requestLogging(root: Pino): (req: IncomingMessage, res: ServerResponse, next: () => void) => void {
  return pinoHttp({
    logger: root,
    quietReqLogger: true,
    genReqId: (req, res) => {
      const id = requestIdFor(req.headers[REQUEST_ID_HEADER]);
      res.setHeader(REQUEST_ID_HEADER, id);
      return id;
    },
    serializers: {
      req: requestFields,
      res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
    },
    customLogLevel: (req, res, err) => {
      if (err || res.statusCode >= 500) return 'error';
      return QUIET_PATHS.has(requestFields(req).url) ? 'debug' : 'info';
    },
    customSuccessMessage: (req, res, ms) => `${req.method} ${requestFields(req).url} ${res.statusCode} ${ms} ms`,
    customErrorMessage: (req, res) => `${req.method} ${requestFields(req).url} ${res.statusCode}`,
  });
}

/** Binds the request's logger for what handles it (after the body parser, whose callbacks lose the binding). */
export function bindRequestLogger(req: Request, _res: Response, next: NextFunction): void {
  if (req.log) requestLogs.run(req.log, next);
  else next();
}

/** The id of the request being answered (requestLogging gave it). */
export function requestIdOf(req: unknown): string | undefined {
  const id = (req as { id?: unknown } | undefined)?.id;
  return typeof id === 'string' ? id : undefined;
}

/** What a person at the terminal reads once the server listens: where it is, how to sign in, where its data is. */
export function startBanner(config: BannerSettings): string {
  const database =
    config.database.kind === 'postgres'
      ? 'PostgreSQL (DATABASE_URL)'
      : config.database.dataDir === null
        ? 'embedded, in memory (nothing is kept)'
        : `embedded, at ${config.database.dataDir}`;
  const signIn =
    config.authMode === 'local'
      ? [
          `Open ${config.appUrl} and press "Sign in with Local Operator".`,
          'Local sign-in: anyone who can reach this server signs in as the operator. It is for one machine only.',
        ]
      : [`Open ${config.appUrl} and press "Sign in with Google".`];
  return [
    '',
    `  Quire is listening on ${config.appUrl} (${config.host}:${config.port})`,
    ...signIn.map((line) => `  ${line}`),
    `  Database: ${database}`,
    `  Log: readable lines from ${config.log.level} (LOG_FORMAT=json for JSON lines, LOG_LEVEL=debug for more)`,
    '',
    '',
  ].join('\n');
}
