import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { APP_CONFIG } from '../config/config.module';
import { AppConfig } from '../config/config';
import { JobsService } from '../jobs/jobs.service';
import { PREVIEW_QUEUE, PreviewsService } from './previews.service';

const RECOVER_INTERVAL = 'preview-recovery';
/** How often previews whose process died (their lease expired), or that never reached the queue, are queued again. */
const RECOVER_MS = 30_000;

/** GENERATION_CONCURRENCY workers on the durable preview queue, and the sweep for orphaned previews. */
@Injectable()
export class PreviewsRunner implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(PreviewsRunner.name);

  constructor(
    private readonly previews: PreviewsService,
    private readonly queue: JobsService,
    private readonly scheduler: SchedulerRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.runJobs) return;
    // A preview starts where it was asked for, or its workers are woken: polling only finds another process's, or one tried again.
    await this.queue.workers(PREVIEW_QUEUE, this.config.generationConcurrency, (id) => this.previews.run(id));
    this.scheduler.addInterval(
      RECOVER_INTERVAL,
      setInterval(() => void this.recover(), RECOVER_MS),
    );
    void this.recover();
  }

  private recover(): Promise<void> {
    return this.previews.recover().catch((error: Error) => this.logger.error(`Preview recovery failed: ${error.message}`));
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (this.scheduler.doesExist('interval', RECOVER_INTERVAL)) this.scheduler.deleteInterval(RECOVER_INTERVAL);
    await this.previews.drain();
  }
}
