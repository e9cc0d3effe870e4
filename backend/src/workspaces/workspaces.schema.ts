import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Role } from '@quire/shared';
import { users } from '../users/users.schema';

/** The Notion status property a workspace's rows are read and marked by, and its four values. */
export interface StatusConfig {
  propertyName: string;
  values: { start: string; inProgress: string; error: string; complete: string };
}

/**
 * A workspace a content team shares: every record belongs to one. It holds the shared
 * connections (secret columns hold AES-256-GCM ciphertext from SecretBox, sealed for the
 * workspace's id). A personal workspace made by the migration has its operator's id.
 */
export const workspaces = pgTable('workspaces', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  notionSecret: text('notion_secret'),
  notionDatabaseId: text('notion_database_id'),
  openAiApiKey: text('openai_api_key'),
  statusConfig: jsonb('status_config').$type<StatusConfig>(),
  /**
   * The unguessable part of the workspace's Notion webhook address, /api/webhooks/notion/{token}:
   * 256 random bits, hex.
   */
  notionWebhookToken: text('notion_webhook_token')
    .notNull()
    .unique()
    .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
  /** The subscription's verification token, sealed: what Notion signs each delivery with. */
  notionWebhookVerification: text('notion_webhook_verification'),
  /** When a signed delivery first checked out with it (the subscription is verified in Notion). */
  notionWebhookVerifiedAt: timestamp('notion_webhook_verified_at', { withTimezone: true }),
  /** The last signed delivery: while it is within the hour, the poll is only the safety net. */
  notionWebhookDeliveredAt: timestamp('notion_webhook_delivered_at', { withTimezone: true }),
  /** Whose Google account writes the workspace's Docs: the owner who last saved the connections (else the oldest owner). */
  driveUserId: uuid('drive_user_id').references(() => users.id, { onDelete: 'set null' }),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type WorkspaceRow = typeof workspaces.$inferSelect;

/** Who belongs to a workspace, with which role. */
export const memberships = pgTable(
  'memberships',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<Role>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.userId] }), index('memberships_user_idx').on(table.userId)],
);

export type MembershipRow = typeof memberships.$inferSelect;

/** An email invited into a workspace; it becomes a membership at that person's next sign-in. */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').$type<Role>().notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('invitations_workspace_email_idx').on(table.workspaceId, sql`lower(${table.email})`),
    index('invitations_email_idx').on(sql`lower(${table.email})`),
  ],
);

export type InvitationRow = typeof invitations.$inferSelect;

/** What changed, field by field; secrets appear as their redacted hints. */
export type AuditChanges = Record<string, { before: unknown; after: unknown }>;

/**
 * One change in a workspace: who (and their role then), what, when, and the record after it as the
 * API answered it (secrets as their redacted hints). The fields before are the record after the
 * previous event of the same record, so a change costs one insert; a delete keeps the record it
 * removed as `before`. The changed fields are worked out when the log is read.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order events happened in (two may share a millisecond). */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: uuid('user_id'),
    userName: text('user_name').notNull(),
    role: text('role').$type<Role>().notNull(),
    action: text('action').notNull(),
    resource: text('resource').notNull(),
    recordId: text('record_id'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
  },
  (table) => [
    index('audit_events_workspace_seq_idx').on(table.workspaceId, table.seq),
    // The log as the screen reads it, newest first: a page without sorting the workspace's whole log.
    index('audit_events_workspace_at_idx').on(table.workspaceId, table.at, table.seq),
    // An event's previous one (the record after it, which the log shows changes against): one index probe per row shown.
    index('audit_events_record_seq_idx').on(table.workspaceId, table.resource, table.recordId, table.seq),
    // The log filtered by person or by resource, as the screen offers, newest first.
    index('audit_events_user_at_idx').on(table.workspaceId, table.userId, table.at, table.seq),
    index('audit_events_resource_at_idx').on(table.workspaceId, table.resource, table.at, table.seq),
  ],
);

export type AuditEventRow = typeof auditEvents.$inferSelect;

/**
 * The columns every record of a workspace has: the workspace it belongs to, and who created it
 * (the `user_id` column of before workspaces; null for what Quire started on its own, such as a
 * Notion row picked up by the poll).
 */
export const workspaceColumns = () => ({
  workspaceId: uuid('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  createdBy: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
});
