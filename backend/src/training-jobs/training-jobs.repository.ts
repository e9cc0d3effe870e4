import { Injectable } from '@nestjs/common';
import { and, count, eq, sql } from 'drizzle-orm';
import { DatabaseService } from '../database/database.service';
import { ListQuery, listClauses, Page, readPage, whereAll } from '../common/list-query';
import { TrainingJobRow, trainingJobs } from './training-jobs.schema';

export const TRAINING_JOB_SORTABLE = ['timestamp', 'status', 'url'] as const;
export const TRAINING_JOB_FILTERABLE = ['id', 'status', '_type'] as const;

const columns = { id: trainingJobs.id, status: trainingJobs.status, url: trainingJobs.url, timestamp: trainingJobs.timestamp };

@Injectable()
export class TrainingJobsRepository {
  constructor(private readonly database: DatabaseService) {}

  async list(userId: string, query: ListQuery): Promise<Page<TrainingJobRow>> {
    // Every row here is a training job, so a `_type` filter only decides between all and none.
    const { _type, ...filter } = query.filter;
    if (_type !== undefined && _type !== 'training') return { rows: [], total: 0, start: query.range.start };
    const { where, orderBy } = listClauses({ ...query, filter }, columns, { orderBy: sql`${trainingJobs.timestamp} desc` });
    const condition = whereAll([eq(trainingJobs.userId, userId), ...where]);
    const db = this.database.db;
    return readPage(
      query,
      (offset, limit) => db.select().from(trainingJobs).where(condition).orderBy(...orderBy).offset(offset).limit(limit),
      async () => (await db.select({ total: count() }).from(trainingJobs).where(condition))[0].total,
    );
  }

  async findOwned(userId: string, id: string): Promise<TrainingJobRow | null> {
    const [row] = await this.database.db
      .select()
      .from(trainingJobs)
      .where(and(eq(trainingJobs.userId, userId), eq(trainingJobs.id, id)))
      .limit(1);
    return row ?? null;
  }
}
