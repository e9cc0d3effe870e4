import { ownedBy, Scope } from '../workspaces/scope';
import { Injectable } from '@nestjs/common';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { Filterable, listClauses, ListQuery, Page, readPage, whereAll } from '../common/list-query';
import { storableText } from '../common/storable-text';
import { DatabaseService } from '../database/database.service';
import { LeasedRows } from '../jobs/leased-rows';
import { PreviewRow, previews, PreviewSectionRow, previewSections } from './previews.schema';

export const PREVIEW_SORTABLE = ['created_at', 'title', 'status'] as const;
export const PREVIEW_FILTERABLE = { q: 'search', id: 'uuid', articleId: 'uuid', sectionId: 'uuid', status: 'text' } as const satisfies Filterable;

const columns = {
  id: previews.id,
  created_at: previews.createdAt,
  title: previews.title,
  status: previews.status,
  articleId: previews.articleId,
  sectionId: previews.sectionId,
};

export type NewPreview = Omit<
  typeof previews.$inferInsert,
  'id' | 'status' | 'message' | 'leaseUntil' | 'attempts' | 'createdAt' | 'startedAt' | 'completedAt' | 'workspaceId' | 'createdBy'
> & { scope: Scope };

/** Previews and their sections; the lease queries are LeasedRows'. */
@Injectable()
export class PreviewsRepository extends LeasedRows<typeof previews, PreviewRow> {
  constructor(private readonly databaseService: DatabaseService) {
    super(databaseService, previews);
  }

  private get db() {
    return this.databaseService.db;
  }

  async create({ scope, ...values }: NewPreview): Promise<PreviewRow> {
    const [row] = await this.db
      .insert(previews)
      .values({ ...values, ...ownedBy(scope), status: 'queued' })
      .returning();
    return row;
  }

  /** Newest first unless sorted otherwise. */
  list(scope: Scope, query: ListQuery): Promise<Page<PreviewRow>> {
    const { where, orderBy } = listClauses(query, columns, { orderBy: sql`${previews.createdAt} desc, ${previews.id} desc`, search: previews.title });
    const condition = whereAll([eq(previews.workspaceId, scope.workspaceId), ...where]);
    return readPage(
      query,
      (offset, limit) =>
        this.db
          .select()
          .from(previews)
          .where(condition)
          .orderBy(...orderBy)
          .offset(offset)
          .limit(limit),
      async () => (await this.db.select({ total: count() }).from(previews).where(condition))[0].total,
    );
  }

  async findOwned(scope: Scope, id: string): Promise<PreviewRow | null> {
    const [row] = await this.db
      .select()
      .from(previews)
      .where(and(eq(previews.workspaceId, scope.workspaceId), eq(previews.id, id)))
      .limit(1);
    return row ?? null;
  }

  async find(id: string): Promise<PreviewRow | null> {
    const [row] = await this.db.select().from(previews).where(eq(previews.id, id)).limit(1);
    return row ?? null;
  }

  /** The sections of several previews, by preview, variant and position. */
  async sections(previewIds: string[]): Promise<PreviewSectionRow[]> {
    if (previewIds.length === 0) return [];
    return this.db
      .select()
      .from(previewSections)
      .where(inArray(previewSections.previewId, previewIds))
      .orderBy(asc(previewSections.previewId), asc(previewSections.variant), asc(previewSections.position));
  }

  async saveSection(values: Omit<typeof previewSections.$inferInsert, 'id' | 'createdAt'>): Promise<void> {
    const row = {
      ...values,
      heading: storableText(values.heading),
      content: storableText(values.content),
      systemMessage: storableText(values.systemMessage),
      userMessage: storableText(values.userMessage),
    };
    const { previewId: _preview, variant: _variant, position: _position, ...changed } = row;
    await this.db
      .insert(previewSections)
      .values(row)
      .onConflictDoUpdate({
        target: [previewSections.previewId, previewSections.variant, previewSections.position],
        set: { ...changed, createdAt: new Date() },
      });
  }
}
