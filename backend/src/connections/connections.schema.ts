import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { workspaceColumns } from '../workspaces/workspaces.schema';

/** The vendors a workspace may connect beside OpenAI (whose connection is Home's OpenAI Settings card). */
export const CONNECTION_KINDS = ['anthropic', 'gemini', 'openai-compatible'] as const;
export type ConnectionKind = (typeof CONNECTION_KINDS)[number];
/** The vendor a section was written through: OpenAI, or a model provider's kind. */
export type WritingVendor = 'openai' | ConnectionKind;

/**
 * A model provider a workspace's owners connected: a vendor, the name it goes by in the pickers, the
 * address of an OpenAI-compatible server, and the key (SecretBox ciphertext sealed for
 * "<row id>:MODEL_CONNECTION_KEY"; an OpenAI-compatible server may take none).
 */
export const modelConnections = pgTable(
  'model_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...workspaceColumns(),
    kind: text('kind').$type<ConnectionKind>().notNull(),
    name: text('name').notNull(),
    baseUrl: text('base_url'),
    apiKey: text('api_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('model_connections_workspace_name_idx').on(table.workspaceId, sql`lower(${table.name})`)],
);

export type ModelConnectionRow = typeof modelConnections.$inferSelect;
