import { ownedBy, Scope } from '../workspaces/scope';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.module';
import { AppConfig } from '../config/config';
import { spentUsd } from '../integrations/openai/usage';
import { and, asc, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { DatabaseService, Queries } from '../database/database.service';
import { storableDeep, storableMessage, storableText } from '../common/storable-text';
import { GenerationJobRow, generationJobs, GenerationSectionRow, generationSections, generationSpend, OmittedParameters } from './generation.schema';
import { monthOf } from '../common/month';

/**
 * A running article whose lease is further ahead than this is parked on a batch (bulk writing
 * parks for 25 hours); a live run's lease is a minute ahead.
 */
export const PARKED_AFTER_MS = 10 * 60_000;
export const parkedAfter = () => new Date(Date.now() + PARKED_AFTER_MS);

@Injectable()
export class GenerationRepository {
  constructor(
    private readonly database: DatabaseService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get db() {
    return this.database.db;
  }

  /**
   * Null when the page already has an open job (claimed by this or another process). A page whose
   * latest job failed is taken up by that same job (its History entry, its written sections, its
   * marker and its Doc), with the page's current title and properties; otherwise a new job starts.
   */
  async claim(values: {
    scope: Scope;
    notionPageId: string;
    notionPageUrl: string;
    title: string;
    pageProperties: Record<string, string | null>;
  }): Promise<GenerationJobRow | null> {
    // Titles and properties are Notion's text: made storable, like every text that comes from outside.
    const { scope, ...page } = values;
    const storable = { ...page, ...ownedBy(scope), title: storableText(values.title), pageProperties: storableDeep(values.pageProperties) };
    const reopened = await this.reopen(scope, values.notionPageId, null, {
      title: storable.title,
      pageProperties: storable.pageProperties,
      notionPageUrl: storable.notionPageUrl,
    });
    if (reopened) return reopened;
    const [row] = await this.db
      .insert(generationJobs)
      .values({ ...storable, status: 'queued' })
      .onConflictDoNothing()
      .returning();
    return row ?? null;
  }

  /**
   * The one rule for running a failed article again, whether its row was set back to start in
   * Notion (claim) or Retry was pressed in History (`jobId`): only the page's latest job of this
   * user, only while it is failed; it goes back to the queue keeping its written sections, its
   * marker and appended part, and its Doc. Null when that does not hold.
   */
  async reopen(
    scope: Scope,
    notionPageId: string,
    jobId: string | null,
    page: Partial<Pick<GenerationJobRow, 'title' | 'pageProperties' | 'notionPageUrl'>> = {},
  ): Promise<GenerationJobRow | null> {
    const latest = this.latestIdFor(scope, notionPageId);
    const [row] = await this.db
      .update(generationJobs)
      // It reserves again what is left to write (its budgets as they are now).
      .set({ ...page, status: 'queued', message: null, leaseUntil: null, attempts: 0, completedAt: null, reservedUsd: null, budgetWaiting: false })
      .where(and(eq(generationJobs.id, latest), eq(generationJobs.status, 'failed'), ...(jobId ? [eq(generationJobs.id, jobId)] : [])))
      .returning();
    return row ?? null;
  }

  /** The page's most recent job, whoever's it is (operators may share a Notion database). */
  async latestForPage(notionPageId: string): Promise<GenerationJobRow | null> {
    const [row] = await this.db
      .select()
      .from(generationJobs)
      .where(eq(generationJobs.notionPageId, notionPageId))
      .orderBy(desc(generationJobs.timestamp))
      .limit(1);
    return row ?? null;
  }

  private latestIdFor(scope: Scope, notionPageId: string) {
    return sql<string>`(select id from ${generationJobs} where ${generationJobs.workspaceId} = ${scope.workspaceId} and ${generationJobs.notionPageId} = ${notionPageId} order by ${generationJobs.timestamp} desc limit 1)`;
  }

  /**
   * A bulk article whose next section is in a batch: it stays running, its lease set past
   * the batch's window, so no sweep takes it up; bulk writing wakes it when the section returns.
   */
  async park(id: string, until: Date): Promise<void> {
    await this.db
      .update(generationJobs)
      .set({ leaseUntil: until })
      .where(and(eq(generationJobs.id, id), eq(generationJobs.status, 'running')));
  }

  /**
   * A parked bulk article goes back to the queue (its attempts counted afresh). Only a parked one:
   * an article being run now (its lease a minute ahead) is left alone, or two workers could run it
   * at once; if it parks after this, the bulk pass finds it parked with nothing open and wakes it.
   * False when it was not parked.
   */
  async wake(id: string): Promise<boolean> {
    const rows = await this.db
      .update(generationJobs)
      .set({ status: 'queued', leaseUntil: null, attempts: 0 })
      .where(and(eq(generationJobs.id, id), eq(generationJobs.status, 'running'), gt(generationJobs.leaseUntil, parkedAfter())))
      .returning({ id: generationJobs.id });
    return rows.length > 0;
  }

  /**
   * Waiting for room in a budget: back in the queue, taken by no attempt before `until` (the month's
   * turn) unless a budget's change wakes it first (wakeBudgetWaiting); History shows `message`.
   */
  async waitForBudget(id: string, holder: { clientId: string | null; articleId: string }, message: string, until: Date): Promise<void> {
    await this.db
      .update(generationJobs)
      .set({ status: 'queued', ...holder, budgetWaiting: true, leaseUntil: until, message: storableMessage(message) })
      .where(eq(generationJobs.id, id));
  }

  /** The workspace's articles waiting for room in a budget, free to start now (answers their ids, to be queued). */
  async wakeBudgetWaiting(workspaceId: string): Promise<string[]> {
    const rows = await this.db
      .update(generationJobs)
      .set({ leaseUntil: null })
      .where(and(eq(generationJobs.workspaceId, workspaceId), eq(generationJobs.budgetWaiting, true), eq(generationJobs.status, 'queued')))
      .returning({ id: generationJobs.id });
    return rows.map((r) => r.id);
  }

  /** Back in the queue after a passing fault: no attempt takes it before `at`. */
  async retryLater(id: string, at: Date, message: string): Promise<void> {
    await this.db
      .update(generationJobs)
      .set({ status: 'queued', leaseUntil: at, message: storableMessage(message) })
      .where(eq(generationJobs.id, id));
  }

  async find(id: string): Promise<GenerationJobRow | null> {
    const [row] = await this.db.select().from(generationJobs).where(eq(generationJobs.id, id)).limit(1);
    return row ?? null;
  }

  /** Takes the job for one attempt unless it has ended or another process holds its lease. */
  async start(id: string, leaseMs: number): Promise<GenerationJobRow | null> {
    const now = new Date();
    const [row] = await this.db
      .update(generationJobs)
      .set({
        status: 'running',
        message: null,
        budgetWaiting: false,
        leaseUntil: new Date(now.getTime() + leaseMs),
        attempts: sql`${generationJobs.attempts} + 1`,
        startedAt: sql`coalesce(${generationJobs.startedAt}, now())`,
      })
      .where(
        and(
          eq(generationJobs.id, id),
          inArray(generationJobs.status, ['queued', 'running']),
          or(isNull(generationJobs.leaseUntil), lt(generationJobs.leaseUntil, now)),
        ),
      )
      .returning();
    return row ?? null;
  }

  /** Renews the lease; never shortens a parked article's (a heartbeat firing just after it parked). */
  async renewLease(id: string, leaseMs: number): Promise<void> {
    await this.db
      .update(generationJobs)
      .set({ leaseUntil: sql`greatest(${generationJobs.leaseUntil}, ${new Date(Date.now() + leaseMs).toISOString()}::timestamptz)` })
      .where(eq(generationJobs.id, id));
  }

  async update(
    id: string,
    values: Partial<
      Pick<GenerationJobRow, 'articleType' | 'sectionsTotal' | 'sectionsDone' | 'tokens' | 'notionMarker' | 'appended' | 'docUrl' | 'leaseUntil'>
    >,
  ): Promise<void> {
    await this.db.update(generationJobs).set(values).where(eq(generationJobs.id, id));
  }

  /** Notes a section sent without parameters its model refuses; a section written again is noted once. */
  async recordOmittedParameters(id: string, note: OmittedParameters): Promise<void> {
    const entry = JSON.stringify([{ ...note, section: storableText(note.section) }]);
    await this.db
      .update(generationJobs)
      .set({
        omittedParameters: sql`case when ${generationJobs.omittedParameters} @> ${entry}::jsonb then ${generationJobs.omittedParameters} else ${generationJobs.omittedParameters} || ${entry}::jsonb end`,
      })
      .where(eq(generationJobs.id, id));
  }

  async sections(jobId: string): Promise<GenerationSectionRow[]> {
    return this.db.select().from(generationSections).where(eq(generationSections.jobId, jobId)).orderBy(asc(generationSections.position));
  }

  /**
   * A written section kept, with what it cost at today's prices, added to its article's spend and to
   * the month's spend of its workspace and client (budgets read them): in one transaction, the
   * caller's `db` when given.
   */
  async saveSection(values: Omit<typeof generationSections.$inferInsert, 'id' | 'createdAt' | 'costUsd'>, db?: Queries): Promise<void> {
    if (!db) return this.db.transaction((tx) => this.saveSection(values, tx));
    const costUsd = spentUsd(
      {
        model: values.model ?? null,
        promptTokens: values.promptTokens ?? null,
        completionTokens: values.completionTokens ?? null,
        cachedTokens: values.cachedTokens ?? 0,
        batch: values.batch,
      },
      this.config.openAiPrices,
    );
    const row = {
      ...values,
      costUsd,
      heading: storableText(values.heading),
      content: storableText(values.content),
      systemMessage: values.systemMessage == null ? null : storableText(values.systemMessage),
      userMessage: values.userMessage == null ? null : storableText(values.userMessage),
    };
    const { jobId: _job, position: _position, ...changed } = row;
    // A position rewritten because the template changed since an earlier attempt replaces the old text (and counts from now).
    await db
      .insert(generationSections)
      .values(row)
      .onConflictDoUpdate({ target: [generationSections.jobId, generationSections.position], set: { ...changed, createdAt: new Date() } });
    if (!costUsd) return;
    // What the vendor was paid for, whatever replaced it since: the article's spend and its month's.
    const [job] = await db
      .update(generationJobs)
      .set({ spentUsd: sql`${generationJobs.spentUsd} + ${costUsd}` })
      .where(eq(generationJobs.id, values.jobId))
      .returning({ workspaceId: generationJobs.workspaceId, clientId: generationJobs.clientId, articleId: generationJobs.articleId });
    if (!job) return;
    await db
      .insert(generationSpend)
      .values({ workspaceId: job.workspaceId, clientId: job.clientId, articleId: job.articleId, month: monthOf(new Date()).key, costUsd })
      .onConflictDoUpdate({
        target: [generationSpend.workspaceId, generationSpend.clientId, generationSpend.articleId, generationSpend.month],
        set: { costUsd: sql`${generationSpend.costUsd} + ${costUsd}` },
      });
  }

  async complete(id: string, values: { viewUrl: string; tokens: number; sectionsDone: number }): Promise<void> {
    await this.db
      .update(generationJobs)
      .set({ ...values, status: 'completed', message: null, leaseUntil: null, completedAt: new Date() })
      .where(eq(generationJobs.id, id));
  }

  async fail(id: string, message: string): Promise<void> {
    await this.db
      .update(generationJobs)
      .set({ status: 'failed', message: storableMessage(message), leaseUntil: null, completedAt: new Date() })
      .where(eq(generationJobs.id, id));
  }

  /**
   * Jobs to hand (again) to the queue: running ones whose worker is gone (lease expired), and
   * queued ones, which may never have reached it (the queue ignores a job it already holds).
   */
  async orphaned(): Promise<string[]> {
    const now = new Date();
    const rows = await this.db
      .select({ id: generationJobs.id })
      .from(generationJobs)
      .where(or(eq(generationJobs.status, 'queued'), and(eq(generationJobs.status, 'running'), lt(generationJobs.leaseUntil, now))))
      .limit(1000);
    return rows.map((r) => r.id);
  }
}
