import { Scope, scopeOf, workspaceScope } from '../workspaces/scope';
import { ConflictException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { isTransient } from '../common/integration-error';
import { APP_CONFIG } from '../config/config.module';
import { AppConfig } from '../config/config';
import { failureMessage, isForPeople } from '../common/job-failure';
import { storableMessage } from '../common/storable-text';
import { JobsService } from '../jobs/jobs.service';
import { recoverOrphans, withLease } from '../jobs/leased-job';
import { DataSource, NotionClient, NotionPage, StatusProperty } from '../integrations/notion/notion.client';
import { pageProperties, pageTitle, PropertyReader } from '../integrations/notion/properties';
import { WorkspacesRepository } from '../workspaces/workspaces.repository';
import { UsersService } from '../users/users.service';
import { DEFAULT_STATUS_CONFIG } from '../users/users.dto';
import { ArticleWriter, GenerationError, NotionTarget } from './article-writer';
import { GenerationRepository } from './generation.repository';
import { GenerationJobRow } from './generation.schema';
import { GENERATION_QUEUE } from '../jobs/queues';
import { Metrics } from '../metrics/metrics';
import { BulkService, CANCELLED_MESSAGE } from '../bulk/bulk.service';

export { GENERATION_QUEUE };

/**
 * A job that meets a passing fault (after each call's own retries) is tried again later, this
 * many times in all, waiting GENERATION_RETRY_SECONDS (30 s) and twice as long each time after;
 * then it fails with the fault's message.
 */
export const JOB_ATTEMPTS = 6;

interface SavedSettings {
  secret: string;
  databaseId: string;
  statusConfig: typeof DEFAULT_STATUS_CONFIG;
}

interface NotionSettings extends NotionTarget {
  dataSourceId: string;
  dataSource: DataSource;
}

/** While a workspace's webhook is verified and delivered within this long, it is live. */
const WEBHOOK_LIVE_MS = 60 * 60 * 1000;
/** How long a webhook event's id is kept against Notion's retries and duplicates (Notion retries for about a day). */
const WEBHOOK_EVENTS_KEPT_MS = 7 * 24 * 60 * 60 * 1000;
/** How often a workspace whose webhook is live is polled: the safety net. */
export const WEBHOOK_SAFETY_POLL_MS = 10 * 60 * 1000;

/** What the webhook hands the queue: the page an event named, and the properties it says changed. */
export interface NotionEventJob {
  workspaceId: string;
  pageId: string;
  /** `page.properties_updated`'s property ids; absent for a new page. */
  updatedProperties?: string[];
}

/** Notion ids with or without dashes, in any case. */
const sameNotionId = (a: string | undefined, b: string) => a !== undefined && a.replace(/-/g, '').toLowerCase() === b.replace(/-/g, '').toLowerCase();

/** The name of the page's status (or select) value; null when it has none. */
function statusValue(page: NotionPage, status: StatusProperty): string | null {
  const property = page.properties?.[status.name];
  return property?.[status.type]?.name ?? null;
}

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
  /** When this process last polled each workspace. */
  private readonly lastPolled = new Map<string, number>();
  /** When this process last forgot old webhook event ids. */
  private eventsForgotten = 0;

  constructor(
    private readonly jobs: GenerationRepository,
    private readonly queue: JobsService,
    private readonly users: UsersService,
    private readonly workspaceRows: WorkspacesRepository,
    private readonly notion: NotionClient,
    private readonly writer: ArticleWriter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: Metrics,
    private readonly bulk: BulkService,
  ) {}

  /** Every article that fails ends here: recorded with its reason, and counted. */
  private async failJob(jobId: string, message: string): Promise<void> {
    await this.jobs.fail(jobId, message);
    this.metrics.article('failed');
  }

  lastReport(scope: Scope): PollReport | null {
    return this.reports.get(scope.workspaceId) ?? null;
  }

  /**
   * One pass over every workspace with Notion settings (once each, however many members), then a
   * sweep for jobs whose worker is gone. A workspace whose Notion webhook is verified and has
   * delivered within the hour is polled only every WEBHOOK_SAFETY_POLL_MS (10 minutes), as the
   * safety net: its rows start from the webhook's events.
   */
  async pollAll(now = Date.now()): Promise<void> {
    for (const workspace of await this.workspaceRows.withNotionSettings()) {
      const webhookLive = workspace.notionWebhookVerifiedAt !== null && (workspace.notionWebhookDeliveredAt?.getTime() ?? 0) > now - WEBHOOK_LIVE_MS;
      const last = this.lastPolled.get(workspace.id) ?? 0;
      if (webhookLive && now - last < WEBHOOK_SAFETY_POLL_MS) continue;
      this.lastPolled.set(workspace.id, now);
      await this.poll(workspaceScope(workspace.id));
    }
    if (now - this.eventsForgotten > WEBHOOK_LIVE_MS) {
      this.eventsForgotten = now;
      await this.workspaceRows.forgetWebhookEvents(new Date(now - WEBHOOK_EVENTS_KEPT_MS));
    }
    await this.recover();
  }

  /**
   * Claims every row whose status is the start value: the claim (a unique open job per page) comes
   * first, so two processes never both take a page; then the status becomes "in progress" and the
   * job is queued. Missing settings are reported (log and Home), not thrown.
   */
  async poll(scope: Scope): Promise<PollReport> {
    const report: PollReport = { at: new Date().toISOString(), found: 0, claimed: 0, problem: null };
    try {
      const settings = await this.settings(scope, true);
      const pages = await this.notion.pagesWithStatus(settings.secret, settings.dataSourceId, settings.status, settings.statusConfig.values.start);
      report.found = pages.length;
      const reader = this.notion.propertyReader(settings.secret);
      for (const page of pages) if (await this.claimPage(scope, settings, page, reader)) report.claimed++;
      await this.settleInProgress(scope, settings);
    } catch (error) {
      report.problem = isForPeople(error) ? storableMessage(error.message) : `Checking Notion failed: ${failureMessage(error)}`;
      this.logger.warn(`Notion poll for workspace ${scope.workspaceId}: ${report.problem}`);
      if (!isForPeople(error)) this.logger.error(error);
    }
    this.reports.set(scope.workspaceId, report);
    return report;
  }

  /**
   * The one way a row starts, from a poll or a webhook event: the claim (a unique open job per
   * page) first, so a poll, an event and its retries never start a page twice; then the status
   * becomes "in progress" and the job is queued. False when the page is already claimed.
   */
  private async claimPage(scope: Scope, settings: NotionSettings, page: NotionPage, reader: PropertyReader): Promise<boolean> {
    const job = await this.jobs.claim({
      scope,
      notionPageId: page.id,
      notionPageUrl: page.url,
      title: pageTitle(page),
      pageProperties: await pageProperties(page, reader),
    });
    if (!job) return false;
    try {
      await this.notion.setStatus(settings.secret, page.id, settings.status, settings.statusConfig.values.inProgress);
    } catch (error) {
      await this.failJob(job.id, failureMessage(error));
      return true;
    }
    await this.enqueue(job.id);
    return true;
  }

  /**
   * A Notion webhook event about a page (issue 29): events carry no values, so the page is read
   * again, and claimed only if it is a row of the workspace's data source, not in the trash, whose
   * status is really the start value now. An update that did not touch the status property is not read at all.
   */
  async onNotionEvent(event: NotionEventJob): Promise<void> {
    const scope = workspaceScope(event.workspaceId);
    let settings: NotionSettings;
    try {
      settings = await this.settings(scope);
    } catch (error) {
      if (isForPeople(error)) return;
      throw error;
    }
    if (event.updatedProperties && settings.status.id && !event.updatedProperties.includes(settings.status.id)) return;
    const page = await this.notion.page(settings.secret, event.pageId);
    // A page in the trash is no row to write, as the poll's query never lists one.
    if (page.in_trash === true) return;
    if (!sameNotionId(page.parent?.data_source_id, settings.dataSourceId)) return;
    if (statusValue(page, settings.status) !== settings.statusConfig.values.start) return;
    await this.claimPage(scope, settings, page, this.notion.propertyReader(settings.secret));
  }

  /**
   * No row stays "in progress" without a live job: a row whose job ended (its final status write
   * never landed) gets that job's outcome; a row no job of this Quire knows (a crash between the
   * claim and its record, a database restored from backup) is marked as failed, with the reason
   * in a History entry, so the operator can set it back to start.
   */
  private async settleInProgress(scope: Scope, settings: NotionSettings): Promise<void> {
    const { secret, dataSourceId, status, statusConfig } = settings;
    for (const page of await this.notion.pagesWithStatus(secret, dataSourceId, status, statusConfig.values.inProgress)) {
      const job = await this.jobs.latestForPage(page.id);
      if (job && job.workspaceId !== scope.workspaceId) continue;
      if (job?.status === 'queued' || job?.status === 'running') continue;
      if (job) {
        const value = job.status === 'completed' ? statusConfig.values.complete : statusConfig.values.error;
        await this.notion.setStatus(secret, page.id, status, value);
        this.logger.warn(`Page ${page.id} was left "${statusConfig.values.inProgress}" after job ${job.id} ended; set it to "${value}"`);
        continue;
      }
      // Its properties are not read: the job only records why the row was stopped.
      const orphan = await this.jobs.claim({ scope, notionPageId: page.id, notionPageUrl: page.url, title: pageTitle(page), pageProperties: {} });
      if (!orphan) continue;
      await this.failJob(
        orphan.id,
        `The page was "${statusConfig.values.inProgress}" but Quire had no job writing it; set its status back to "${statusConfig.values.start}" to write it.`,
      );
      await this.notion.setStatus(secret, page.id, status, statusConfig.values.error);
    }
  }

  /**
   * History's Retry: a failed article is taken up again as if its row had been set back to start
   * (GenerationRepository.reopen, the one rule): same job, its written sections reused, the page
   * back to in progress. Anything else is a 409 saying why.
   */
  async retry(scope: Scope, jobId: string): Promise<GenerationJobRow> {
    const job = await this.jobs.find(jobId);
    if (!job || job.workspaceId !== scope.workspaceId) throw new NotFoundException('History entry not found.');
    if (job.status !== 'failed') throw new ConflictException(`Only a failed article can be retried; this one is ${job.status}.`);
    let settings: NotionSettings;
    try {
      settings = await this.settings(scope);
    } catch (error) {
      if (error instanceof GenerationError) throw new ConflictException(error.message);
      throw error;
    }
    const reopened = await this.jobs.reopen(scope, job.notionPageId, job.id);
    if (!reopened) {
      const now = await this.jobs.find(jobId);
      throw new ConflictException(
        now?.status !== 'failed'
          ? `Only a failed article can be retried; this one is ${now?.status ?? 'gone'}.`
          : 'Quire has written this page again since this article failed: retry the newest entry of the page, or set its row back to start in Notion.',
      );
    }
    try {
      await this.notion.setStatus(settings.secret, job.notionPageId, settings.status, settings.statusConfig.values.inProgress);
    } catch (error) {
      await this.failJob(job.id, failureMessage(error));
      throw error;
    }
    await this.enqueue(job.id);
    return reopened;
  }

  /**
   * "Cancel bulk" (issue 30): the workspace's batches are cancelled at OpenAI and every article
   * waiting on them fails with the cancel message and the error status in Notion; what OpenAI
   * wrote before is kept, so Retry writes only the rest.
   */
  async cancelBulk(scope: Scope): Promise<{ articles: number; batches: number; message: string }> {
    // The articles fail first, so a batch that ends meanwhile wakes none of them.
    const failed: GenerationJobRow[] = [];
    for (const id of await this.bulk.waitingArticles(scope)) {
      const job = await this.jobs.find(id);
      if (!job || (job.status !== 'queued' && job.status !== 'running')) continue;
      await this.failJob(id, CANCELLED_MESSAGE);
      failed.push(job);
    }
    const batches = await this.bulk.cancel(scope);
    const settings = failed.length > 0 ? await this.settings(scope).catch(() => null) : null;
    for (const job of settings ? failed : []) {
      await this.notion
        .setStatus(settings!.secret, job.notionPageId, settings!.status, settings!.statusConfig.values.error)
        .catch((e: unknown) => this.logger.warn(`Could not set the error status: ${failureMessage(e)}`));
    }
    const stopped = failed.length === 1 ? '1 article stopped' : `${failed.length} articles stopped`;
    return { articles: failed.length, batches, message: `Bulk writing cancelled: ${stopped}; the sections already written are kept.` };
  }

  /** Queues the job (which wakes this process's idle workers: it starts now). */
  async enqueue(jobId: string): Promise<void> {
    await this.queue.send(GENERATION_QUEUE, { jobId }, { singletonKey: jobId });
  }

  /** Jobs left running by a stopped process, or claimed but never queued, go back to the queue. */
  recover(): Promise<void> {
    return recoverOrphans(this.jobs, (id) => this.enqueue(id));
  }

  /**
   * Runs one queued job to its end; a failure is recorded on the job and on the Notion page. Once
   * the sections are written it calls `handOver`: delivering them (Notion, Drive) waits on those
   * vendors' pace rather than OpenAI's, so the worker's slot goes to the next article meanwhile.
   */
  run(jobId: string, handOver: () => void = () => undefined): Promise<void> {
    return withLease(this.jobs, jobId, (job) => this.write(job, handOver));
  }

  private async write(job: GenerationJobRow, sectionsWritten: () => void): Promise<void> {
    let notion: Promise<NotionSettings> | null = null;
    try {
      const { openAiKey, ...saved } = await this.savedSettings(scopeOf(job));
      // The data source and status property (two paced Notion reads where this process has not read them
      // this minute) are needed only to deliver: they are read beside the writing, which stops if they are refused.
      notion = this.resolveSettings(saved);
      notion.catch(() => undefined);
      if (!openAiKey) {
        await notion;
        throw new GenerationError('No OpenAI API key is saved: add it in OpenAI Settings on Home.');
      }
      const outcome = await this.writer.write({ job, openAiKey, notion, sectionsWritten });
      this.logger.log(outcome === 'written' ? `Wrote "${job.title}" (${job.id})` : `"${job.title}" (${job.id}) waits for its batch`);
    } catch (error) {
      const message = failureMessage(error);
      if (isTransient(error) && job.attempts < JOB_ATTEMPTS && (await this.retryLater(job, message))) return;
      this.logger.warn(`Job ${job.id} ("${job.title}") failed: ${message}`);
      if (!isForPeople(error)) this.logger.error(error);
      const settings = await notion?.catch(() => null);
      if (settings) {
        await this.notion
          .setStatus(settings.secret, job.notionPageId, settings.status, settings.statusConfig.values.error)
          .catch((e: unknown) => this.logger.warn(`Could not set the error status: ${failureMessage(e)}`));
      }
      await this.failJob(job.id, message);
    }
  }

  /**
   * Hands the job back to the queue for a later attempt (the page stays in progress, its written
   * sections and appended blocks are kept). False if it could not be handed back.
   */
  private async retryLater(job: GenerationJobRow, message: string): Promise<boolean> {
    const delayMs = this.config.generationRetrySeconds * 1000 * 2 ** (job.attempts - 1);
    try {
      await this.jobs.retryLater(job.id, new Date(Date.now() + delayMs), `${message} Trying again in ${Math.round(delayMs / 1000)} s.`);
      await this.queue.send(GENERATION_QUEUE, { jobId: job.id }, { singletonKey: job.id, startAfter: Math.ceil(delayMs / 1000) });
      this.logger.warn(`Job ${job.id} ("${job.title}") met a passing fault, trying again in ${Math.round(delayMs / 1000)} s: ${message}`);
      return true;
    } catch (error) {
      this.logger.error(error);
      return false;
    }
  }

  /** The user's Notion secret, data source and status property, or a message saying what is missing. */
  private async settings(scope: Scope, fresh = false): Promise<NotionSettings> {
    return this.resolveSettings(await this.savedSettings(scope), fresh);
  }

  /**
   * What the user saved, from one read: the Notion secret, the database id and the status names (no
   * Notion call) or a message saying what is missing, and the OpenAI key (null when unset).
   */
  private async savedSettings(scope: Scope): Promise<SavedSettings & { openAiKey: string | null }> {
    const { secrets, statusConfig } = await this.users.getSecrets(scope.workspaceId, ['NOTION_SECRET', 'DATABASE_ID', 'OPENAI_API_KEY']);
    const { NOTION_SECRET: secret, DATABASE_ID: databaseId, OPENAI_API_KEY: openAiKey } = secrets;
    if (!secret || !databaseId) throw new GenerationError('Notion is not set up: save the Notion secret and database id in Notion Settings on Home.');
    return { secret, databaseId, statusConfig, openAiKey };
  }

  /** The database's data source and status property (kept by NotionClient for a minute, or read now when `fresh`). */
  private async resolveSettings({ secret, databaseId, statusConfig }: SavedSettings, fresh = false): Promise<NotionSettings> {
    const dataSource = await this.notion.dataSource(secret, databaseId);
    const status = await this.notion.statusProperty(secret, dataSource.id, statusConfig.propertyName, fresh);
    if (!status) {
      throw new GenerationError(
        `The Notion database${sourceNote(dataSource)} has no status or select property named "${statusConfig.propertyName}" (set in Notion Settings on Home).`,
      );
    }
    return { secret, dataSourceId: dataSource.id, dataSource, status, statusConfig };
  }

  /** Home's "Test connection" for Notion: reachable, and the status property offers the four values. */
  async testNotion(scope: Scope): Promise<{ ok: boolean; message: string }> {
    try {
      const saved = await this.savedSettings(scope);
      // Read the database's data sources again, so a source added in Notion shows up here at once.
      await this.notion.dataSource(saved.secret, saved.databaseId, true);
      const { status, statusConfig, dataSource } = await this.resolveSettings(saved, true);
      const missing = Object.values(statusConfig.values).filter((value) => !status.options.includes(value));
      const uses = dataSource.count > 1 ? ` The database has ${dataSource.count} data sources; Quire reads "${dataSource.name}".` : '';
      if (missing.length > 0)
        return { ok: false, message: `The property "${status.name}" has no option ${missing.map((m) => `"${m}"`).join(', ')}; add them in Notion.${uses}` };
      return { ok: true, message: `Connected: "${status.name}" offers all four status values.${uses}` };
    } catch (error) {
      // Only a failure that says what is wrong with the settings is the test's answer; any other (the database's) is a 500.
      if (!isForPeople(error)) throw error;
      return { ok: false, message: error.message };
    }
  }
}

/** Names the data source Quire reads when the database has several. */
function sourceNote(source: DataSource): string {
  return source.count > 1 ? `'s data source "${source.name}"` : '';
}
