import { workspaceColumns } from '../workspaces/workspaces.schema';
import { modelConnections } from '../connections/connections.schema';
import { sql } from 'drizzle-orm';
import { customType, index, integer, jsonb, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * A fine-tuning dataset: a named list of chat examples on a base model. `connection_id` names the
 * model provider the base model is from (null: the workspace's OpenAI connection); a provider
 * cannot be removed while a model is on it.
 */
export const models = pgTable(
  'models',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...workspaceColumns(),
    name: text('name').notNull(),
    baseModel: text('base_model').notNull(),
    connectionId: uuid('connection_id').references(() => modelConnections.id, { onDelete: 'restrict' }),
    outputModel: text('output_model'),
    dateCreated: timestamp('date_created', { withTimezone: true }).notNull().defaultNow(),
    dateTuned: timestamp('date_tuned', { withTimezone: true }),
    tokens: integer('tokens'),
  },
  (table) => [uniqueIndex('models_workspace_name_idx').on(table.workspaceId, sql`lower(${table.name})`)],
);

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** Bytes (PostgreSQL's bytea), as a Buffer. */
const bytes = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * One training example; `uuid` names the section it came from and appears once per model. Its user
 * message's embedding (text-embedding-3-small, float32 bytes) is made the first time a section
 * chooses examples from the set, and kept until the example is replaced (`embedded_at` then null).
 */
export const modelExamples = pgTable(
  'model_examples',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    modelId: uuid('model_id')
      .notNull()
      .references(() => models.id, { onDelete: 'cascade' }),
    uuid: text('uuid').notNull(),
    articleUuid: text('article_uuid'),
    clusterId: integer('cluster_id').notNull(),
    messages: jsonb('messages').$type<ChatMessage[]>().notNull(),
    embedding: bytes('embedding'),
    embeddedAt: timestamp('embedded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('model_examples_model_uuid_key').on(table.modelId, table.uuid), index('model_examples_model_idx').on(table.modelId)],
);

export type ModelRow = typeof models.$inferSelect;
/** An example as read for people and fine-tuning: without its kept embedding (examples/ reads that). */
export type ModelExampleRow = Omit<typeof modelExamples.$inferSelect, 'embedding' | 'embeddedAt'>;
