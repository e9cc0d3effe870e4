import { Logger as NestPinoLogger, PinoLogger } from 'nestjs-pino';
import type { Logger as Pino } from 'pino';
import { currentLogger } from './logging';
import { StartRefusal } from './start-refusal';

/** NestJS's own start-up chatter (modules, one line per route, "started"): kept for LOG_LEVEL=debug. */
const START_UP_CONTEXTS = new Set(['NestFactory', 'InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestApplication']);

/**
 * The app's logger: nestjs-pino's mapping of NestJS's logger calls onto pino, writing to `root` (or,
 * while a request is handled, to its logger, which binds the request's id). Every line is redacted
 * by the root logger (logging.ts) before it is written.
 */
export class AppLogger extends NestPinoLogger {
  constructor(readonly root: Pino) {
    const target = () => currentLogger(root);
    const levels = {
      trace: (...args: unknown[]) => target().trace(...(args as [string])),
      debug: (...args: unknown[]) => target().debug(...(args as [string])),
      info: (...args: unknown[]) => target().info(...(args as [string])),
      warn: (...args: unknown[]) => target().warn(...(args as [string])),
      error: (...args: unknown[]) => target().error(...(args as [string])),
      fatal: (...args: unknown[]) => target().fatal(...(args as [string])),
    };
    super(levels as unknown as PinoLogger, {});
  }

  log(message: unknown, ...rest: unknown[]): void {
    if (START_UP_CONTEXTS.has(rest[rest.length - 1] as string)) super.debug(message, ...rest);
    else super.log(message, ...rest);
  }

  /** A StartRefusal is said once, in one line, by main.ts. */
  error(message: unknown, ...rest: unknown[]): void {
    if (message instanceof StartRefusal) return;
    super.error(message, ...rest);
  }
}
