import { Injectable } from '@nestjs/common';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Role } from '@quire/shared';
import { DatabaseService } from '../database/database.service';
import { ListQuery, Page, readPage } from '../common/list-query';
import { users } from '../users/users.schema';
import { memberships, workspaces } from './workspaces.schema';

/** A member as the Members screen lists them. */
export interface MemberRow {
  userId: string;
  name: string;
  email: string;
  avatar: string | null;
  role: Role;
  joinedAt: Date;
}

const memberColumns = {
  userId: users.id,
  name: users.name,
  email: users.email,
  avatar: users.avatar,
  role: memberships.role,
  joinedAt: memberships.createdAt,
};

/** Who belongs to a workspace, with which role: the queries. The rules are MembersService's. */
@Injectable()
export class MembersRepository {
  constructor(private readonly database: DatabaseService) {}

  /** A person's role in a workspace, with its name; null when they are not a member. */
  async membership(workspaceId: string, userId: string): Promise<{ role: Role; name: string } | null> {
    const [row] = await this.database.db
      .select({ role: memberships.role, name: workspaces.name })
      .from(memberships)
      .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
      .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId)))
      .limit(1);
    return row ?? null;
  }

  /** Who belongs to a workspace (their person ids). */
  async memberIds(workspaceId: string): Promise<string[]> {
    const rows = await this.database.db.select({ userId: memberships.userId }).from(memberships).where(eq(memberships.workspaceId, workspaceId));
    return rows.map((row) => row.userId);
  }

  members(workspaceId: string, query: ListQuery): Promise<Page<MemberRow>> {
    const db = this.database.db;
    const where = eq(memberships.workspaceId, workspaceId);
    return readPage(
      query,
      (offset, limit) =>
        db
          .select(memberColumns)
          .from(memberships)
          .innerJoin(users, eq(users.id, memberships.userId))
          .where(where)
          .orderBy(asc(memberships.createdAt), asc(users.id))
          .offset(offset)
          .limit(limit),
      async () => (await db.select({ total: count() }).from(memberships).where(where))[0].total,
    );
  }

  async member(workspaceId: string, userId: string): Promise<MemberRow | null> {
    const [row] = await this.database.db
      .select(memberColumns)
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId)))
      .limit(1);
    return row ?? null;
  }

  async owners(workspaceId: string): Promise<number> {
    const [row] = await this.database.db
      .select({ owners: count() })
      .from(memberships)
      .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.role, 'owner')));
    return row.owners;
  }

  async setRole(workspaceId: string, userId: string, role: Role): Promise<void> {
    await this.database.db
      .update(memberships)
      .set({ role })
      .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId)));
  }

  async removeMember(workspaceId: string, userId: string): Promise<void> {
    await this.database.db.delete(memberships).where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId)));
  }

  /** Whose Google account writes the workspace's Docs: the one who saved the connections, while still an owner; else the oldest owner. */
  async driveUser(workspaceId: string): Promise<string | null> {
    const [row] = await this.database.db
      .select({ userId: memberships.userId })
      .from(memberships)
      .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
      .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.role, 'owner')))
      .orderBy(sql`${memberships.userId} = ${workspaces.driveUserId} desc nulls last`, asc(memberships.createdAt))
      .limit(1);
    return row?.userId ?? null;
  }

  async memberByEmail(workspaceId: string, email: string): Promise<boolean> {
    const [row] = await this.database.db
      .select({ userId: memberships.userId })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.workspaceId, workspaceId), eq(sql`lower(${users.email})`, email.toLowerCase())))
      .limit(1);
    return Boolean(row);
  }
}
