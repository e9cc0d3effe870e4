import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { workspaces } from '../workspaces/workspaces.schema';

/**
 * Notion webhook events taken, by Notion's event id: Notion delivers an event up to 8
 * times, so a retry or a duplicate finds its id here and starts nothing.
 */
export const notionWebhookEvents = pgTable(
  'notion_webhook_events',
  {
    id: text('id').primaryKey(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    entityId: text('entity_id'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('notion_webhook_events_received_idx').on(table.receivedAt)],
);
