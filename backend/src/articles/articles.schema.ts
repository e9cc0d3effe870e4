import { workspaceColumns } from '../workspaces/workspaces.schema';
import { sql } from 'drizzle-orm';
import { boolean, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ReasoningEffort } from '../integrations/openai/chat-parameters';

/** A section as it was when the article was saved (spec §5): later edits to the section do not change it. */
export interface SectionSnapshot {
  section: string;
  heading: string;
  systemPrompt: string;
  userPrompt: string;
  model: string;
  temperature: number;
  logit_bias_group: string | null;
  /** The section's reasoning_effort (absent in snapshots taken before it existed: the model's default). */
  reasoning_effort?: ReasoningEffort | null;
  /** The section's example set and how many of it guide the section (absent in older snapshots: none). */
  examples_model?: string | null;
  examples_count?: number;
  /** The newest version of the section this entry equals when it was saved; null when it equals none. */
  section_version?: number | null;
}

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
    /** Rows naming this template are written through OpenAI's Batch API (issue 30): half the price, within 24 hours. */
    bulk: boolean('bulk').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('articles_workspace_title_idx').on(table.workspaceId, sql`lower(${table.articleTitle})`)],
);

export type ArticleRow = typeof articles.$inferSelect;
