import { HttpException, Inject, Injectable, Logger } from '@nestjs/common';
import { JobsService } from '../jobs/jobs.service';
import { NotionClient, StatusProperty } from '../integrations/notion/notion.client';
import { pageProperties, pageTitle } from '../integrations/notion/properties';
import { UsersRepository } from '../users/users.repository';
import { UsersService } from '../users/users.service';
import { DEFAULT_STATUS_CONFIG } from '../users/users.dto';
import { ArticleWriter, GenerationError } from './article-writer';
import { GenerationRepository } from './generation.repository';
import { UnknownPlaceholderError } from './placeholders';

export const GENERATION_QUEUE = 'generation';
/** A worker holds a job this long without a sign of life before another may take it over. */
export const LEASE_MS = 60_000;
const HEARTBEAT_MS = 15_000;

export interface PollReport {
  at: string;
  found: number;
  claimed: number;
  problem: string | null;
}

/** The generation workflow: find rows to write, claim each once, and write them as durable jobs. */
@Injectable()
export class GenerationService {
  private readonly logger = new Logger(GenerationService.name);
  private readonly reports = new Map<string, PollReport>();

  constructor(
    private readonly jobs: GenerationRepository,
    private readonly queue: JobsService,
    private readonly users: UsersService,
    private readonly userRows: UsersRepository,
    private readonly notion: NotionClient,
    private readonly writer: ArticleWriter,
  ) {}

  lastReport(userId: string): PollReport | null {
    return this.reports.get(userId) ?? null;
  }

  /** One pass over every user with Notion settings, then a sweep for jobs whose worker is gone. */
  async pollAll(): Promise<void> {
    for (const user of await this.userRows.withNotionSettings()) await this.poll(user.id);
    await this.recover();
  }

  /**
   * Claims every row whose status is the start value: the claim (a unique open job per page) comes
   * first, so two processes never both take a page; then the status becomes "in progress" and the
   * job is queued. Missing settings are reported (log and Home), not thrown.
   */
  async poll(userId: string): Promise<PollReport> {
    const report: PollReport = { at: new Date().toISOString(), found: 0, claimed: 0, problem: null };
    try {
      const settings = await this.settings(userId, true);
      const pages = await this.notion.pagesWithStatus(settings.secret, settings.dataSourceId, settings.status, settings.statusConfig.values.start);
      report.found = pages.length;
      for (const page of pages) {
        const job = await this.jobs.claim({ userId, notionPageId: page.id, notionPageUrl: page.url, title: pageTitle(page), pageProperties: pageProperties(page) });
        if (!job) continue;
        report.claimed++;
        try {
          await this.notion.setStatus(settings.secret, page.id, settings.status, settings.statusConfig.values.inProgress);
        } catch (error) {
          await this.jobs.fail(job.id, (error as Error).message);
          continue;
        }
        await this.enqueue(job.id);
      }
    } catch (error) {
      report.problem = error instanceof HttpException || error instanceof GenerationError ? error.message : `Checking Notion failed: ${(error as Error).message}`;
      this.logger.warn(`Notion poll for user ${userId}: ${report.problem}`);
    }
    this.reports.set(userId, report);
    return report;
  }

  async enqueue(jobId: string): Promise<void> {
    await this.queue.send(GENERATION_QUEUE, { jobId }, { singletonKey: jobId });
  }

  /** Jobs left running by a stopped process, or claimed but never queued, go back to the queue. */
  async recover(): Promise<void> {
    for (const id of await this.jobs.orphaned()) await this.enqueue(id);
  }

  /** Runs one queued job to its end; a failure is recorded on the job and on the Notion page. */
  async run(jobId: string): Promise<void> {
    const job = await this.jobs.start(jobId, LEASE_MS);
    if (!job) return;
    const heartbeat = setInterval(() => void this.jobs.renewLease(job.id, LEASE_MS).catch(() => undefined), HEARTBEAT_MS);
    let settings: Awaited<ReturnType<GenerationService['settings']>> | null = null;
    try {
      settings = await this.settings(job.userId);
      const openAiKey = await this.users.getSecret(job.userId, 'OPENAI_API_KEY');
      if (!openAiKey) throw new GenerationError('No OpenAI API key is saved: add it in OpenAI Settings on Home.');
      await this.writer.write({
        job,
        notionSecret: settings.secret,
        openAiKey,
        statusConfig: settings.statusConfig,
        status: settings.status,
        renewLease: () => this.jobs.renewLease(job.id, LEASE_MS),
      });
      this.logger.log(`Wrote "${job.title}" (${job.id})`);
    } catch (error) {
      const message = error instanceof HttpException || error instanceof GenerationError || error instanceof UnknownPlaceholderError ? error.message : `Unexpected error: ${(error as Error).message}`;
      this.logger.warn(`Job ${job.id} ("${job.title}") failed: ${message}`);
      if (settings) {
        await this.notion
          .setStatus(settings.secret, job.notionPageId, settings.status, settings.statusConfig.values.error)
          .catch((e: Error) => this.logger.warn(`Could not set the error status: ${e.message}`));
      }
      await this.jobs.fail(job.id, message);
    } finally {
      clearInterval(heartbeat);
    }
  }

  /** The user's Notion secret, data source and status property, or a message saying what is missing. */
  private async settings(userId: string, fresh = false): Promise<{ secret: string; dataSourceId: string; status: StatusProperty; statusConfig: typeof DEFAULT_STATUS_CONFIG }> {
    const secret = await this.users.getSecret(userId, 'NOTION_SECRET');
    const databaseId = await this.users.getSecret(userId, 'DATABASE_ID');
    if (!secret || !databaseId) throw new GenerationError('Notion is not set up: save the Notion secret and database id in Notion Settings on Home.');
    const { statusConfig } = await this.users.getStatusConfig(userId);
    const dataSourceId = await this.notion.dataSourceId(secret, databaseId);
    const status = await this.notion.statusProperty(secret, dataSourceId, statusConfig.propertyName, fresh);
    if (!status) throw new GenerationError(`The Notion database has no status or select property named "${statusConfig.propertyName}" (set in Notion Settings on Home).`);
    return { secret, dataSourceId, status, statusConfig };
  }

  /** Home's "Test connection" for Notion: reachable, and the status property offers the four values. */
  async testNotion(userId: string): Promise<{ ok: boolean; message: string }> {
    try {
      const { status, statusConfig } = await this.settings(userId, true);
      const missing = Object.values(statusConfig.values).filter((value) => !status.options.includes(value));
      if (missing.length > 0) return { ok: false, message: `The property "${status.name}" has no option ${missing.map((m) => `"${m}"`).join(', ')}; add them in Notion.` };
      return { ok: true, message: `Connected: "${status.name}" offers all four status values.` };
    } catch (error) {
      return { ok: false, message: (error as Error).message };
    }
  }
}
