import { workspaceColumns } from '../workspaces/workspaces.schema';
import { sql } from 'drizzle-orm';
import { boolean, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { SectionSnapshot } from '../sections/sections.schema';

/** An article template: an ordered list of section snapshots. Titles are unique per user (any case). */
export const articles = pgTable(
  'articles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...workspaceColumns(),
    articleTitle: text('article_title').notNull(),
    articleType: text('article_type').notNull(),
    notes: text('notes').notNull().default(''),
    sections: jsonb('sections').$type<SectionSnapshot[]>().notNull(),
    /** Rows naming this template are written through OpenAI's Batch API: half the price, within 24 hours. */
    bulk: boolean('bulk').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('articles_workspace_title_idx').on(table.workspaceId, sql`lower(${table.articleTitle})`)],
);

export type ArticleRow = typeof articles.$inferSelect;
