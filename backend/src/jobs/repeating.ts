import type { SchedulerRegistry } from '@nestjs/schedule';

/**
 * A background pass run every `everyMs` (a Notion check, a recovery sweep, following fine-tune
 * jobs), registered under `name` in Nest's scheduler. A pass still running makes the next tick a
 * no-op; a failure goes to `onError` and the next tick runs as usual; `stop` ends the ticks and
 * waits for the pass in progress. Every declared `@RepeatingPass` (job-declarations.ts) is one of these.
 */
export class Repeating {
  private running: Promise<void> | null = null;

  constructor(
    private readonly scheduler: SchedulerRegistry,
    private readonly name: string,
    private readonly everyMs: number,
    private readonly pass: () => Promise<void>,
    private readonly onError: (error: Error) => void,
  ) {}

  /** Ticks from now on; `now` runs the first pass at once instead of after the first interval. */
  start({ now }: { now: boolean }): void {
    this.scheduler.addInterval(
      this.name,
      setInterval(() => void this.run(), this.everyMs),
    );
    if (now) void this.run();
  }

  /** One pass now, or the one already running. */
  run(): Promise<void> {
    this.running ??= this.pass()
      .catch((error: unknown) => this.onError(error instanceof Error ? error : new Error(String(error))))
      .finally(() => (this.running = null));
    return this.running;
  }

  async stop(): Promise<void> {
    if (this.scheduler.doesExist('interval', this.name)) this.scheduler.deleteInterval(this.name);
    await this.running;
  }
}
