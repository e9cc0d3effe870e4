import { Injectable } from '@nestjs/common';
import { sql, SQL } from 'drizzle-orm';
import { DatabaseService } from '../database/database.service';
import { ListQuery, Page, readPage } from '../common/list-query';

export const HISTORY_SORTABLE = ['timestamp', 'status', 'title'] as const;
export const HISTORY_FILTERABLE = ['_type', 'status'] as const;

export interface HistoryRow {
  id: string;
  type: 'generation' | 'training';
  title: string;
  status: string;
  article_type: string | null;
  job_type: string | null;
  timestamp: Date;
  started_at: Date | null;
  completed_at: Date | null;
  message: string | null;
  view_url: string | null;
  sections_done: number | null;
  sections_total: number | null;
  tokens: number | null;
}

/** Generation and training entries of one user, together, as one list. */
@Injectable()
export class HistoryRepository {
  constructor(private readonly database: DatabaseService) {}

  list(userId: string, query: ListQuery): Promise<Page<HistoryRow>> {
    const entries = sql`(
      select id, 'generation' as type, title, status, article_type, null::text as job_type, "timestamp", started_at, completed_at,
             message, view_url, sections_done, sections_total, tokens
        from generation_jobs where user_id = ${userId}
      union all
      select id, 'training' as type, url as title, status, null::text as article_type, 'training' as job_type, "timestamp", started_at, completed_at,
             message, meta->>'viewUrl' as view_url, null::int, null::int, null::int
        from training_jobs where user_id = ${userId}
    ) entries`;
    const conditions: SQL[] = [];
    if (typeof query.filter._type === 'string') conditions.push(sql`type = ${query.filter._type}`);
    if (typeof query.filter.status === 'string') conditions.push(sql`status = ${query.filter.status}`);
    const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
    const column = { timestamp: sql`"timestamp"`, status: sql`status`, title: sql`title` }[query.sort?.field ?? 'timestamp'] ?? sql`"timestamp"`;
    const order = query.sort?.order === 'ASC' ? sql`asc` : sql`desc`;
    const rows = (result: unknown) => (result as { rows: HistoryRow[] }).rows;
    return readPage(
      query,
      async (offset, limit) => rows(await this.database.db.execute(sql`select * from ${entries} ${where} order by ${column} ${order}, id limit ${limit} offset ${offset}`)),
      async () => (rows(await this.database.db.execute(sql`select count(*)::int as total from ${entries} ${where}`))[0] as unknown as { total: number }).total,
    );
  }
}
