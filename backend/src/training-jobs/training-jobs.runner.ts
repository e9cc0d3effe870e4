import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { APP_CONFIG } from '../config/config.module';
import { AppConfig } from '../config/config';
import { JobsService } from '../jobs/jobs.service';
import { LEASE_MS } from '../jobs/leased-job';
import { Repeating } from '../jobs/repeating';
import { TRAINING_QUEUE, TrainingCollectionService } from './training-collection.service';

/** Training jobs crawled at once per process; each is polite to its own host. */
const TRAINING_CONCURRENCY = 2;

/** Wires training jobs to the durable queue, and sweeps for jobs a stopped process left behind. */
@Injectable()
export class TrainingJobsRunner implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(TrainingJobsRunner.name);
  private readonly recovery: Repeating;

  constructor(
    private readonly collection: TrainingCollectionService,
    private readonly queue: JobsService,
    scheduler: SchedulerRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.recovery = new Repeating(
      scheduler,
      'training-recover',
      LEASE_MS / 2,
      () => this.collection.recover(),
      (error) => this.logger.error(`Training recovery failed: ${error.message}`),
    );
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.runJobs) return;
    await this.queue.workers(TRAINING_QUEUE, TRAINING_CONCURRENCY, (jobId) => this.collection.run(jobId));
    this.recovery.start({ now: true });
  }

  /** Before the queue drains (beforeApplicationShutdown), so running crawls stop instead of being awaited. */
  async onModuleDestroy(): Promise<void> {
    const stopped = this.recovery.stop();
    this.collection.stop();
    await stopped;
  }
}
