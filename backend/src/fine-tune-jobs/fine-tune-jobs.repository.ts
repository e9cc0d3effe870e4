import { ownedBy, Scope } from '../workspaces/scope';
import { Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { DatabaseService } from '../database/database.service';
import { storableMessage } from '../common/storable-text';
import { Filterable, listClauses, ListQuery, Page, readPage, whereAll } from '../common/list-query';
import { models } from '../models/models.schema';
import { FineTuneStatus } from '../models/model-eligibility';
import { FineTuneJobRow, fineTuneJobs, OPEN_FINE_TUNE_STATUSES } from './fine-tune-jobs.schema';

export interface FineTuneJobWithModel extends FineTuneJobRow {
  modelName: string;
}

export const JOB_SORTABLE = ['status', 'created_at', 'date_tuned', 'trained_tokens'] as const;
export const JOB_FILTERABLE = { q: 'search', id: 'uuid', status: 'text', modelId: 'uuid' } as const satisfies Filterable;

const columns = {
  id: fineTuneJobs.id,
  status: fineTuneJobs.status,
  modelId: fineTuneJobs.modelId,
  created_at: fineTuneJobs.createdAt,
  date_tuned: fineTuneJobs.dateTuned,
  trained_tokens: fineTuneJobs.trainedTokens,
};

@Injectable()
export class FineTuneJobsRepository {
  constructor(private readonly database: DatabaseService) {}

  private get db() {
    return this.database.db;
  }

  async list(scope: Scope, query: ListQuery): Promise<Page<FineTuneJobWithModel>> {
    const { where, orderBy } = listClauses(query, columns, { orderBy: sql`${fineTuneJobs.createdAt} desc`, search: models.name });
    const condition = whereAll([eq(fineTuneJobs.workspaceId, scope.workspaceId), ...where]);
    return readPage(
      query,
      async (offset, limit) => {
        const rows = await this.db
          .select({ job: fineTuneJobs, modelName: models.name })
          .from(fineTuneJobs)
          .innerJoin(models, eq(models.id, fineTuneJobs.modelId))
          .where(condition)
          .orderBy(...orderBy)
          .offset(offset)
          .limit(limit);
        return rows.map((r) => ({ ...r.job, modelName: r.modelName }));
      },
      async () =>
        (await this.db.select({ total: count() }).from(fineTuneJobs).innerJoin(models, eq(models.id, fineTuneJobs.modelId)).where(condition))[0].total,
    );
  }

  /**
   * Reserves the model's one open job before OpenAI is called; null when another is open (the
   * partial unique index decides, so two simultaneous starts cannot both pass). The first check
   * waits `graceMs`, time for the start request to finish.
   */
  async reserve({ scope, ...values }: { scope: Scope; modelId: string; baseModel: string; suffix: string }, graceMs: number): Promise<FineTuneJobRow | null> {
    const [row] = await this.db
      .insert(fineTuneJobs)
      .values({ ...values, ...ownedBy(scope), status: 'queued', nextCheckAt: new Date(Date.now() + graceMs) })
      .onConflictDoNothing()
      .returning();
    return row ?? null;
  }

  /** The uploaded training file, kept before the job is created: the key to finding an unconfirmed job. */
  async recordTrainingFile(id: string, trainingFileId: string): Promise<void> {
    await this.db.update(fineTuneJobs).set({ trainingFileId, updatedAt: new Date() }).where(eq(fineTuneJobs.id, id));
  }

  async markSubmitted(id: string, values: { openAiJobId: string; trainingFileId: string; status: FineTuneStatus; nextCheckAt: Date }): Promise<FineTuneJobRow> {
    const [row] = await this.db
      .update(fineTuneJobs)
      .set({ ...values, message: null, leaseUntil: null, updatedAt: new Date() })
      .where(eq(fineTuneJobs.id, id))
      .returning();
    return row;
  }

  /** The model's most recent job, if it has any. */
  async latestOfModel(modelId: string): Promise<FineTuneJobRow | null> {
    const [row] = await this.db.select().from(fineTuneJobs).where(eq(fineTuneJobs.modelId, modelId)).orderBy(desc(fineTuneJobs.createdAt)).limit(1);
    return row ?? null;
  }

  async delete(id: string): Promise<void> {
    await this.db.delete(fineTuneJobs).where(eq(fineTuneJobs.id, id));
  }

  /**
   * Leases the open jobs that are due, skipping rows another process holds, so each job is
   * followed by one process at a time; a lease that outlives a crashed process simply expires.
   */
  async claimDue(now: Date, leaseMs: number, limit: number): Promise<FineTuneJobRow[]> {
    const due = this.db
      .select({ id: fineTuneJobs.id })
      .from(fineTuneJobs)
      .where(
        and(
          inArray(fineTuneJobs.status, OPEN_FINE_TUNE_STATUSES),
          lte(fineTuneJobs.nextCheckAt, now),
          or(isNull(fineTuneJobs.leaseUntil), lt(fineTuneJobs.leaseUntil, now)),
        ),
      )
      .orderBy(asc(fineTuneJobs.nextCheckAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    return this.db
      .update(fineTuneJobs)
      .set({ leaseUntil: new Date(now.getTime() + leaseMs) })
      .where(inArray(fineTuneJobs.id, due))
      .returning();
  }

  /** Still open: record what OpenAI says and hand the job back for its next check. */
  async release(id: string, values: { status: FineTuneStatus; message: string | null; nextCheckAt: Date }): Promise<void> {
    await this.db
      .update(fineTuneJobs)
      .set({ ...values, message: values.message && storableMessage(values.message), leaseUntil: null, updatedAt: new Date() })
      .where(eq(fineTuneJobs.id, id));
  }

  async fail(id: string, message: string): Promise<void> {
    await this.db
      .update(fineTuneJobs)
      .set({ status: 'failed', message: storableMessage(message), leaseUntil: null, updatedAt: new Date() })
      .where(eq(fineTuneJobs.id, id));
  }

  /** The job and its model become tuned together, or neither does. */
  async complete(job: FineTuneJobRow, values: { outputModel: string; trainedTokens: number | null; dateTuned: Date }): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(fineTuneJobs)
        .set({ status: 'completed', ...values, message: null, leaseUntil: null, updatedAt: new Date() })
        .where(eq(fineTuneJobs.id, job.id));
      await tx
        .update(models)
        .set({ outputModel: values.outputModel, dateTuned: values.dateTuned, tokens: values.trainedTokens })
        .where(eq(models.id, job.modelId));
    });
  }
}
