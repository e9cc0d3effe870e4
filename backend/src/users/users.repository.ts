import { Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { DatabaseService } from '../database/database.service';
import { UserRow, users } from './users.schema';

interface UserProfileInput {
  id: string;
  email: string;
  name: string;
  avatar: string | null;
  googleSubject: string | null;
}

@Injectable()
export class UsersRepository {
  constructor(private readonly database: DatabaseService) {}

  async findById(id: string): Promise<UserRow | null> {
    const [row] = await this.database.db.select().from(users).where(eq(users.id, id)).limit(1);
    return row ?? null;
  }

  /** Creates the user on first sign-in, refreshes name and picture on later ones. */
  async upsertProfile(profile: UserProfileInput): Promise<UserRow> {
    const [row] = await this.database.db
      .insert(users)
      .values(profile)
      .onConflictDoUpdate({
        target: users.email,
        set: {
          name: profile.name,
          avatar: profile.avatar,
          googleSubject: profile.googleSubject ?? undefined,
          updatedAt: new Date(),
        },
      })
      .returning();
    return row;
  }

  /** A new refresh token invalidates the access token cached from the previous one. */
  async setGoogleRefreshToken(id: string, sealedToken: string): Promise<void> {
    await this.database.db
      .update(users)
      .set({ googleRefreshToken: sealedToken, googleAccessToken: null, googleAccessTokenExpiresAt: null, updatedAt: new Date() })
      .where(eq(users.id, id));
  }

  async setGoogleAccessToken(id: string, sealedToken: string, expiresAt: Date): Promise<void> {
    await this.database.db.update(users).set({ googleAccessToken: sealedToken, googleAccessTokenExpiresAt: expiresAt }).where(eq(users.id, id));
  }
}
