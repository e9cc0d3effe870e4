import { Injectable } from '@nestjs/common';
import { and, asc, eq, gte, lt, sql, SQL } from 'drizzle-orm';
import { DatabaseService } from '../database/database.service';
import { Filterable, listClauses, ListQuery, Page, readPage } from '../common/list-query';
import { GenerationJobRow, generationJobs, GenerationSectionRow, generationSections, OmittedParameters } from '../generation/generation.schema';

export const HISTORY_SORTABLE = ['timestamp', 'status', 'title'] as const;
/** The union's fields, by the names a list query uses. */
const HISTORY_COLUMNS = { id: sql`id`, _type: sql`type`, status: sql`status`, title: sql`title`, timestamp: sql`"timestamp"` };
export const HISTORY_FILTERABLE = { q: 'search', id: 'uuid', _type: 'text', status: 'text' } as const satisfies Filterable;

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
  omitted_parameters: OmittedParameters[] | null;
}

/**
 * Tokens a model spent, summed. Sections written before Quire recorded the model and the split of
 * their tokens are under model null, with no tokens and an unknown cost.
 */
export interface ModelTokens {
  model: string | null;
  promptTokens: number;
  completionTokens: number;
  cachedTokens: number;
}

/** Generation and training entries of one user, together, as one list. */
@Injectable()
export class HistoryRepository {
  constructor(private readonly database: DatabaseService) {}

  /** Both kinds of entry as one relation, with the fields a History row shows. */
  private entries(userId: string): SQL {
    return sql`(
      select id, 'generation' as type, title, status, article_type, null::text as job_type, "timestamp", started_at, completed_at,
             message, view_url, sections_done, sections_total, tokens, omitted_parameters
        from generation_jobs where user_id = ${userId}
      union all
      select id, 'training' as type, url as title, status, null::text as article_type, 'training' as job_type, "timestamp", started_at, completed_at,
             message, meta->>'viewUrl' as view_url, null::int, null::int, null::int, null::jsonb
        from training_jobs where user_id = ${userId}
    ) entries`;
  }

  list(userId: string, query: ListQuery): Promise<Page<HistoryRow>> {
    const { where, orderBy } = listClauses(query, HISTORY_COLUMNS, { orderBy: sql`"timestamp" desc`, search: sql`title` });
    const condition = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
    const rows = (result: unknown) => (result as { rows: HistoryRow[] }).rows;
    const entries = this.entries(userId);
    return readPage(
      query,
      async (offset, limit) =>
        rows(
          await this.database.db.execute(sql`select * from ${entries} ${condition} order by ${sql.join(orderBy, sql`, `)}, id limit ${limit} offset ${offset}`),
        ),
      async () =>
        (rows(await this.database.db.execute(sql`select count(*)::int as total from ${entries} ${condition}`))[0] as unknown as { total: number }).total,
    );
  }

  async find(userId: string, id: string): Promise<HistoryRow | null> {
    const result = await this.database.db.execute(sql`select * from ${this.entries(userId)} where id = ${id}`);
    return ((result as unknown as { rows: HistoryRow[] }).rows[0] as HistoryRow | undefined) ?? null;
  }

  /** A generation job of this user (its History entry), with what the entry's detail shows. */
  async generationJob(userId: string, id: string): Promise<GenerationJobRow | null> {
    const [row] = await this.database.db
      .select()
      .from(generationJobs)
      .where(and(eq(generationJobs.id, id), eq(generationJobs.userId, userId)))
      .limit(1);
    return row ?? null;
  }

  /** The user's sections written from day `from` to day `to` (yyyy-MM-dd, UTC, both included): tokens summed by model, with the counts of sections and articles. */
  async usage(userId: string, from: string, to: string): Promise<{ articles: number; sections: number; byModel: ModelTokens[] }> {
    // Days in SQL, so the end of 9999-12-31 is still a time PostgreSQL can hold.
    const inRange = and(
      eq(generationJobs.userId, userId),
      gte(generationSections.createdAt, sql`(${from}::date)::timestamp at time zone 'UTC'`),
      lt(generationSections.createdAt, sql`(${to}::date + 1)::timestamp at time zone 'UTC'`),
    );
    const byModel = await this.database.db
      .select({
        model: generationSections.model,
        promptTokens: sql<number>`coalesce(sum(${generationSections.promptTokens}), 0)::float8`,
        completionTokens: sql<number>`coalesce(sum(${generationSections.completionTokens}), 0)::float8`,
        cachedTokens: sql<number>`coalesce(sum(${generationSections.cachedTokens}), 0)::float8`,
      })
      .from(generationSections)
      .innerJoin(generationJobs, eq(generationJobs.id, generationSections.jobId))
      .where(inRange)
      .groupBy(generationSections.model);
    const [counts] = await this.database.db
      .select({ articles: sql<number>`count(distinct ${generationSections.jobId})::int`, sections: sql<number>`count(*)::int` })
      .from(generationSections)
      .innerJoin(generationJobs, eq(generationJobs.id, generationSections.jobId))
      .where(inRange);
    return {
      articles: counts?.articles ?? 0,
      sections: counts?.sections ?? 0,
      byModel,
    };
  }

  async sections(jobId: string): Promise<GenerationSectionRow[]> {
    return this.database.db.select().from(generationSections).where(eq(generationSections.jobId, jobId)).orderBy(asc(generationSections.position));
  }
}
