import { workspaceColumns } from '../workspaces/workspaces.schema';
import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** A client or website; its articles' Google Docs go into its Drive save folder. */
export const clients = pgTable(
  'clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...workspaceColumns(),
    name: text('name').notNull(),
    savePath: text('save_path'),
    savePathLabel: text('save_path_label'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('clients_workspace_name_idx').on(table.workspaceId, sql`lower(${table.name})`)],
);

export type ClientRow = typeof clients.$inferSelect;
