import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { APP_CONFIG } from '../config/config.module';
import { AppConfig } from '../config/config';
import { JobsService } from '../jobs/jobs.service';
import { EVALUATION_QUEUE } from '../jobs/queues';
import { Repeating } from '../jobs/repeating';
import { EvaluationsService } from './evaluations.service';

/** How often evaluations whose process died (their lease expired), or that never reached the queue, are queued again. */
const RECOVER_MS = 30_000;

/** Workers on the durable evaluation queue (as many as generation's), and the sweep for orphaned evaluations. */
@Injectable()
export class EvaluationsRunner implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(EvaluationsRunner.name);
  private readonly recovery: Repeating;

  constructor(
    private readonly evaluations: EvaluationsService,
    private readonly queue: JobsService,
    scheduler: SchedulerRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.recovery = new Repeating(
      scheduler,
      'evaluation-recovery',
      RECOVER_MS,
      () => this.evaluations.recover(),
      (error) => this.logger.error(`Evaluation recovery failed: ${error.message}`),
    );
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.runJobs) return;
    await this.queue.workers(EVALUATION_QUEUE, this.config.generationConcurrency, (id) => this.evaluations.run(id));
    this.recovery.start({ now: true });
  }

  /** Before the queue drains (beforeApplicationShutdown), so a running evaluation stops after its item instead of being awaited. */
  async onModuleDestroy(): Promise<void> {
    const stopped = this.recovery.stop();
    this.evaluations.stop();
    await stopped;
  }
}
