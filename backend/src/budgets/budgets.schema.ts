import { articles } from '../articles/articles.schema';
import { clients } from '../clients/clients.schema';
import { workspaceColumns } from '../workspaces/workspaces.schema';
import { doublePrecision, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';

/**
 * A monthly spending limit in US dollars: the workspace's own (no client, no template), one
 * client's, or one template's (the articles written from it, whatever their client). The
 * articles written from Notion rows are held to it: each reserves its estimate before it starts
 * (budgets.repository.ts), and the month is the calendar month in UTC.
 */
export const budgets = pgTable(
  'budgets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...workspaceColumns(),
    /** Null with no template: the workspace's limit, over every article. */
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    /** A template's limit (never beside a client). */
    articleId: uuid('article_id').references(() => articles.id, { onDelete: 'cascade' }),
    monthlyLimitUsd: doublePrecision('monthly_limit_usd').notNull(),
    /** The highest share of the limit (80, 100) the month's spend has been warned of, and that month (`2026-11`): each warning is given once a month. */
    warnedPercent: integer('warned_percent').notNull().default(0),
    warnedMonth: text('warned_month'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('budgets_workspace_client_key').on(table.workspaceId, table.clientId, table.articleId).nullsNotDistinct()],
);

export type BudgetRow = typeof budgets.$inferSelect;
