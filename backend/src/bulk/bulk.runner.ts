import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { APP_CONFIG } from '../config/config.module';
import { AppConfig } from '../config/config';
import { Repeating } from '../jobs/repeating';
import { BulkService } from './bulk.service';

/** Bulk writing's pass every BULK_POLL_MS (60 s): waiting sections into batch files, batches in flight read, results taken. */
@Injectable()
export class BulkRunner implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(BulkRunner.name);
  private readonly tick: Repeating;

  constructor(
    private readonly bulk: BulkService,
    scheduler: SchedulerRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.tick = new Repeating(
      scheduler,
      'bulk-batches',
      config.bulkPollMs,
      () => this.bulk.pass(),
      (error) => this.logger.error(`Bulk pass failed: ${error.message}`),
    );
  }

  onApplicationBootstrap(): void {
    if (this.config.runJobs) this.tick.start({ now: true });
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.tick.stop();
  }
}
