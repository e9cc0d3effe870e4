import { ConsoleLogger, LogLevel } from '@nestjs/common';
import { redactForLog, redactSecrets } from './redact';
import { StartRefusal } from './start-refusal';

/** NestJS's console logger with every message and stack redacted (see redact.ts) before it is written. */
export class AppLogger extends ConsoleLogger {
  /** A StartRefusal is said once, in one line, by main.ts. */
  error(message: unknown, ...rest: unknown[]): void {
    if (message instanceof StartRefusal) return;
    super.error(message, ...rest);
  }

  protected printMessages(messages: unknown[], context?: string, logLevel?: LogLevel, writeStreamType?: 'stdout' | 'stderr', errorStack?: unknown): void {
    super.printMessages(messages.map(redactForLog), context, logLevel, writeStreamType, redactForLog(errorStack));
  }

  protected printStackTrace(stack: string): void {
    super.printStackTrace(stack ? redactSecrets(stack) : stack);
  }
}
