import { workspaceColumns } from '../workspaces/workspaces.schema';
import { integer, jsonb, pgTable, text, timestamp, uuid, index } from 'drizzle-orm/pg-core';
import type { LogitBiasMaps } from '../integrations/openai/tokenizer';

export interface BiasEntry {
  words: string[];
  bias: number;
}

/**
 * A logit-bias word list: groups of words, each with a bias; `words`, `word_count` and `logit_bias`
 * (the map sent to OpenAI, for each tokenizer family, made when the list is saved so that writing
 * never loads a tokenizer; null for a list saved before it was kept, until it is first used) are derived.
 */
export const logitBiasGroups = pgTable(
  'logit_bias_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...workspaceColumns(),
    name: text('name').notNull(),
    entries: jsonb('entries').$type<BiasEntry[]>().notNull(),
    words: jsonb('words').$type<string[]>().notNull(),
    wordCount: integer('word_count').notNull(),
    logitBias: jsonb('logit_bias').$type<LogitBiasMaps>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('logit_bias_groups_workspace_idx').on(table.workspaceId)],
);

export type LogitBiasGroupRow = typeof logitBiasGroups.$inferSelect;
