import { bigint, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { workspaces } from './workspaces.schema';

/**
 * How many rows a workspace's long lists hold, kept by the database itself as rows are inserted and
 * deleted (the `keep_list_totals` trigger of each list's tables), so a page of a list of a million
 * rows need not count them. Each list keeps one total per pair of keys, and a filter on those keys
 * is answered by summing the matching totals (list-totals.ts):
 * - `history`: key_a the entry's type (`generation`, `training`), key_b '';
 * - `audit`: key_a the event's resource, key_b who acted (their user id, '' for Quire itself).
 * A backup leaves this table out: restoring the rows keeps it again.
 */
export const listTotals = pgTable(
  'list_totals',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    list: text('list').$type<'history' | 'audit'>().notNull(),
    keyA: text('key_a').notNull(),
    keyB: text('key_b').notNull(),
    rows: bigint('rows', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.list, table.keyA, table.keyB] })],
);
