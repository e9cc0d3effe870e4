import { ownedBy, Scope } from '../workspaces/scope';
import { Injectable } from '@nestjs/common';
import { and, count, eq, sql } from 'drizzle-orm';
import { DatabaseService } from '../database/database.service';
import { Filterable, listClauses, ListQuery, Page, readPage, whereAll } from '../common/list-query';
import type { LogitBiasMaps } from '../integrations/openai/tokenizer';
import { BiasEntry, LogitBiasGroupRow, logitBiasGroups } from './logit-bias-groups.schema';

export const BIAS_SORTABLE = ['name', 'word_count', 'created_at', 'updated_at'] as const;
export const BIAS_FILTERABLE = { q: 'search', id: 'uuid' } as const satisfies Filterable;

const columns = {
  id: logitBiasGroups.id,
  name: logitBiasGroups.name,
  word_count: logitBiasGroups.wordCount,
  created_at: logitBiasGroups.createdAt,
  updated_at: logitBiasGroups.updatedAt,
};

export interface BiasGroupValues {
  name: string;
  entries: BiasEntry[];
  words: string[];
  wordCount: number;
  logitBias: LogitBiasMaps;
}

@Injectable()
export class LogitBiasGroupsRepository {
  constructor(private readonly database: DatabaseService) {}

  list(scope: Scope, query: ListQuery): Promise<Page<LogitBiasGroupRow>> {
    const db = this.database.db;
    const { where, orderBy } = listClauses(query, columns, { orderBy: sql`${logitBiasGroups.createdAt} desc`, search: logitBiasGroups.name });
    const condition = whereAll([eq(logitBiasGroups.workspaceId, scope.workspaceId), ...where]);
    return readPage(
      query,
      (offset, limit) =>
        db
          .select()
          .from(logitBiasGroups)
          .where(condition)
          .orderBy(...orderBy)
          .offset(offset)
          .limit(limit),
      async () => (await db.select({ total: count() }).from(logitBiasGroups).where(condition))[0].total,
    );
  }

  async findOwned(scope: Scope, id: string): Promise<LogitBiasGroupRow | null> {
    const [row] = await this.database.db
      .select()
      .from(logitBiasGroups)
      .where(and(eq(logitBiasGroups.workspaceId, scope.workspaceId), eq(logitBiasGroups.id, id)))
      .limit(1);
    return row ?? null;
  }

  async create(scope: Scope, values: BiasGroupValues): Promise<LogitBiasGroupRow> {
    const [row] = await this.database.db
      .insert(logitBiasGroups)
      .values({ ...ownedBy(scope), ...values })
      .returning();
    return row;
  }

  async update(scope: Scope, id: string, values: Partial<BiasGroupValues>): Promise<LogitBiasGroupRow | null> {
    const [row] = await this.database.db
      .update(logitBiasGroups)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(logitBiasGroups.workspaceId, scope.workspaceId), eq(logitBiasGroups.id, id)))
      .returning();
    return row ?? null;
  }

  /** Keeps the maps made for a list saved before they were kept, unless its groups have changed since they were read. */
  async keepMaps(id: string, entries: BiasEntry[], logitBias: LogitBiasMaps): Promise<void> {
    await this.database.db
      .update(logitBiasGroups)
      .set({ logitBias })
      .where(and(eq(logitBiasGroups.id, id), eq(logitBiasGroups.entries, entries)));
  }

  async delete(scope: Scope, id: string): Promise<LogitBiasGroupRow | null> {
    const [row] = await this.database.db
      .delete(logitBiasGroups)
      .where(and(eq(logitBiasGroups.workspaceId, scope.workspaceId), eq(logitBiasGroups.id, id)))
      .returning();
    return row ?? null;
  }
}
