import { Injectable } from '@nestjs/common';
import { asc, eq, sql } from 'drizzle-orm';
import type { Role } from '@quire/shared';
import { DatabaseService } from '../database/database.service';
import { memberships, WorkspaceRow, workspaces } from './workspaces.schema';

/** A workspace as one of its members sees it in their list. */
export interface WorkspaceOfMember {
  id: string;
  name: string;
  role: Role;
  members: number;
  createdAt: Date;
}

/** Workspaces themselves: made, renamed, listed for a member. The rules are WorkspacesService's. */
@Injectable()
export class WorkspacesRepository {
  constructor(private readonly database: DatabaseService) {}

  async rename(id: string, name: string): Promise<WorkspaceRow | null> {
    const [row] = await this.database.db.update(workspaces).set({ name, updatedAt: new Date() }).where(eq(workspaces.id, id)).returning();
    return row ?? null;
  }

  /** A new workspace with its maker as owner; `id` is given for a personal workspace (the person's own id). */
  async create(name: string, ownerId: string, id?: string): Promise<WorkspaceRow> {
    return this.database.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(workspaces)
        .values({ ...(id ? { id } : {}), name, createdBy: ownerId, driveUserId: ownerId })
        .onConflictDoNothing()
        .returning();
      if (!row) {
        const [existing] = await tx.select().from(workspaces).where(eq(workspaces.id, id!));
        return existing;
      }
      await tx.insert(memberships).values({ workspaceId: row.id, userId: ownerId, role: 'owner' }).onConflictDoNothing();
      return row;
    });
  }

  /** The workspaces a person belongs to, oldest membership first. */
  listForUser(userId: string): Promise<WorkspaceOfMember[]> {
    return this.database.db
      .select({
        id: workspaces.id,
        name: workspaces.name,
        role: memberships.role,
        members: sql<number>`(select count(*)::int from ${memberships} m where m.workspace_id = ${workspaces.id})`,
        createdAt: workspaces.createdAt,
      })
      .from(memberships)
      .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
      .where(eq(memberships.userId, userId))
      .orderBy(asc(memberships.createdAt), asc(workspaces.id));
  }
}
