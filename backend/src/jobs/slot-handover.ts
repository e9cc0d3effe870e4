import { Logger } from '@nestjs/common';

/**
 * Lets a queue worker's slot go to the next job before its own job has ended, for the part of a job
 * that waits on something the slots do not bound. (A generation slot bounds the articles OpenAI is
 * writing at once; delivering a written article waits on Notion's pace per secret, and holding the
 * slot meanwhile left OpenAI idle.) A job calls `handOver()` when that part starts; at most `limit`
 * jobs of a process go on outside their slots, and a job that finds no room keeps its slot to the
 * end, so the work held in a process stays bounded. Shutdown waits for them as for the workers.
 */
export class SlotHandover {
  private readonly outside = new Set<Promise<void>>();

  constructor(
    private readonly limit: number,
    private readonly logger: Logger,
  ) {}

  /** Jobs going on outside their slots now. */
  get size(): number {
    return this.outside.size;
  }

  /**
   * Runs `job`, which may call `handOver()` once its slot can go. Resolves (or rejects) when the job
   * ends, or as soon as it has handed its slot over; what it throws after that is logged.
   */
  run(job: (handOver: () => void) => Promise<void>): Promise<void> {
    return new Promise<void>((slotFree, failed) => {
      let handed = false;
      let resolveEnded!: () => void;
      const ended = new Promise<void>((resolve) => (resolveEnded = resolve));
      const handOver = () => {
        if (handed || this.outside.size >= this.limit) return;
        handed = true;
        this.outside.add(ended);
        slotFree();
      };
      job(handOver)
        .then(slotFree, (error: unknown) => {
          if (!handed) return failed(error);
          this.logger.error('A job failed after handing its slot over', error instanceof Error ? error.stack : String(error));
        })
        .finally(() => {
          this.outside.delete(ended);
          resolveEnded();
        });
    });
  }

  /** Waits for the jobs outside their slots to end, at most `timeoutMs` (their leases let another process finish the rest). */
  async drain(timeoutMs: number): Promise<void> {
    if (this.outside.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
    await Promise.race([Promise.all([...this.outside]), timeout]);
    clearTimeout(timer);
  }
}
