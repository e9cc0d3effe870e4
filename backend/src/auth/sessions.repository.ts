import { Injectable } from '@nestjs/common';
import { and, eq, lt } from 'drizzle-orm';
import { DatabaseService } from '../database/database.service';
import { users } from '../users/users.schema';
import { AuthUser } from './current-user';
import { SessionRow, sessions } from './sessions.schema';

@Injectable()
export class SessionsRepository {
  constructor(private readonly database: DatabaseService) {}

  async create(row: Pick<SessionRow, 'idHash' | 'userId' | 'expiresAt'>): Promise<void> {
    await this.database.db.insert(sessions).values(row);
  }

  /** The session and who it signs in: only the user's non-secret columns are read. */
  async findWithUser(idHash: string): Promise<{ session: SessionRow; user: AuthUser } | null> {
    const [row] = await this.database.db
      .select({ session: sessions, user: { id: users.id, name: users.name, email: users.email, avatar: users.avatar } })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.idHash, idHash))
      .limit(1);
    return row ?? null;
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
