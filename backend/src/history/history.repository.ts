import type { WritingVendor } from '../connections/connections.schema';
import { Scope } from '../workspaces/scope';
import { Injectable } from '@nestjs/common';
import { and, asc, eq, gte, lt, sql, SQL } from 'drizzle-orm';
import { DatabaseService } from '../database/database.service';
import { Filterable, listClauses, listOrder, ListQuery, orderClauses, OrderTerm, Page, readPageFromNearerEnd } from '../common/list-query';
import { keptTotal } from '../workspaces/list-totals';
import { previews, previewSections } from '../previews/previews.schema';
import { GenerationJobRow, generationJobs, GenerationSectionRow, generationSections, OmittedParameters } from '../generation/generation.schema';

export const HISTORY_SORTABLE = ['timestamp', 'status', 'title'] as const;
/** The union's fields, by the names a list query uses. */
const HISTORY_COLUMNS = { id: sql`id`, _type: sql`type`, status: sql`status`, title: sql`title`, timestamp: sql`"timestamp"` };
/** Newest first; among entries of one moment, by id. */
const HISTORY_ORDER: OrderTerm[] = [
  { field: 'timestamp', order: 'DESC' },
  { field: 'id', order: 'DESC' },
];
/** What a History row answers (the union's fields but its workspace). */
const HISTORY_FIELDS = sql.raw(
  'id, type, title, status, article_type, job_type, "timestamp", started_at, completed_at, message, view_url, sections_done, sections_total, tokens, omitted_parameters',
);
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
  /** The vendor that wrote them: a model name may be served by two vendors (OpenAI and an OpenAI-compatible router). */
  vendor: WritingVendor;
  promptTokens: number;
  completionTokens: number;
  cachedTokens: number;
  /** Sections written through OpenAI's Batch API (priced at half) are summed apart from the others. */
  batch: boolean;
}

/** Generation and training entries of one user, together, as one list. */
@Injectable()
export class HistoryRepository {
  constructor(private readonly database: DatabaseService) {}

  /**
   * Both kinds of entry as one relation, with the fields a History row shows and the workspace,
   * which the reads filter on outside the union: so PostgreSQL merges the two tables' own indexes
   * (their `*_history_*` indexes) in the list's order rather than sorting every entry first.
   */
  private entries(): SQL {
    return sql`(
      select workspace_id, id, 'generation' as type, title, status, article_type, null::text as job_type, "timestamp", started_at, completed_at,
             message, view_url, sections_done, sections_total, tokens, omitted_parameters
        from generation_jobs
      union all
      select workspace_id, id, 'training' as type, url as title, status, null::text as article_type, 'training' as job_type, "timestamp", started_at, completed_at,
             message, meta->>'viewUrl' as view_url, null::int, null::int, null::int, null::jsonb
        from training_jobs
    ) entries`;
  }

  /**
   * A page of History, newest first unless sorted: chosen by the tables' indexes and read from the
   * list's nearer end (`readPageFromNearerEnd`); its total is the kept one (list_totals) unless the
   * filter is on more than the entry's type.
   */
  list(scope: Scope, query: ListQuery): Promise<Page<HistoryRow>> {
    const { where } = listClauses(query, HISTORY_COLUMNS, { orderBy: sql`"timestamp" desc`, search: sql`title` });
    const condition = sql`where workspace_id = ${scope.workspaceId}${sql.join(
      where.map((clause) => sql` and ${clause}`),
      sql``,
    )}`;
    const order = listOrder(query, HISTORY_ORDER);
    const rows = (result: unknown) => (result as { rows: HistoryRow[] }).rows;
    const filtered = Object.keys(query.filter);
    return readPageFromNearerEnd(
      query,
      async (offset, limit, reversed) =>
        rows(
          await this.database.db.execute(
            sql`select ${HISTORY_FIELDS} from ${this.entries()} ${condition} order by ${sql.join(orderClauses(order, HISTORY_COLUMNS, reversed), sql`, `)} limit ${limit} offset ${offset}`,
          ),
        ),
      async () =>
        filtered.every((field) => field === '_type')
          ? keptTotal(this.database.db, scope.workspaceId, 'history', { a: query.filter._type })
          : (rows(await this.database.db.execute(sql`select count(*)::int as total from ${this.entries()} ${condition}`))[0] as unknown as { total: number })
              .total,
    );
  }

  async find(scope: Scope, id: string): Promise<HistoryRow | null> {
    const result = await this.database.db.execute(
      sql`select ${HISTORY_FIELDS} from ${this.entries()} where workspace_id = ${scope.workspaceId} and id = ${id}`,
    );
    return ((result as unknown as { rows: HistoryRow[] }).rows[0] as HistoryRow | undefined) ?? null;
  }

  /** A generation job of this user (its History entry), with what the entry's detail shows. */
  async generationJob(scope: Scope, id: string): Promise<GenerationJobRow | null> {
    const [row] = await this.database.db
      .select()
      .from(generationJobs)
      .where(and(eq(generationJobs.id, id), eq(generationJobs.workspaceId, scope.workspaceId)))
      .limit(1);
    return row ?? null;
  }

  /** The user's sections written from day `from` to day `to` (yyyy-MM-dd, UTC, both included): tokens summed by model, with the counts of sections and articles. */
  /**
   * What the user's articles and previews spent between two days (UTC, both included): the
   * sections written then, counted on the day OpenAI wrote them, summed by model.
   */
  async usage(scope: Scope, from: string, to: string): Promise<{ articles: number; previews: number; sections: number; byModel: ModelTokens[] }> {
    // Days in SQL, so the end of 9999-12-31 is still a time PostgreSQL can hold.
    const within = (column: typeof generationSections.createdAt | typeof previewSections.createdAt) => [
      gte(column, sql`(${from}::date)::timestamp at time zone 'UTC'`),
      lt(column, sql`(${to}::date + 1)::timestamp at time zone 'UTC'`),
    ];
    const inRange = and(eq(generationJobs.workspaceId, scope.workspaceId), ...within(generationSections.createdAt));
    const previewsInRange = and(eq(previews.workspaceId, scope.workspaceId), ...within(previewSections.createdAt));
    const articleModels = await this.database.db
      .select({
        model: generationSections.model,
        vendor: generationSections.vendor,
        promptTokens: sql<number>`coalesce(sum(${generationSections.promptTokens}), 0)::float8`,
        completionTokens: sql<number>`coalesce(sum(${generationSections.completionTokens}), 0)::float8`,
        cachedTokens: sql<number>`coalesce(sum(${generationSections.cachedTokens}), 0)::float8`,
        batch: generationSections.batch,
      })
      .from(generationSections)
      .innerJoin(generationJobs, eq(generationJobs.id, generationSections.jobId))
      .where(inRange)
      .groupBy(generationSections.model, generationSections.vendor, generationSections.batch);
    const previewModels = await this.database.db
      .select({
        model: previewSections.model,
        vendor: previewSections.vendor,
        promptTokens: sql<number>`coalesce(sum(${previewSections.promptTokens}), 0)::float8`,
        completionTokens: sql<number>`coalesce(sum(${previewSections.completionTokens}), 0)::float8`,
        cachedTokens: sql<number>`coalesce(sum(${previewSections.cachedTokens}), 0)::float8`,
        batch: sql<boolean>`false`,
      })
      .from(previewSections)
      .innerJoin(previews, eq(previews.id, previewSections.previewId))
      .where(previewsInRange)
      .groupBy(previewSections.model, previewSections.vendor);
    const [counts] = await this.database.db
      .select({ articles: sql<number>`count(distinct ${generationSections.jobId})::int`, sections: sql<number>`count(*)::int` })
      .from(generationSections)
      .innerJoin(generationJobs, eq(generationJobs.id, generationSections.jobId))
      .where(inRange);
    const [previewCounts] = await this.database.db
      .select({ previews: sql<number>`count(distinct ${previewSections.previewId})::int`, sections: sql<number>`count(*)::int` })
      .from(previewSections)
      .innerJoin(previews, eq(previews.id, previewSections.previewId))
      .where(previewsInRange);
    // One row per model, vendor and price (batch or not), articles' and previews' tokens together.
    const byModel = new Map<string, ModelTokens>();
    for (const row of [...articleModels, ...previewModels]) {
      const key = `${row.model}|${row.vendor}|${row.batch}`;
      const sum = byModel.get(key);
      byModel.set(
        key,
        sum
          ? {
              model: row.model,
              vendor: row.vendor,
              promptTokens: sum.promptTokens + row.promptTokens,
              completionTokens: sum.completionTokens + row.completionTokens,
              cachedTokens: sum.cachedTokens + row.cachedTokens,
              batch: row.batch,
            }
          : row,
      );
    }
    return {
      articles: counts?.articles ?? 0,
      previews: previewCounts?.previews ?? 0,
      sections: (counts?.sections ?? 0) + (previewCounts?.sections ?? 0),
      byModel: [...byModel.values()],
    };
  }

  async sections(jobId: string): Promise<GenerationSectionRow[]> {
    return this.database.db.select().from(generationSections).where(eq(generationSections.jobId, jobId)).orderBy(asc(generationSections.position));
  }
}
