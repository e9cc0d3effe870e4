import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { APP_CONFIG } from '../config/config.module';
import { AppConfig } from '../config/config';
import { JobsService } from '../jobs/jobs.service';
import { EVALUATION_QUEUE } from '../jobs/queues';
import { EvaluationsService } from './evaluations.service';

const RECOVER_INTERVAL = 'evaluation-recovery';
/** How often evaluations whose process died (their lease expired), or that never reached the queue, are queued again. */
const RECOVER_MS = 30_000;

/** Workers on the durable evaluation queue (as many as generation's), and the sweep for orphaned evaluations. */
@Injectable()
export class EvaluationsRunner implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(EvaluationsRunner.name);

  constructor(
    private readonly evaluations: EvaluationsService,
    private readonly queue: JobsService,
    private readonly scheduler: SchedulerRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.runJobs) return;
    await this.queue.workers(EVALUATION_QUEUE, this.config.generationConcurrency, (id) => this.evaluations.run(id));
    this.scheduler.addInterval(
      RECOVER_INTERVAL,
      setInterval(() => void this.recover(), RECOVER_MS),
    );
    void this.recover();
  }

  private recover(): Promise<void> {
    return this.evaluations.recover().catch((error: Error) => this.logger.error(`Evaluation recovery failed: ${error.message}`));
  }

  /** Before the queue drains (beforeApplicationShutdown), so a running evaluation stops after its item instead of being awaited. */
  onModuleDestroy(): void {
    if (this.scheduler.doesExist('interval', RECOVER_INTERVAL)) this.scheduler.deleteInterval(RECOVER_INTERVAL);
    this.evaluations.stop();
  }
}
