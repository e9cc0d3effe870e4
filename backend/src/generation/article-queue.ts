import { Injectable } from '@nestjs/common';
import { GENERATION_QUEUE } from '../common/queues';
import { JobsService } from '../jobs/jobs.service';
import { GenerationRepository } from './generation.repository';

/** How an article is handed to the queue of articles to write, whoever hands it: a claim, a retry, a batch's return, a budget's room. */
@Injectable()
export class ArticleQueue {
  constructor(
    private readonly jobs: GenerationRepository,
    private readonly queue: JobsService,
  ) {}

  /** Queues the article (which wakes this process's idle workers: it starts now, or after `startAfterSeconds`). */
  async enqueue(jobId: string, startAfterSeconds?: number): Promise<void> {
    await this.queue.send(GENERATION_QUEUE, { jobId }, { singletonKey: jobId, ...(startAfterSeconds ? { startAfter: startAfterSeconds } : {}) });
  }

  /**
   * The workspace's articles waiting for room in a budget try again (those that still do not fit
   * wait again): after a limit changes, and after an article ends, which may have spent less than
   * it held.
   */
  async startWaiting(workspaceId: string): Promise<void> {
    for (const id of await this.jobs.wakeBudgetWaiting(workspaceId)) await this.enqueue(id);
  }
}
