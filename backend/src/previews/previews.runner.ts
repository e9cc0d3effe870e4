import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { APP_CONFIG } from '../config/config.module';
import { AppConfig } from '../config/config';
import { JobsService } from '../jobs/jobs.service';
import { Repeating } from '../jobs/repeating';
import { PREVIEW_QUEUE, PreviewsService } from './previews.service';

/** How often previews whose process died (their lease expired), or that never reached the queue, are queued again. */
const RECOVER_MS = 30_000;

/** GENERATION_CONCURRENCY workers on the durable preview queue, and the sweep for orphaned previews. */
@Injectable()
export class PreviewsRunner implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(PreviewsRunner.name);
  private readonly recovery: Repeating;

  constructor(
    private readonly previews: PreviewsService,
    private readonly queue: JobsService,
    scheduler: SchedulerRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.recovery = new Repeating(
      scheduler,
      'preview-recovery',
      RECOVER_MS,
      () => this.previews.recover(),
      (error) => this.logger.error(`Preview recovery failed: ${error.message}`),
    );
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.runJobs) return;
    // A preview starts where it was asked for (sending it wakes this process's workers): polling only finds another process's, or one tried again.
    await this.queue.workers(PREVIEW_QUEUE, this.config.generationConcurrency, (id) => this.previews.run(id));
    this.recovery.start({ now: true });
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.recovery.stop();
    await this.previews.drain();
  }
}
