import { Inject, Injectable, Logger, OnApplicationBootstrap, BeforeApplicationShutdown } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { APP_CONFIG } from '../config/config.module';
import { AppConfig } from '../config/config';
import { JobsService } from '../jobs/jobs.service';
import { Repeating } from '../jobs/repeating';
import { GENERATION_QUEUE, GenerationService, NotionEventJob } from './generation.service';
import { NOTION_EVENT_QUEUE } from '../jobs/queues';

/**
 * Wires the workflow to time and the queue: a check of Notion every NOTION_POLL_SECONDS (a
 * workspace whose webhook is live: every 10 minutes), GENERATION_CONCURRENCY workers on the durable
 * generation queue, and a worker for Notion's webhook events.
 */
@Injectable()
export class GenerationRunner implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(GenerationRunner.name);
  private readonly check: Repeating;

  constructor(
    private readonly generation: GenerationService,
    private readonly queue: JobsService,
    scheduler: SchedulerRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.check = new Repeating(
      scheduler,
      'notion-poll',
      config.notionPollSeconds * 1000,
      () => this.generation.pollAll(),
      (error) => this.logger.error(`Notion poll failed: ${error.message}`),
    );
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.runJobs) return;
    // An article hands its slot over once OpenAI has written it: GENERATION_CONCURRENCY articles are written at once, and as many delivered beside them.
    await this.queue.workers(GENERATION_QUEUE, this.config.generationConcurrency, (jobId, handOver) => this.generation.run(jobId, handOver));
    // Notion webhook events: each page read again and claimed if it should start (issue 29).
    await this.queue.work<NotionEventJob>(NOTION_EVENT_QUEUE, (event) => this.generation.onNotionEvent(event));
    this.check.start({ now: true });
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.check.stop();
  }
}
