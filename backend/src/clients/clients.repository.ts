import { ownedBy, Scope } from '../workspaces/scope';
import { Injectable } from '@nestjs/common';
import { and, count, eq, sql } from 'drizzle-orm';
import { DatabaseService } from '../database/database.service';
import { Filterable, listClauses, ListQuery, Page, readPage, whereAll } from '../common/list-query';
import { ClientRow, clients } from './clients.schema';

export const CLIENT_SORTABLE = ['name', 'created_at'] as const;
export const CLIENT_FILTERABLE = { q: 'search', id: 'uuid' } as const satisfies Filterable;

const columns = { id: clients.id, name: clients.name, created_at: clients.createdAt };

@Injectable()
export class ClientsRepository {
  constructor(private readonly database: DatabaseService) {}

  list(scope: Scope, query: ListQuery): Promise<Page<ClientRow>> {
    const db = this.database.db;
    const { where, orderBy } = listClauses(query, columns, { orderBy: sql`lower(${clients.name}) asc`, search: clients.name });
    const condition = whereAll([eq(clients.workspaceId, scope.workspaceId), ...where]);
    return readPage(
      query,
      (offset, limit) =>
        db
          .select()
          .from(clients)
          .where(condition)
          .orderBy(...orderBy)
          .offset(offset)
          .limit(limit),
      async () => (await db.select({ total: count() }).from(clients).where(condition))[0].total,
    );
  }

  async findOwned(scope: Scope, id: string): Promise<ClientRow | null> {
    const [row] = await this.database.db
      .select()
      .from(clients)
      .where(and(eq(clients.workspaceId, scope.workspaceId), eq(clients.id, id)))
      .limit(1);
    return row ?? null;
  }

  async findByName(scope: Scope, name: string): Promise<ClientRow | null> {
    const [row] = await this.database.db
      .select()
      .from(clients)
      .where(and(eq(clients.workspaceId, scope.workspaceId), sql`lower(${clients.name}) = lower(${name})`))
      .limit(1);
    return row ?? null;
  }

  /** Null when the user already has a client of that name (any case). */
  async create(scope: Scope, name: string): Promise<ClientRow | null> {
    const [row] = await this.database.db
      .insert(clients)
      .values({ ...ownedBy(scope), name })
      .onConflictDoNothing()
      .returning();
    return row ?? null;
  }

  async setSavePath(scope: Scope, id: string, savePath: string, savePathLabel: string): Promise<ClientRow | null> {
    const [row] = await this.database.db
      .update(clients)
      .set({ savePath, savePathLabel, updatedAt: new Date() })
      .where(and(eq(clients.workspaceId, scope.workspaceId), eq(clients.id, id)))
      .returning();
    return row ?? null;
  }

  async update(scope: Scope, id: string, values: Partial<Pick<ClientRow, 'name' | 'savePath' | 'savePathLabel'>>): Promise<ClientRow | null> {
    const [row] = await this.database.db
      .update(clients)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(clients.workspaceId, scope.workspaceId), eq(clients.id, id)))
      .returning();
    return row ?? null;
  }

  async delete(scope: Scope, id: string): Promise<ClientRow | null> {
    const [row] = await this.database.db
      .delete(clients)
      .where(and(eq(clients.workspaceId, scope.workspaceId), eq(clients.id, id)))
      .returning();
    return row ?? null;
  }
}
