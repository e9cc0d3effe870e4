import { ownedBy, Scope } from '../workspaces/scope';
import { Injectable } from '@nestjs/common';
import { and, count, eq, SQL, sql } from 'drizzle-orm';
import { DatabaseService, Queries } from '../database/database.service';
import { Filterable, listClauses, ListQuery, Page, readPage, whereAll } from '../common/list-query';
import { ArticleRow, articles } from './articles.schema';

export const ARTICLE_SORTABLE = ['article_title', 'article_type', 'created_at', 'updated_at'] as const;
/** `model`: the articles with an entry writing with that model (or any of a list). */
export const ARTICLE_FILTERABLE = { q: 'search', id: 'uuid', article_type: 'text', model: 'uuid' } as const satisfies Filterable;

/** An article with an entry writing with one of these models (the entries' `model`, any case). */
function writesWith(models: string | string[]): SQL {
  const list = (Array.isArray(models) ? models : [models]).map((model) => sql`${model.toLowerCase()}`);
  if (list.length === 0) return sql`false`;
  return sql`exists (select 1 from jsonb_array_elements(${articles.sections}) e where lower(e->>'model') in (${sql.join(list, sql`, `)}))`;
}

const columns = {
  id: articles.id,
  article_title: articles.articleTitle,
  article_type: articles.articleType,
  created_at: articles.createdAt,
  updated_at: articles.updatedAt,
};

export type ArticleValues = Pick<ArticleRow, 'articleTitle' | 'articleType' | 'notes' | 'sections' | 'bulk'>;

@Injectable()
export class ArticlesRepository {
  constructor(private readonly database: DatabaseService) {}

  list(scope: Scope, query: ListQuery): Promise<Page<ArticleRow>> {
    const db = this.database.db;
    const { model, ...filter } = query.filter;
    const { where, orderBy } = listClauses({ ...query, filter }, columns, { orderBy: sql`${articles.articleTitle} asc`, search: articles.articleTitle });
    const condition = whereAll([eq(articles.workspaceId, scope.workspaceId), ...where, model === undefined ? undefined : writesWith(model)]);
    return readPage(
      query,
      (offset, limit) =>
        db
          .select()
          .from(articles)
          .where(condition)
          .orderBy(...orderBy)
          .offset(offset)
          .limit(limit),
      async () => (await db.select({ total: count() }).from(articles).where(condition))[0].total,
    );
  }

  async findOwned(scope: Scope, id: string): Promise<ArticleRow | null> {
    const [row] = await this.database.db
      .select()
      .from(articles)
      .where(and(eq(articles.workspaceId, scope.workspaceId), eq(articles.id, id)))
      .limit(1);
    return row ?? null;
  }

  /** How many of the user's articles have an entry writing with each model (the entries' `model`). */
  async countByModel(scope: Scope): Promise<Map<string, number>> {
    const result = await this.database.db.execute(sql`
      select lower(e.entry->>'model') as model, count(distinct a.id)::int as articles
      from ${articles} a, jsonb_array_elements(a.sections) as e(entry)
      where a.workspace_id = ${scope.workspaceId}
      group by 1`);
    const rows = (result as unknown as { rows: { model: string; articles: number | string }[] }).rows;
    return new Map(rows.map((row) => [row.model, Number(row.articles)]));
  }

  /** The user's articles with an entry writing with a model. */
  withModel(scope: Scope, model: string, db: Queries = this.database.db): Promise<ArticleRow[]> {
    return db
      .select()
      .from(articles)
      .where(and(eq(articles.workspaceId, scope.workspaceId), writesWith(model)));
  }

  /** Articles whose title or type (any case) matches, for resolving a Notion row's template. */
  async findByTitle(scope: Scope, title: string): Promise<ArticleRow | null> {
    const [row] = await this.database.db
      .select()
      .from(articles)
      .where(and(eq(articles.workspaceId, scope.workspaceId), sql`lower(${articles.articleTitle}) = lower(${title})`))
      .limit(1);
    return row ?? null;
  }

  async findByType(scope: Scope, type: string): Promise<ArticleRow[]> {
    return this.database.db
      .select()
      .from(articles)
      .where(and(eq(articles.workspaceId, scope.workspaceId), sql`lower(${articles.articleType}) = lower(${type})`))
      .orderBy(articles.articleTitle);
  }

  /** Null when the title is taken (titles are unique per user, any case). */
  async create(scope: Scope, values: ArticleValues): Promise<ArticleRow | null> {
    const [row] = await this.database.db
      .insert(articles)
      .values({ ...ownedBy(scope), ...values })
      .onConflictDoNothing()
      .returning();
    return row ?? null;
  }

  async titleTakenByAnother(scope: Scope, title: string, id: string): Promise<boolean> {
    const rows = await this.database.db
      .select({ id: articles.id })
      .from(articles)
      .where(and(eq(articles.workspaceId, scope.workspaceId), sql`lower(${articles.articleTitle}) = lower(${title})`, sql`${articles.id} <> ${id}`))
      .limit(1);
    return rows.length > 0;
  }

  async update(scope: Scope, id: string, values: ArticleValues, db: Queries = this.database.db): Promise<ArticleRow | null> {
    const [row] = await db
      .update(articles)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(articles.workspaceId, scope.workspaceId), eq(articles.id, id)))
      .returning();
    return row ?? null;
  }

  async delete(scope: Scope, id: string): Promise<ArticleRow | null> {
    const [row] = await this.database.db
      .delete(articles)
      .where(and(eq(articles.workspaceId, scope.workspaceId), eq(articles.id, id)))
      .returning();
    return row ?? null;
  }
}
