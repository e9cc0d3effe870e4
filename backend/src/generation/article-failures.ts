import { Injectable, Logger } from '@nestjs/common';
import { failureMessage } from '../common/job-failure';
import { NotionClient } from '../integrations/notion/notion.client';
import { Metrics } from '../metrics/metrics';
import { Scope } from '../workspaces/scope';
import { GenerationRepository } from './generation.repository';
import { GenerationJobRow } from './generation.schema';
import { NotionSettingsReader } from './notion-settings';

/**
 * Articles that fail: the workflow's own failures, and articles stopped from outside their writing
 * (bulk writing's cancel), which this is the narrow door for.
 */
@Injectable()
export class ArticleFailures {
  private readonly logger = new Logger(ArticleFailures.name);

  constructor(
    private readonly jobs: GenerationRepository,
    private readonly settings: NotionSettingsReader,
    private readonly notion: NotionClient,
    private readonly metrics: Metrics,
  ) {}

  /** Every article that fails ends here: recorded with its reason, and counted. */
  async fail(jobId: string, message: string): Promise<void> {
    await this.jobs.fail(jobId, message);
    this.metrics.article('failed');
  }

  /** Each of the articles still queued or running fails with `message`; answers those it failed. */
  async failOpen(jobIds: string[], message: string): Promise<GenerationJobRow[]> {
    const failed: GenerationJobRow[] = [];
    for (const id of jobIds) {
      const job = await this.jobs.find(id);
      if (!job || (job.status !== 'queued' && job.status !== 'running')) continue;
      await this.fail(id, message);
      failed.push(job);
    }
    return failed;
  }

  /** The failed articles' rows show the error status in Notion; a row Notion refuses is logged, not thrown. */
  async showError(scope: Scope, failed: GenerationJobRow[]): Promise<void> {
    const settings = failed.length > 0 ? await this.settings.read(scope).catch(() => null) : null;
    for (const job of settings ? failed : []) {
      await this.notion
        .setStatus(settings!.secret, job.notionPageId, settings!.status, settings!.statusConfig.values.error)
        .catch((e: unknown) => this.logger.warn(`Could not set the error status: ${failureMessage(e)}`));
    }
  }
}
