import { Injectable } from '@nestjs/common';
import { and, count, eq, sql } from 'drizzle-orm';
import { DatabaseService } from '../database/database.service';
import { Filterable, listClauses, ListQuery, Page, readPage, whereAll } from '../common/list-query';
import { Scope } from '../workspaces/scope';
import { ModelConnectionRow, modelConnections } from './connections.schema';

export const CONNECTION_SORTABLE = ['name', 'created_at'] as const;
export const CONNECTION_FILTERABLE = { q: 'search', id: 'uuid' } as const satisfies Filterable;

const columns = { id: modelConnections.id, name: modelConnections.name, created_at: modelConnections.createdAt };

@Injectable()
export class ConnectionsRepository {
  constructor(private readonly database: DatabaseService) {}

  list(scope: Scope, query: ListQuery): Promise<Page<ModelConnectionRow>> {
    const db = this.database.db;
    const { where, orderBy } = listClauses(query, columns, { orderBy: sql`${modelConnections.createdAt} asc`, search: modelConnections.name });
    const condition = whereAll([eq(modelConnections.workspaceId, scope.workspaceId), ...where]);
    return readPage(
      query,
      (offset, limit) =>
        db
          .select()
          .from(modelConnections)
          .where(condition)
          .orderBy(...orderBy)
          .offset(offset)
          .limit(limit),
      async () => (await db.select({ total: count() }).from(modelConnections).where(condition))[0].total,
    );
  }

  async findOwned(scope: Scope, id: string): Promise<ModelConnectionRow | null> {
    const [row] = await this.database.db
      .select()
      .from(modelConnections)
      .where(and(eq(modelConnections.workspaceId, scope.workspaceId), eq(modelConnections.id, id)))
      .limit(1);
    return row ?? null;
  }

  /** The provider of the workspace with this name, any case. */
  async findByName(scope: Scope, name: string): Promise<ModelConnectionRow | null> {
    const [row] = await this.database.db
      .select()
      .from(modelConnections)
      .where(and(eq(modelConnections.workspaceId, scope.workspaceId), sql`lower(${modelConnections.name}) = lower(${name})`))
      .limit(1);
    return row ?? null;
  }

  /** Inserts the connection with its id chosen first, so its key is sealed for that id. */
  async insert(row: Pick<ModelConnectionRow, 'id' | 'workspaceId' | 'createdBy' | 'kind' | 'name' | 'baseUrl' | 'apiKey'>): Promise<ModelConnectionRow> {
    const [created] = await this.database.db.insert(modelConnections).values(row).returning();
    return created;
  }

  async update(scope: Scope, id: string, values: Partial<Pick<ModelConnectionRow, 'name' | 'baseUrl' | 'apiKey'>>): Promise<ModelConnectionRow | null> {
    const [updated] = await this.database.db
      .update(modelConnections)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(modelConnections.workspaceId, scope.workspaceId), eq(modelConnections.id, id)))
      .returning();
    return updated ?? null;
  }

  async delete(scope: Scope, id: string): Promise<ModelConnectionRow | null> {
    const [deleted] = await this.database.db
      .delete(modelConnections)
      .where(and(eq(modelConnections.workspaceId, scope.workspaceId), eq(modelConnections.id, id)))
      .returning();
    return deleted ?? null;
  }
}
