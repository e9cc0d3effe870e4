import type { Role } from '@quire/shared';
import { foreignKey, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { memberships, workspaces } from '../workspaces/workspaces.schema';
import { users } from '../users/users.schema';

/**
 * A personal API token: a member's, for one workspace, with a role no higher than theirs. The token
 * (`qk_…`, 256 random bits) is shown once; only its SHA-256 is kept. It goes with the membership: a
 * member removed takes their tokens along (the foreign key), and a member's lower role lowers theirs
 * as they are read (tokens.repository.ts).
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The role it was made with; it acts with the lower of this and its member's role now. */
    role: text('role').$type<Role>().notNull(),
    /** SHA-256 of the token, hex. */
    hash: text('hash').notNull().unique(),
    /** Its first characters (`qk_AbCd`), so a person can tell their tokens apart. */
    prefix: text('prefix').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Written at most every few minutes (TOUCH_INTERVAL_MS), not at each request. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    foreignKey({ columns: [table.workspaceId, table.userId], foreignColumns: [memberships.workspaceId, memberships.userId] }).onDelete('cascade'),
    index('api_tokens_workspace_idx').on(table.workspaceId, table.userId),
  ],
);

export type ApiTokenRow = typeof apiTokens.$inferSelect;
