import { Inject, Injectable, Logger, OnApplicationBootstrap, BeforeApplicationShutdown } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { APP_CONFIG } from '../config/config.module';
import { AppConfig } from '../config/config';
import { JobsService } from '../jobs/jobs.service';
import { GENERATION_QUEUE, GenerationService } from './generation.service';

const POLL_INTERVAL = 'notion-poll';

/**
 * Wires the workflow to time and the queue: a poll every NOTION_POLL_SECONDS, and
 * GENERATION_CONCURRENCY workers on the durable generation queue.
 */
@Injectable()
export class GenerationRunner implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(GenerationRunner.name);
  private polling: Promise<void> | null = null;

  constructor(
    private readonly generation: GenerationService,
    private readonly queue: JobsService,
    private readonly scheduler: SchedulerRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.runJobs) return;
    // An article hands its slot over once OpenAI has written it: GENERATION_CONCURRENCY articles are written at once, and as many delivered beside them.
    await this.queue.workers(GENERATION_QUEUE, this.config.generationConcurrency, (jobId, handOver) => this.generation.run(jobId, handOver));
    this.scheduler.addInterval(
      POLL_INTERVAL,
      setInterval(() => void this.poll(), this.config.notionPollSeconds * 1000),
    );
    void this.poll();
  }

  /** A poll still running makes the next tick a no-op. */
  poll(): Promise<void> {
    this.polling ??= this.generation
      .pollAll()
      .catch((error: Error) => this.logger.error(`Notion poll failed: ${error.message}`))
      .finally(() => (this.polling = null));
    return this.polling;
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (this.scheduler.doesExist('interval', POLL_INTERVAL)) this.scheduler.deleteInterval(POLL_INTERVAL);
    await this.polling;
  }
}
