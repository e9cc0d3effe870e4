import { Injectable } from '@nestjs/common';
import { and, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Role } from '@quire/shared';
import { DatabaseService } from '../database/database.service';
import { users } from '../users/users.schema';
import { memberships, workspaces } from '../workspaces/workspaces.schema';
import { ApiTokenRow, apiTokens } from './tokens.schema';

/** A token as its list shows it: its person's name, and the role their membership holds now. */
export interface ListedToken {
  token: ApiTokenRow;
  personName: string;
  memberRole: Role;
}

/** What a token's request acts as: its person, its workspace and the roles of both. */
export interface TokenHolder {
  token: ApiTokenRow;
  person: { id: string; name: string; email: string; avatar: string | null };
  workspaceName: string;
  memberRole: Role;
}

@Injectable()
export class TokensRepository {
  constructor(private readonly database: DatabaseService) {}

  private get db() {
    return this.database.db;
  }

  async create(values: typeof apiTokens.$inferInsert): Promise<ApiTokenRow> {
    const [row] = await this.db.insert(apiTokens).values(values).returning();
    return row;
  }

  /** How many tokens the person has in the workspace. */
  async countOf(workspaceId: string, userId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(apiTokens)
      .where(and(eq(apiTokens.workspaceId, workspaceId), eq(apiTokens.userId, userId)));
    return row?.n ?? 0;
  }

  /** The workspace's tokens (only `userId`'s when given; only token `id` when given), newest first. */
  list(workspaceId: string, userId: string | null, id?: string): Promise<ListedToken[]> {
    return this.db
      .select({ token: apiTokens, personName: users.name, memberRole: memberships.role })
      .from(apiTokens)
      .innerJoin(users, eq(users.id, apiTokens.userId))
      .innerJoin(memberships, and(eq(memberships.workspaceId, apiTokens.workspaceId), eq(memberships.userId, apiTokens.userId)))
      .where(and(eq(apiTokens.workspaceId, workspaceId), userId ? eq(apiTokens.userId, userId) : undefined, id ? eq(apiTokens.id, id) : undefined))
      .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  }

  /** Removes the workspace's token `id` (only `userId`'s when given); answers it, or null. */
  async remove(workspaceId: string, id: string, userId: string | null): Promise<ApiTokenRow | null> {
    const [row] = await this.db
      .delete(apiTokens)
      .where(and(eq(apiTokens.workspaceId, workspaceId), eq(apiTokens.id, id), userId ? eq(apiTokens.userId, userId) : undefined))
      .returning();
    return row ?? null;
  }

  /** The token of this hash with its person and their membership now; null when there is none (or no membership). */
  async holder(hash: string): Promise<TokenHolder | null> {
    const [row] = await this.db
      .select({
        token: apiTokens,
        person: { id: users.id, name: users.name, email: users.email, avatar: users.avatar },
        workspaceName: workspaces.name,
        memberRole: memberships.role,
      })
      .from(apiTokens)
      .innerJoin(users, eq(users.id, apiTokens.userId))
      .innerJoin(memberships, and(eq(memberships.workspaceId, apiTokens.workspaceId), eq(memberships.userId, apiTokens.userId)))
      .innerJoin(workspaces, eq(workspaces.id, apiTokens.workspaceId))
      .where(eq(apiTokens.hash, hash))
      .limit(1);
    return row ?? null;
  }

  /**
   * Lowers the person's tokens to their role now in each workspace where a token's is higher (a
   * member given a lower role keeps tokens no higher than it, even if raised again later).
   */
  async lowerToMembership(userId: string): Promise<void> {
    const rank = (column: string) => sql.raw(`(case ${column} when 'owner' then 3 when 'editor' then 2 else 1 end)`);
    await this.db.execute(sql`
      update ${apiTokens} t set role = m.role from ${memberships} m
       where t.user_id = ${userId} and m.workspace_id = t.workspace_id and m.user_id = t.user_id and ${rank('t.role')} > ${rank('m.role')}`);
  }

  /** Records a use, unless one after `seenBefore` was recorded already (by this server or another). */
  async touch(id: string, at: Date, seenBefore: Date): Promise<void> {
    await this.db
      .update(apiTokens)
      .set({ lastUsedAt: at })
      .where(and(eq(apiTokens.id, id), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, seenBefore))));
  }
}
