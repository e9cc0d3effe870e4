import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { APP_CONFIG } from '../config/config.module';
import { AppConfig } from '../config/config';
import { JobsService } from '../jobs/jobs.service';
import { LEASE_MS } from '../jobs/leased-job';
import { TRAINING_QUEUE, TrainingCollectionService } from './training-collection.service';

const RECOVER_INTERVAL = 'training-recover';
/** Training jobs crawled at once per process; each is polite to its own host. */
const TRAINING_CONCURRENCY = 2;

/** Wires training jobs to the durable queue, and sweeps for jobs a stopped process left behind. */
@Injectable()
export class TrainingJobsRunner implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(TrainingJobsRunner.name);

  constructor(
    private readonly collection: TrainingCollectionService,
    private readonly queue: JobsService,
    private readonly scheduler: SchedulerRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.runJobs) return;
    await this.queue.workers(TRAINING_QUEUE, TRAINING_CONCURRENCY, (jobId) => this.collection.run(jobId));
    const sweep = () => void this.collection.recover().catch((error: Error) => this.logger.error(`Training recovery failed: ${error.message}`));
    this.scheduler.addInterval(RECOVER_INTERVAL, setInterval(sweep, LEASE_MS / 2));
    sweep();
  }

  /** Before the queue drains (beforeApplicationShutdown), so running crawls stop instead of being awaited. */
  onModuleDestroy(): void {
    if (this.scheduler.doesExist('interval', RECOVER_INTERVAL)) this.scheduler.deleteInterval(RECOVER_INTERVAL);
    this.collection.stop();
  }
}
