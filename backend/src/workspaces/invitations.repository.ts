import { Injectable } from '@nestjs/common';
import { and, asc, count, eq, gt, sql } from 'drizzle-orm';
import type { Role } from '@quire/shared';
import { DatabaseService } from '../database/database.service';
import { ListQuery, Page, readPage } from '../common/list-query';
import { users } from '../users/users.schema';
import { InvitationRow, invitations, memberships } from './workspaces.schema';

/** Emails invited into a workspace: the queries. The rules are InvitationsService's. */
@Injectable()
export class InvitationsRepository {
  constructor(private readonly database: DatabaseService) {}

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
