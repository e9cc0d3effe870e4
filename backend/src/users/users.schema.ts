import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A person who signs in. Secret columns hold AES-256-GCM ciphertext from SecretBox, never plaintext; the connection settings belong to workspaces. */
export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  avatar: text('avatar'),
  googleSubject: text('google_subject').unique(),
  googleRefreshToken: text('google_refresh_token'),
  googleAccessToken: text('google_access_token'),
  googleAccessTokenExpiresAt: timestamp('google_access_token_expires_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type UserRow = typeof users.$inferSelect;
