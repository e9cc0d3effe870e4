import { Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { DatabaseService, Queries } from '../database/database.service';
import { generationJobs } from '../generation/generation.schema';
import { parkedAfter } from '../generation/generation.repository';
import { BATCH_ENDED, BATCH_IN_FLIGHT, BulkBatchRow, bulkBatches, BulkBatchStatus, BulkLineRow, bulkLines, LineStatus } from './bulk.schema';

/** What goes into one batch: a workspace's model, on a provider (null: OpenAI). */
export interface BatchGroup {
  workspaceId: string;
  connectionId: string | null;
  model: string;
}

/** The rows of a table's group: its workspace, provider (null: OpenAI, where the column is null) and model. */
function inGroup(table: typeof bulkLines | typeof bulkBatches, group: BatchGroup) {
  return and(
    eq(table.workspaceId, group.workspaceId),
    group.connectionId === null ? isNull(table.connectionId) : eq(table.connectionId, group.connectionId),
    eq(table.model, group.model),
  );
}

/** How much one batch file may hold. */
export interface FileLimits {
  lines: number;
  bytes: number;
  tokens: number;
}

/** A bulk article's place in its batches, as History shows it. */
export interface BulkProgressRow {
  jobId: string;
  round: number;
  batchStatus: BulkBatchStatus | null;
  lineStatus: LineStatus;
  total: number;
  completed: number;
  failed: number;
  inProgressAt: Date | null;
  expiresAt: Date | null;
}

const NOT_ENDED = ['preparing', ...BATCH_IN_FLIGHT] as BulkBatchStatus[];

/** The queries of bulk writing: batch lines waiting, batches in flight, and what came back. */
@Injectable()
export class BulkRepository {
  constructor(private readonly database: DatabaseService) {}

  private get db() {
    return this.database.db;
  }

  /**
   * Whether there is any bulk work at all: a line waiting or in a batch, a batch not yet taken, or
   * a parked article. One cheap query, so an idle pass (most of them, on most servers) does no more.
   */
  async anyWork(): Promise<boolean> {
    const result = await this.db.execute(sql`
      select exists (select 1 from bulk_lines where status in ('waiting', 'submitted'))
          or exists (select 1 from bulk_batches where taken_at is null)
          or exists (select 1 from generation_jobs where status = 'running' and lease_until > ${parkedAfter().toISOString()}::timestamptz) as busy`);
    return (result as unknown as { rows: { busy: boolean }[] }).rows[0]?.busy === true;
  }

  /** A section's line, unless the section already has one waiting or in a batch (null then). */
  async addLine(values: Omit<typeof bulkLines.$inferInsert, 'id' | 'createdAt'>): Promise<BulkLineRow | null> {
    const [row] = await this.db.insert(bulkLines).values(values).onConflictDoNothing().returning();
    return row ?? null;
  }

  /** The section's line waiting or in a batch, if any. */
  async openLine(jobId: string, position: number): Promise<BulkLineRow | null> {
    const [row] = await this.db
      .select()
      .from(bulkLines)
      .where(and(eq(bulkLines.jobId, jobId), eq(bulkLines.position, position), inArray(bulkLines.status, ['waiting', 'submitted'])))
      .limit(1);
    return row ?? null;
  }

  /** Every line the section has had, oldest first. */
  sectionLines(jobId: string, position: number): Promise<BulkLineRow[]> {
    return this.db
      .select()
      .from(bulkLines)
      .where(and(eq(bulkLines.jobId, jobId), eq(bulkLines.position, position)))
      .orderBy(asc(bulkLines.attempt));
  }

  /** Each workspace's provider and model with lines waiting for a batch. */
  waitingGroups(): Promise<BatchGroup[]> {
    return this.db
      .selectDistinct({ workspaceId: bulkLines.workspaceId, connectionId: bulkLines.connectionId, model: bulkLines.model })
      .from(bulkLines)
      .where(eq(bulkLines.status, 'waiting'));
  }

  /**
   * Whether a round is still being gathered: an article of the workspace is queued (but not
   * waiting for room in a budget, which may last till the month turns), or running without being
   * parked on a batch (it may be about to add its next line). When it is not, every waiting line of
   * the round is there, and goes into one file.
   */
  async gathering(workspaceId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ n: count() })
      .from(generationJobs)
      .where(
        and(
          eq(generationJobs.workspaceId, workspaceId),
          or(
            and(eq(generationJobs.status, 'queued'), eq(generationJobs.budgetWaiting, false)),
            and(eq(generationJobs.status, 'running'), or(isNull(generationJobs.leaseUntil), lt(generationJobs.leaseUntil, parkedAfter()))),
          ),
        ),
      );
    return (row?.n ?? 0) > 0;
  }

  /** When the oldest and the newest lines of the group began waiting. */
  async waitingSince(group: BatchGroup): Promise<{ oldest: Date; newest: Date } | null> {
    const [row] = await this.db
      .select({ oldest: sql<string | null>`min(${bulkLines.createdAt})`, newest: sql<string | null>`max(${bulkLines.createdAt})` })
      .from(bulkLines)
      .where(and(inGroup(bulkLines, group), eq(bulkLines.status, 'waiting')));
    return row?.oldest && row.newest ? { oldest: new Date(row.oldest), newest: new Date(row.newest) } : null;
  }

  /** The tokens of the model's batches OpenAI holds for the workspace (what counts against its enqueued-token limit). */
  async enqueuedTokens(workspaceId: string, model: string): Promise<number> {
    const [row] = await this.db
      .select({ tokens: sql<number>`coalesce(sum(${bulkBatches.tokens}), 0)::int` })
      .from(bulkBatches)
      .where(and(inGroup(bulkBatches, { workspaceId, connectionId: null, model }), inArray(bulkBatches.status, NOT_ENDED)));
    return row?.tokens ?? 0;
  }

  /** The model's latest batch that OpenAI refused for the enqueued-token limit since `since`. */
  async lastLimitRefusal(workspaceId: string, model: string, since: Date): Promise<BulkBatchRow | null> {
    const [row] = await this.db
      .select()
      .from(bulkBatches)
      .where(
        and(
          inGroup(bulkBatches, { workspaceId, connectionId: null, model }),
          eq(bulkBatches.errorCode, 'token_limit_exceeded'),
          gt(bulkBatches.endedAt, since),
        ),
      )
      .orderBy(desc(bulkBatches.endedAt))
      .limit(1);
    return row ?? null;
  }

  /** A new batch of the group, held by this process while it is prepared. */
  async createBatch(group: BatchGroup, leaseMs: number): Promise<BulkBatchRow> {
    const [row] = await this.db
      .insert(bulkBatches)
      .values({ ...group, leaseUntil: new Date(Date.now() + leaseMs) })
      .returning();
    return row;
  }

  /**
   * Moves the oldest waiting lines of the group (those waiting at `before`) into the batch, as many
   * as it may hold. One statement: a line another process took meanwhile is no longer waiting, and is skipped.
   */
  async claimLines(batchId: string, group: BatchGroup, limits: FileLimits, before: Date): Promise<BulkLineRow[]> {
    const { workspaceId, connectionId, model } = group;
    const result = await this.db.execute(sql`
      update bulk_lines set batch_id = ${batchId}, status = 'submitted'
       where status = 'waiting' and id in (
         select id from (
           select id,
                  row_number() over w as n,
                  sum(bytes + 1) over w as file_bytes,
                  sum(tokens) over w as file_tokens
             from bulk_lines
            where status = 'waiting' and workspace_id = ${workspaceId} and model = ${model} and created_at <= ${before.toISOString()}::timestamptz
              and connection_id is not distinct from ${connectionId}::uuid
              and exists (select 1 from generation_jobs j where j.id = bulk_lines.job_id and j.status in ('queued', 'running'))
           window w as (order by created_at, id)
         ) ordered
          where n <= ${limits.lines} and file_bytes <= ${limits.bytes} and file_tokens <= ${limits.tokens}
       )
      returning id`);
    const ids = (result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
    if (ids.length === 0) return [];
    const lines = await this.db.select().from(bulkLines).where(inArray(bulkLines.id, ids)).orderBy(asc(bulkLines.createdAt), asc(bulkLines.id));
    await this.db
      .update(bulkBatches)
      .set({
        lines: lines.length,
        bytes: lines.reduce((sum, l) => sum + l.bytes + 1, 0),
        tokens: lines.reduce((sum, l) => sum + l.tokens, 0),
      })
      .where(eq(bulkBatches.id, batchId));
    return lines;
  }

  async deleteBatch(id: string): Promise<void> {
    await this.db.delete(bulkBatches).where(eq(bulkBatches.id, id));
  }

  async updateBatch(id: string, values: Partial<Omit<BulkBatchRow, 'id' | 'workspaceId' | 'connectionId' | 'model' | 'createdAt'>>): Promise<void> {
    await this.db.update(bulkBatches).set(values).where(eq(bulkBatches.id, id));
  }

  async findBatch(id: string): Promise<BulkBatchRow | null> {
    const [row] = await this.db.select().from(bulkBatches).where(eq(bulkBatches.id, id)).limit(1);
    return row ?? null;
  }

  /** Takes a batch for this process (to prepare or to take its results) unless another holds it. */
  async lease(id: string, leaseMs: number): Promise<boolean> {
    const now = new Date();
    const rows = await this.db
      .update(bulkBatches)
      .set({ leaseUntil: new Date(now.getTime() + leaseMs) })
      .where(and(eq(bulkBatches.id, id), or(isNull(bulkBatches.leaseUntil), lt(bulkBatches.leaseUntil, now))))
      .returning({ id: bulkBatches.id });
    return rows.length > 0;
  }

  /** Batches being prepared whose process is gone (their lease has passed). */
  abandoned(): Promise<BulkBatchRow[]> {
    return this.db
      .select()
      .from(bulkBatches)
      .where(and(eq(bulkBatches.status, 'preparing'), or(isNull(bulkBatches.leaseUntil), lt(bulkBatches.leaseUntil, new Date()))));
  }

  /** Batches their vendor holds and may still change. */
  inFlight(): Promise<BulkBatchRow[]> {
    return this.db
      .select()
      .from(bulkBatches)
      .where(and(inArray(bulkBatches.status, BATCH_IN_FLIGHT), isNotNull(bulkBatches.vendorBatchId)));
  }

  /** Whether one of Quire's batches is this vendor batch (so it is not one whose create went unanswered). */
  async knownVendorBatch(vendorBatchId: string): Promise<boolean> {
    const [row] = await this.db.select({ id: bulkBatches.id }).from(bulkBatches).where(eq(bulkBatches.vendorBatchId, vendorBatchId)).limit(1);
    return row !== undefined;
  }

  /** Ended batches whose results are not taken yet, and no process is taking. */
  toTake(): Promise<BulkBatchRow[]> {
    return this.db
      .select()
      .from(bulkBatches)
      .where(
        and(inArray(bulkBatches.status, BATCH_ENDED), isNull(bulkBatches.takenAt), or(isNull(bulkBatches.leaseUntil), lt(bulkBatches.leaseUntil, new Date()))),
      );
  }

  /** The batch's lines still waiting for their result. */
  submittedLines(batchId: string): Promise<BulkLineRow[]> {
    return this.db
      .select()
      .from(bulkLines)
      .where(and(eq(bulkLines.batchId, batchId), eq(bulkLines.status, 'submitted')));
  }

  /**
   * Stores why a line was not written, first of all: only while the line is still in its batch, so
   * a result taken by another process (or taken before) is never taken again. False then.
   */
  storeResult(lineId: string, values: { result: Record<string, unknown> | null; status: 'failed'; error: string | null; counted: boolean }): Promise<boolean> {
    return takeOpenLine(this.db, lineId, values);
  }

  /**
   * A written line's result stored and its section saved (`save`, given the transaction) in one
   * transaction, only while the line is still in its batch: an article that finds the line no
   * longer open finds its section saved. False when another process took it.
   */
  storeWritten(lineId: string, result: Record<string, unknown>, save: (db: Queries) => Promise<void>): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      if (!(await takeOpenLine(tx, lineId, { result, status: 'written', error: null, counted: true }))) return false;
      await save(tx);
      return true;
    });
  }

  /** A failed line that taught Quire a refused parameter: it is not one of the section's attempts. */
  async updateLineCounted(lineId: string, counted: boolean): Promise<void> {
    await this.db.update(bulkLines).set({ counted }).where(eq(bulkLines.id, lineId));
  }

  /** Lines a batch did not run through no fault of theirs (the enqueued-token limit): waiting again, for another file. */
  async releaseLines(batchId: string): Promise<string[]> {
    const rows = await this.db
      .update(bulkLines)
      .set({ status: 'waiting', batchId: null })
      .where(and(eq(bulkLines.batchId, batchId), eq(bulkLines.status, 'submitted')))
      .returning({ jobId: bulkLines.jobId });
    return rows.map((r) => r.jobId);
  }

  /** The workspace's batches not ended, its bulk articles still going, and the providers of their lines (null: OpenAI). */
  async unfinished(workspaceId: string): Promise<{ batches: BulkBatchRow[]; jobIds: string[]; vendors: { connectionId: string | null }[] }> {
    const batches = await this.db
      .select()
      .from(bulkBatches)
      .where(and(eq(bulkBatches.workspaceId, workspaceId), inArray(bulkBatches.status, NOT_ENDED)));
    // Every bulk article still going: on a line, or between two rounds (woken, queued for its next section).
    const jobs = await this.db
      .selectDistinct({ jobId: bulkLines.jobId, connectionId: bulkLines.connectionId })
      .from(bulkLines)
      .innerJoin(generationJobs, eq(generationJobs.id, bulkLines.jobId))
      .where(and(eq(bulkLines.workspaceId, workspaceId), inArray(generationJobs.status, ['queued', 'running'])));
    return { batches, jobIds: [...new Set(jobs.map((j) => j.jobId))], vendors: jobs };
  }

  /** Lines waiting for a file whose article has ended (failed or cancelled meanwhile) are dropped: nothing is sent for them. */
  async dropEnded(): Promise<void> {
    await this.db.execute(sql`
      update bulk_lines set status = 'dropped', done_at = now()
       where status = 'waiting'
         and not exists (select 1 from generation_jobs j where j.id = bulk_lines.job_id and j.status in ('queued', 'running'))`);
  }

  /** An article's failed lines no longer count against its sections' attempts. */
  async uncountFailures(jobId: string): Promise<void> {
    await this.db
      .update(bulkLines)
      .set({ counted: false })
      .where(and(eq(bulkLines.jobId, jobId), eq(bulkLines.status, 'failed')));
  }

  /** Lines not yet in a file are dropped (nothing was sent for them). */
  async dropWaiting(workspaceId: string): Promise<void> {
    await this.db
      .update(bulkLines)
      .set({ status: 'dropped', doneAt: new Date() })
      .where(and(eq(bulkLines.workspaceId, workspaceId), eq(bulkLines.status, 'waiting')));
  }

  /** A workspace's batches and lines in flight, for Home and History's "Cancel bulk". */
  async summary(workspaceId: string): Promise<{ batches: number; lines: number; articles: number }> {
    const [batches] = await this.db
      .select({ n: count() })
      .from(bulkBatches)
      .where(and(eq(bulkBatches.workspaceId, workspaceId), inArray(bulkBatches.status, NOT_ENDED)));
    const [lines] = await this.db
      .select({ n: count(), articles: sql<number>`count(distinct ${bulkLines.jobId})::int` })
      .from(bulkLines)
      .where(and(eq(bulkLines.workspaceId, workspaceId), inArray(bulkLines.status, ['waiting', 'submitted'])));
    return { batches: batches?.n ?? 0, lines: lines?.n ?? 0, articles: lines?.articles ?? 0 };
  }

  /**
   * Bulk articles waiting for a batch that has no line of theirs open (a line lost to a fault):
   * running, parked (lease far ahead), with nothing waiting or in a batch.
   */
  async stranded(): Promise<string[]> {
    const rows = await this.db
      .select({ id: generationJobs.id })
      .from(generationJobs)
      .where(
        and(
          eq(generationJobs.status, 'running'),
          gt(generationJobs.leaseUntil, parkedAfter()),
          sql`exists (select 1 from ${bulkLines} where ${bulkLines.jobId} = ${generationJobs.id})`,
          sql`not exists (select 1 from ${bulkLines} where ${bulkLines.jobId} = ${generationJobs.id} and ${bulkLines.status} in ('waiting', 'submitted'))`,
        ),
      )
      .limit(1000);
    return rows.map((r) => r.id);
  }

  /** Each bulk article's latest line with its batch: History's round, batch status, counts and times. */
  async progress(jobIds: string[]): Promise<Map<string, BulkProgressRow>> {
    if (jobIds.length === 0) return new Map();
    const result = await this.db.execute(sql`
      select distinct on (l.job_id)
             l.job_id as "jobId",
             (select count(distinct batch_id)::int from bulk_lines r where r.job_id = l.job_id and r.batch_id is not null) as round,
             l.status as "lineStatus", b.status as "batchStatus",
             coalesce(b.lines, 0) as total, coalesce(b.completed, 0) as completed, coalesce(b.failed, 0) as failed,
             b.in_progress_at as "inProgressAt", b.expires_at as "expiresAt"
        from bulk_lines l left join bulk_batches b on b.id = l.batch_id
       where l.job_id in (${sql.join(
         jobIds.map((id) => sql`${id}::uuid`),
         sql`, `,
       )})
       order by l.job_id, l.created_at desc`);
    const rows = (result as unknown as { rows: BulkProgressRow[] }).rows;
    const date = (value: Date | string | null) => (value === null ? null : new Date(value));
    return new Map(rows.map((row) => [row.jobId, { ...row, inProgressAt: date(row.inProgressAt), expiresAt: date(row.expiresAt) } as BulkProgressRow]));
  }
}

/** A line's result stored, only while the line is still in its batch. False when it no longer is. */
async function takeOpenLine(
  db: Queries,
  lineId: string,
  values: { result: Record<string, unknown> | null; status: 'written' | 'failed'; error: string | null; counted: boolean },
): Promise<boolean> {
  const rows = await db
    .update(bulkLines)
    .set({ ...values, doneAt: new Date() })
    .where(and(eq(bulkLines.id, lineId), eq(bulkLines.status, 'submitted')))
    .returning({ id: bulkLines.id });
  return rows.length > 0;
}
