import { Injectable } from '@nestjs/common';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import { DatabaseService } from '../database/database.service';
import { users } from '../users/users.schema';
import { memberships, workspaces } from '../workspaces/workspaces.schema';
import { AuthUser } from '../workspaces/current-user';
import { SessionRow, sessions } from './sessions.schema';

@Injectable()
export class SessionsRepository {
  constructor(private readonly database: DatabaseService) {}

  async create(row: Pick<SessionRow, 'idHash' | 'userId' | 'expiresAt'>): Promise<void> {
    await this.database.db.insert(sessions).values(row);
  }

  /**
   * The session, who it signs in (only the user's non-secret columns are read) and the workspace it
   * works in: the session's own while the person still belongs to it, else their personal one, else
   * their oldest membership. Null when the session is unknown or the person belongs to no workspace.
   */
  async findWithUser(idHash: string): Promise<{ session: SessionRow; user: AuthUser } | null> {
    const db = this.database.db;
    const [row] = await db
      .select({
        session: sessions,
        person: { id: users.id, name: users.name, email: users.email, avatar: users.avatar },
        role: memberships.role,
        workspaceName: workspaces.name,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(memberships, and(eq(memberships.workspaceId, sessions.workspaceId), eq(memberships.userId, sessions.userId)))
      .leftJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
      .where(eq(sessions.idHash, idHash))
      .limit(1);
    if (!row) return null;
    const { session, person } = row;
    if (row.role && session.workspaceId && row.workspaceName !== null) {
      return { session, user: { ...person, userId: person.id, workspaceId: session.workspaceId, workspaceName: row.workspaceName, role: row.role } };
    }
    const [fallback] = await db
      .select({ workspaceId: memberships.workspaceId, role: memberships.role, workspaceName: workspaces.name })
      .from(memberships)
      .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
      .where(eq(memberships.userId, person.id))
      .orderBy(sql`${memberships.workspaceId} = ${person.id} desc`, asc(memberships.createdAt))
      .limit(1);
    if (!fallback) return null;
    return { session, user: { ...person, userId: person.id, ...fallback } };
  }

  async setWorkspace(idHash: string, workspaceId: string): Promise<void> {
    await this.database.db.update(sessions).set({ workspaceId }).where(eq(sessions.idHash, idHash));
  }

  /** Records activity, unless another process recorded some since `seenBefore`. */
  async touch(idHash: string, at: Date, seenBefore: Date): Promise<void> {
    await this.database.db
      .update(sessions)
      .set({ lastSeenAt: at })
      .where(and(eq(sessions.idHash, idHash), lt(sessions.lastSeenAt, seenBefore)));
  }

  async delete(idHash: string): Promise<void> {
    await this.database.db.delete(sessions).where(eq(sessions.idHash, idHash));
  }

  async deleteExpired(idleBefore: Date, now: Date): Promise<void> {
    await this.database.db.delete(sessions).where(lt(sessions.expiresAt, now));
    await this.database.db.delete(sessions).where(lt(sessions.lastSeenAt, idleBefore));
  }
}
