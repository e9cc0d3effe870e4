import { ownedBy, Scope } from '../workspaces/scope';
import { Injectable } from '@nestjs/common';
import { and, count, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { DatabaseService } from '../database/database.service';
import { storableMessage } from '../common/storable-text';
import { Filterable, listClauses, ListQuery, Page, readPage, whereAll } from '../common/list-query';
import { ClusteringMode, TrainingJobMeta, TrainingJobRow, trainingJobs } from './training-jobs.schema';
import { SnapshotData, TrainingSnapshotRow, trainingSnapshots } from './training-snapshots.schema';

export const TRAINING_JOB_SORTABLE = ['timestamp', 'status', 'url'] as const;
export const TRAINING_JOB_FILTERABLE = { q: 'search', id: 'uuid', status: 'text', _type: 'text' } as const satisfies Filterable;

const columns = { id: trainingJobs.id, status: trainingJobs.status, url: trainingJobs.url, timestamp: trainingJobs.timestamp };

@Injectable()
export class TrainingJobsRepository {
  constructor(private readonly database: DatabaseService) {}

  private get db() {
    return this.database.db;
  }

  async list(scope: Scope, query: ListQuery): Promise<Page<TrainingJobRow>> {
    // Every row here is a training job, so a `_type` filter only decides between all and none.
    const { _type, ...filter } = query.filter;
    if (_type !== undefined && _type !== 'training') return { rows: [], total: 0, start: query.range.start };
    const { where, orderBy } = listClauses({ ...query, filter }, columns, { orderBy: sql`${trainingJobs.timestamp} desc`, search: trainingJobs.url });
    const condition = whereAll([eq(trainingJobs.workspaceId, scope.workspaceId), ...where]);
    const db = this.db;
    return readPage(
      query,
      (offset, limit) =>
        db
          .select()
          .from(trainingJobs)
          .where(condition)
          .orderBy(...orderBy)
          .offset(offset)
          .limit(limit),
      async () => (await db.select({ total: count() }).from(trainingJobs).where(condition))[0].total,
    );
  }

  async findOwned(scope: Scope, id: string): Promise<TrainingJobRow | null> {
    const [row] = await this.db
      .select()
      .from(trainingJobs)
      .where(and(eq(trainingJobs.workspaceId, scope.workspaceId), eq(trainingJobs.id, id)))
      .limit(1);
    return row ?? null;
  }

  async create({ scope, ...values }: { id: string; scope: Scope; url: string; clustering: ClusteringMode; meta: TrainingJobMeta }): Promise<TrainingJobRow> {
    const [row] = await this.db
      .insert(trainingJobs)
      .values({ ...values, ...ownedBy(scope), status: 'queued', message: 'Waiting to start…' })
      .returning();
    return row;
  }

  /** Takes the job for one attempt unless it has ended or another process holds its lease. */
  async start(id: string, leaseMs: number): Promise<TrainingJobRow | null> {
    const now = new Date();
    const [row] = await this.db
      .update(trainingJobs)
      .set({
        status: 'running',
        leaseUntil: new Date(now.getTime() + leaseMs),
        attempts: sql`${trainingJobs.attempts} + 1`,
        startedAt: sql`coalesce(${trainingJobs.startedAt}, now())`,
      })
      .where(
        and(
          eq(trainingJobs.id, id),
          inArray(trainingJobs.status, ['queued', 'running']),
          or(isNull(trainingJobs.leaseUntil), lt(trainingJobs.leaseUntil, now)),
        ),
      )
      .returning();
    return row ?? null;
  }

  async renewLease(id: string, leaseMs: number): Promise<void> {
    await this.db
      .update(trainingJobs)
      .set({ leaseUntil: new Date(Date.now() + leaseMs) })
      .where(eq(trainingJobs.id, id));
  }

  /** Lets another worker take the job at once (this process is shutting down). */
  async release(id: string): Promise<void> {
    await this.db.update(trainingJobs).set({ leaseUntil: null }).where(eq(trainingJobs.id, id));
  }

  /** Merges `meta` into the job's meta and sets its message, while it runs. */
  async progress(id: string, meta: TrainingJobMeta, message: string): Promise<void> {
    await this.db
      .update(trainingJobs)
      .set({ meta: sql`${trainingJobs.meta} || ${JSON.stringify(meta)}::jsonb`, message: storableMessage(message) })
      .where(eq(trainingJobs.id, id));
  }

  async complete(id: string, meta: TrainingJobMeta, message: string | null): Promise<void> {
    await this.db
      .update(trainingJobs)
      .set({
        status: 'completed',
        meta: sql`${trainingJobs.meta} || ${JSON.stringify(meta)}::jsonb`,
        message: message && storableMessage(message),
        leaseUntil: null,
        completedAt: new Date(),
      })
      .where(eq(trainingJobs.id, id));
  }

  async fail(id: string, message: string): Promise<void> {
    await this.db
      .update(trainingJobs)
      .set({ status: 'failed', message: storableMessage(message), leaseUntil: null, completedAt: new Date() })
      .where(eq(trainingJobs.id, id));
  }

  /** The job's clustered result; one per job, so a job that runs its clustering again replaces it. */
  async saveSnapshot({ scope, ...values }: { scope: Scope; jobId: string; data: SnapshotData; meta: TrainingSnapshotRow['meta'] }): Promise<void> {
    await this.db
      .insert(trainingSnapshots)
      .values({ ...values, ...ownedBy(scope) })
      .onConflictDoUpdate({ target: trainingSnapshots.jobId, set: { data: values.data, meta: values.meta, createdAt: new Date() } });
  }

  /** Queued jobs (they may never have reached the queue) and running ones whose worker is gone. */
  async orphaned(): Promise<string[]> {
    const now = new Date();
    const rows = await this.db
      .select({ id: trainingJobs.id })
      .from(trainingJobs)
      .where(
        or(eq(trainingJobs.status, 'queued'), and(eq(trainingJobs.status, 'running'), or(isNull(trainingJobs.leaseUntil), lt(trainingJobs.leaseUntil, now)))),
      )
      .limit(1000);
    return rows.map((r) => r.id);
  }
}
