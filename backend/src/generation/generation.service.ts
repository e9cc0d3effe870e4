import { Scope, scopeOf, workspaceScope } from '../workspaces/scope';
import { ConflictException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { isTransient } from '../common/integration-error';
import { APP_CONFIG } from '../config/config.module';
import { AppConfig } from '../config/config';
import { failureMessage, isForPeople } from '../common/job-failure';
import { storableMessage } from '../common/storable-text';
import { LeasedQueueWorker, QueueWorker, RepeatingPass } from '../jobs/job-declarations';
import { recoverOrphans, withLease } from '../jobs/leased-job';
import { NotionClient, NotionPage, StatusProperty } from '../integrations/notion/notion.client';
import { pageProperties, pageTitle, PropertyReader } from '../integrations/notion/properties';
import { WorkspaceSettingsRepository } from '../workspaces/settings.repository';
import { NotionWebhooksRepository } from '../notion-webhooks/notion-webhooks.repository';
import { ArticleWriter, GenerationError } from './article-writer';
import { GenerationRepository } from './generation.repository';
import { GenerationJobRow } from './generation.schema';
import { GENERATION_QUEUE, NOTION_EVENT_QUEUE } from '../common/queues';
import type { NotionEventJob } from '../notion-webhooks/notion-webhooks.service';
import { ArticleFailures } from './article-failures';
import { NotionSettings, NotionSettingsReader } from './notion-settings';
import { SECTION_DEFERRAL, SectionDeferral } from './section-deferral';
import { ARTICLE_BUDGET, ArticleBudget, BudgetWait } from './article-budget';
import { ArticleQueue } from './article-queue';

export { GENERATION_QUEUE };

/**
 * A job that meets a passing fault (after each call's own retries) is tried again later, this
 * many times in all, waiting GENERATION_RETRY_SECONDS (30 s) and twice as long each time after;
 * then it fails with the fault's message.
 */
export const JOB_ATTEMPTS = 6;

/** While a workspace's webhook is verified and delivered within this long, it is live. */
const WEBHOOK_LIVE_MS = 60 * 60 * 1000;
/** How long a webhook event's id is kept against Notion's retries and duplicates (Notion retries for about a day). */
const WEBHOOK_EVENTS_KEPT_MS = 7 * 24 * 60 * 60 * 1000;
/** How often a workspace whose webhook is live is polled: the safety net. */
export const WEBHOOK_SAFETY_POLL_MS = 10 * 60 * 1000;

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
    private readonly articles: ArticleQueue,
    private readonly workspaceRows: WorkspaceSettingsRepository,
    private readonly webhooks: NotionWebhooksRepository,
    private readonly notion: NotionClient,
    private readonly writer: ArticleWriter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly notionSettings: NotionSettingsReader,
    private readonly failures: ArticleFailures,
    @Inject(SECTION_DEFERRAL) private readonly deferral: SectionDeferral,
    @Inject(ARTICLE_BUDGET) private readonly budget: ArticleBudget,
  ) {}

  /** Every article that fails ends here: recorded with its reason, and counted. */
  private failJob(jobId: string, message: string): Promise<void> {
    return this.failures.fail(jobId, message);
  }

  lastReport(scope: Scope): PollReport | null {
    return this.reports.get(scope.workspaceId) ?? null;
  }

  /**
   * One pass over every workspace with Notion settings (once each, however many members), then a
   * sweep for jobs whose worker is gone. A workspace whose Notion webhook is verified and has
   * delivered within the hour is polled only every WEBHOOK_SAFETY_POLL_MS (10 minutes), as the
   * safety net: its rows start from the webhook's events. Runs every NOTION_POLL_SECONDS.
   */
  @RepeatingPass('notion-poll', { everyMs: (config) => config.notionPollSeconds * 1000, failure: 'Notion poll failed' })
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
      await this.webhooks.forgetWebhookEvents(new Date(now - WEBHOOK_EVENTS_KEPT_MS));
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
      const settings = await this.notionSettings.read(scope, true);
      const reader = this.notion.propertyReader(settings.secret);
      // Every row claimed before any is queued: a bulk template's first round gathers them all (BulkService.submit waits while an article is queued).
      // The rows are claimed as Notion's pages of results come (claiming changes nothing in Notion), and only their ids kept.
      const claimed: { jobId: string; pageId: string }[] = [];
      for await (const page of this.notion.eachPageWithStatus(settings.secret, settings.dataSourceId, settings.status, settings.statusConfig.values.start)) {
        report.found++;
        const job = await this.claim(scope, page, reader);
        if (job) claimed.push({ jobId: job.id, pageId: page.id });
      }
      for (const { jobId, pageId } of claimed) await this.startWriting(settings, jobId, pageId);
      report.claimed = claimed.length;
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
   * page, `claim`) first, so a poll, an event and its retries never start a page twice; then the
   * status becomes "in progress" and the job is queued (`startWriting`). False when the page is already claimed.
   */
  private async claimPage(scope: Scope, settings: NotionSettings, page: NotionPage, reader: PropertyReader): Promise<boolean> {
    const job = await this.claim(scope, page, reader);
    if (job) await this.startWriting(settings, job.id, page.id);
    return job !== null;
  }

  /** The page's open job, made unless it has one (null then). */
  private async claim(scope: Scope, page: NotionPage, reader: PropertyReader): Promise<GenerationJobRow | null> {
    const job = await this.jobs.claim({
      scope,
      notionPageId: page.id,
      notionPageUrl: page.url,
      title: pageTitle(page),
      pageProperties: await pageProperties(page, reader),
    });
    if (job) await this.deferral.reopened(job.id);
    return job;
  }

  /** A claimed row set "in progress" in Notion and its job queued; the job fails with Notion's words when the status cannot be set. */
  private async startWriting(settings: NotionSettings, jobId: string, pageId: string): Promise<void> {
    try {
      await this.notion.setStatus(settings.secret, pageId, settings.status, settings.statusConfig.values.inProgress);
    } catch (error) {
      await this.failJob(jobId, failureMessage(error));
      return;
    }
    await this.enqueue(jobId);
  }

  /**
   * A Notion webhook event about a page: events carry no values, so the page is read
   * again, and claimed only if it is a row of the workspace's data source, not in the trash, whose
   * status is really the start value now. An update that did not touch the status property is not read at all.
   */
  @QueueWorker<NotionEventJob>(NOTION_EVENT_QUEUE)
  async onNotionEvent(event: NotionEventJob): Promise<void> {
    const scope = workspaceScope(event.workspaceId);
    let settings: NotionSettings;
    try {
      settings = await this.notionSettings.read(scope);
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
      settings = await this.notionSettings.read(scope);
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
    await this.deferral.reopened(job.id);
    try {
      await this.notion.setStatus(settings.secret, job.notionPageId, settings.status, settings.statusConfig.values.inProgress);
    } catch (error) {
      await this.failJob(job.id, failureMessage(error));
      throw error;
    }
    await this.enqueue(job.id);
    return reopened;
  }

  /** Queues the job (which wakes this process's idle workers: it starts now). */
  enqueue(jobId: string): Promise<void> {
    return this.articles.enqueue(jobId);
  }

  /** Jobs left running by a stopped process, or claimed but never queued, go back to the queue. */
  recover(): Promise<void> {
    return recoverOrphans(this.jobs, (id) => this.enqueue(id));
  }

  /**
   * Runs one queued job to its end; a failure is recorded on the job and on the Notion page. Once
   * the sections are written it calls `handOver`: delivering them (Notion, Drive) waits on those
   * vendors' pace rather than OpenAI's, so the worker's slot goes to the next article meanwhile:
   * GENERATION_CONCURRENCY articles are written at once, and as many delivered beside them.
   */
  @LeasedQueueWorker(GENERATION_QUEUE, (config) => config.generationConcurrency)
  run(jobId: string, handOver: () => void = () => undefined): Promise<void> {
    return withLease(this.jobs, jobId, (job) => this.write(job, handOver));
  }

  private async write(job: GenerationJobRow, sectionsWritten: () => void): Promise<void> {
    let notion: Promise<NotionSettings> | null = null;
    try {
      const { openAiKey, ...saved } = await this.notionSettings.saved(scopeOf(job));
      // The data source and status property (two paced Notion reads where this process has not read them
      // this minute) are needed only to deliver: they are read beside the writing, which stops if they are refused.
      notion = this.notionSettings.resolve(saved);
      notion.catch(() => undefined);
      // A section on OpenAI without a saved key fails with that reason (section-writer.ts); others need none.
      const outcome = await this.writer.write({ job, openAiKey, notion, sectionsWritten });
      this.logger.log(outcome === 'written' ? `Wrote "${job.title}" (${job.id})` : `"${job.title}" (${job.id}) waits for its batch`);
      if (outcome === 'written') await this.budget.ended(job.workspaceId);
    } catch (error) {
      if (error instanceof BudgetWait) {
        // Its row stays in progress: it starts by itself when a limit is raised or removed, or when the month turns.
        await this.jobs.waitForBudget(job.id, { clientId: error.clientId, articleId: error.articleId }, error.message, error.until);
        this.logger.log(`"${job.title}" (${job.id}) waits for room in a budget`);
        return;
      }
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
      await this.budget.ended(job.workspaceId);
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
      await this.articles.enqueue(job.id, Math.ceil(delayMs / 1000));
      this.logger.warn(`Job ${job.id} ("${job.title}") met a passing fault, trying again in ${Math.round(delayMs / 1000)} s: ${message}`);
      return true;
    } catch (error) {
      this.logger.error(error);
      return false;
    }
  }

  /** Home's "Test connection" for Notion: reachable, and the status property offers the four values. */
  async testNotion(scope: Scope): Promise<{ ok: boolean; message: string }> {
    try {
      const { ok, message } = await this.notionSettings.check(scope);
      return { ok, message };
    } catch (error) {
      // Only a failure that says what is wrong with the settings is the test's answer; any other (the database's) is a 500.
      if (!isForPeople(error)) throw error;
      return { ok: false, message: error.message };
    }
  }
}
