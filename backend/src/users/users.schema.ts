import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export interface StatusConfig {
  propertyName: string;
  values: { start: string; inProgress: string; error: string; complete: string };
}

/** Secret columns hold AES-256-GCM ciphertext from SecretBox, never plaintext. */
export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  avatar: text('avatar'),
  googleSubject: text('google_subject').unique(),
  googleRefreshToken: text('google_refresh_token'),
  googleAccessToken: text('google_access_token'),
  googleAccessTokenExpiresAt: timestamp('google_access_token_expires_at', { withTimezone: true }),
  notionSecret: text('notion_secret'),
  notionDatabaseId: text('notion_database_id'),
  openAiApiKey: text('openai_api_key'),
  statusConfig: jsonb('status_config').$type<StatusConfig>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type UserRow = typeof users.$inferSelect;
