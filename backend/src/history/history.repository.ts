import type { WritingVendor } from '../connections/connections.schema';
import { Scope } from '../workspaces/scope';
import { Injectable } from '@nestjs/common';
import { and, asc, eq, gte, lte, sql, SQL } from 'drizzle-orm';
import { DatabaseService } from '../database/database.service';
import { Filterable, listClauses, listOrder, ListQuery, orderClauses, OrderTerm, Page, readPageFromNearerEnd } from '../common/list-query';
import { listTotal } from '../workspaces/list-totals';
import { usageDays } from './usage-days.schema';
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
    const { where } = listClauses(query, HISTORY_COLUMNS, { search: sql`title` });
    const condition = sql`where workspace_id = ${scope.workspaceId}${sql.join(
      where.map((clause) => sql` and ${clause}`),
      sql``,
    )}`;
    const order = listOrder(query, HISTORY_ORDER);
    const rows = (result: unknown) => (result as { rows: HistoryRow[] }).rows;
    return readPageFromNearerEnd(
      query,
      async (offset, limit, reversed) =>
        rows(
          await this.database.db.execute(
            sql`select ${HISTORY_FIELDS} from ${this.entries()} ${condition} order by ${sql.join(orderClauses(order, HISTORY_COLUMNS, reversed), sql`, `)} limit ${limit} offset ${offset}`,
          ),
        ),
      () =>
        listTotal(
          this.database.db,
          scope.workspaceId,
          'history',
          query.filter,
          async () =>
            (rows(await this.database.db.execute(sql`select count(*)::int as total from ${this.entries()} ${condition}`))[0] as unknown as { total: number })
              .total,
        ),
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

  /**
   * What the user's articles and previews spent between two days (UTC, both included): the
   * sections written then, counted on the day they were written, summed by model, with how many
   * articles, previews and sections that is. Read from usage_days, which the database keeps as
   * sections are saved: a month is a few rows an article, whatever the number of sections.
   */
  async usage(scope: Scope, from: string, to: string): Promise<{ articles: number; previews: number; sections: number; byModel: ModelTokens[] }> {
    const within = and(eq(usageDays.workspaceId, scope.workspaceId), gte(usageDays.day, from), lte(usageDays.day, to));
    const byModel = await this.database.db
      .select({
        model: usageDays.model,
        vendor: usageDays.vendor,
        batch: usageDays.batch,
        promptTokens: sql<number>`sum(${usageDays.promptTokens})::float8`,
        completionTokens: sql<number>`sum(${usageDays.completionTokens})::float8`,
        cachedTokens: sql<number>`sum(${usageDays.cachedTokens})::float8`,
      })
      .from(usageDays)
      .where(within)
      .groupBy(usageDays.model, usageDays.vendor, usageDays.batch);
    const [counts] = await this.database.db
      .select({
        articles: sql<number>`count(distinct ${usageDays.jobId})::int`,
        previews: sql<number>`count(distinct ${usageDays.previewId})::int`,
        sections: sql<number>`coalesce(sum(${usageDays.sections}), 0)::int`,
      })
      .from(usageDays)
      .where(within);
    return { articles: counts?.articles ?? 0, previews: counts?.previews ?? 0, sections: counts?.sections ?? 0, byModel };
  }

  async sections(jobId: string): Promise<GenerationSectionRow[]> {
    return this.database.db.select().from(generationSections).where(eq(generationSections.jobId, jobId)).orderBy(asc(generationSections.position));
  }
}
