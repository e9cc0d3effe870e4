import { Injectable } from '@nestjs/common';
import { and, asc, count, eq, gt, isNotNull, lt, sql } from 'drizzle-orm';
import type { Role } from '@quire/shared';
import { DatabaseService } from '../database/database.service';
import { ListQuery, Page, readPage } from '../common/list-query';
import { users, type StatusConfig } from '../users/users.schema';
import { InvitationRow, invitations, memberships, notionWebhookEvents, WorkspaceRow, workspaces } from './workspaces.schema';

export type WorkspaceSecretsPatch = Partial<Pick<WorkspaceRow, 'notionSecret' | 'notionDatabaseId' | 'openAiApiKey'>>;

/** A workspace as one of its members sees it in their list. */
export interface WorkspaceOfMember {
  id: string;
  name: string;
  role: Role;
  members: number;
  createdAt: Date;
}

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

/** Workspaces, their members and invitations: the queries. The rules are WorkspacesService's. */
@Injectable()
export class WorkspacesRepository {
  constructor(private readonly database: DatabaseService) {}

  async findById(id: string): Promise<WorkspaceRow | null> {
    const [row] = await this.database.db.select().from(workspaces).where(eq(workspaces.id, id)).limit(1);
    return row ?? null;
  }

  /** Workspaces with a Notion secret and database id: each is polled once, however many members it has. */
  withNotionSettings(): Promise<WorkspaceRow[]> {
    return this.database.db
      .select()
      .from(workspaces)
      .where(and(isNotNull(workspaces.notionSecret), isNotNull(workspaces.notionDatabaseId)));
  }

  /** The person who saves the connections becomes the one whose Google account writes the workspace's Docs. */
  async updateSecrets(id: string, patch: WorkspaceSecretsPatch, by: string): Promise<WorkspaceRow> {
    const [row] = await this.database.db
      .update(workspaces)
      .set({ ...patch, driveUserId: by, updatedAt: new Date() })
      .where(eq(workspaces.id, id))
      .returning();
    return row;
  }

  async updateStatusConfig(id: string, statusConfig: StatusConfig): Promise<WorkspaceRow> {
    const [row] = await this.database.db.update(workspaces).set({ statusConfig, updatedAt: new Date() }).where(eq(workspaces.id, id)).returning();
    return row;
  }

  /** The workspace a Notion webhook address names. */
  async findByWebhookToken(token: string): Promise<WorkspaceRow | null> {
    const [row] = await this.database.db.select().from(workspaces).where(eq(workspaces.notionWebhookToken, token)).limit(1);
    return row ?? null;
  }

  /** A subscription's verification token (sealed), which signed deliveries must check out with: not verified until one does. */
  async setWebhookVerification(id: string, sealed: string | null): Promise<void> {
    await this.database.db
      .update(workspaces)
      .set({ notionWebhookVerification: sealed, notionWebhookVerifiedAt: null, notionWebhookDeliveredAt: null })
      .where(eq(workspaces.id, id));
  }

  /**
   * A signed delivery arrived: the webhook is verified (from the first), and live if Quire reads it
   * (`read` false: an event of an API version Quire refuses, which must not slow the poll down).
   */
  async markWebhookDelivery(id: string, at: Date, read = true): Promise<void> {
    await this.database.db
      .update(workspaces)
      .set({ ...(read ? { notionWebhookDeliveredAt: at } : {}), notionWebhookVerifiedAt: sql`coalesce(${workspaces.notionWebhookVerifiedAt}, ${at})` })
      .where(eq(workspaces.id, id));
  }

  /** Takes a webhook event once: false when its id was taken before (Notion's retries, duplicates). */
  async takeWebhookEvent(values: { id: string; workspaceId: string; type: string; entityId: string | null }): Promise<boolean> {
    const rows = await this.database.db.insert(notionWebhookEvents).values(values).onConflictDoNothing().returning({ id: notionWebhookEvents.id });
    return rows.length > 0;
  }

  /** Event ids are kept a week (Notion retries for about a day). */
  async forgetWebhookEvents(before: Date): Promise<void> {
    await this.database.db.delete(notionWebhookEvents).where(lt(notionWebhookEvents.receivedAt, before));
  }

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

  // Invitations.

  invitations(workspaceId: string, query: ListQuery): Promise<Page<InvitationRow & { invitedByName: string | null }>> {
    const db = this.database.db;
    const where = eq(invitations.workspaceId, workspaceId);
    return readPage(
      query,
      (offset, limit) =>
        db
          .select({ ...invitationColumns, invitedByName: users.name })
          .from(invitations)
          .leftJoin(users, eq(users.id, invitations.invitedBy))
          .where(where)
          .orderBy(sql`${invitations.createdAt} desc`, asc(invitations.id))
          .offset(offset)
          .limit(limit),
      async () => (await db.select({ total: count() }).from(invitations).where(where))[0].total,
    );
  }

  async invitation(workspaceId: string, id: string): Promise<(InvitationRow & { invitedByName: string | null }) | null> {
    const [row] = await this.database.db
      .select({ ...invitationColumns, invitedByName: users.name })
      .from(invitations)
      .leftJoin(users, eq(users.id, invitations.invitedBy))
      .where(and(eq(invitations.workspaceId, workspaceId), eq(invitations.id, id)))
      .limit(1);
    return row ?? null;
  }

  /** A new invitation; null when the email is already invited (pending or expired: revoke it first). */
  async invite(values: { workspaceId: string; email: string; role: Role; invitedBy: string | null; expiresAt: Date }): Promise<InvitationRow | null> {
    const [row] = await this.database.db.insert(invitations).values(values).onConflictDoNothing().returning();
    return row ?? null;
  }

  async revoke(workspaceId: string, id: string): Promise<void> {
    await this.database.db.delete(invitations).where(and(eq(invitations.workspaceId, workspaceId), eq(invitations.id, id)));
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

  /**
   * Turns a person's unexpired invitations into memberships (a membership they already have keeps
   * its role) and deletes them; answers the memberships made, for the audit log.
   */
  async acceptInvitations(userId: string, email: string, now = new Date()): Promise<{ workspaceId: string; role: Role; invitedBy: string | null }[]> {
    return this.database.db.transaction(async (tx) => {
      const open = await tx
        .delete(invitations)
        .where(and(eq(sql`lower(${invitations.email})`, email.toLowerCase()), gt(invitations.expiresAt, now)))
        .returning();
      const made: { workspaceId: string; role: Role; invitedBy: string | null }[] = [];
      for (const invitation of open) {
        const [row] = await tx
          .insert(memberships)
          .values({ workspaceId: invitation.workspaceId, userId, role: invitation.role })
          .onConflictDoNothing()
          .returning();
        if (row) made.push({ workspaceId: invitation.workspaceId, role: invitation.role, invitedBy: invitation.invitedBy });
      }
      return made;
    });
  }
}

const invitationColumns = {
  id: invitations.id,
  workspaceId: invitations.workspaceId,
  email: invitations.email,
  role: invitations.role,
  invitedBy: invitations.invitedBy,
  createdAt: invitations.createdAt,
  expiresAt: invitations.expiresAt,
};
