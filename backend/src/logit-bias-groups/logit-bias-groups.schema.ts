import { integer, jsonb, pgTable, text, timestamp, uuid, index } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema';

export interface BiasEntry {
  words: string[];
  bias: number;
}

/** A logit-bias word list: groups of words, each with a bias; `words` and `word_count` are derived. */
export const logitBiasGroups = pgTable(
  'logit_bias_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    entries: jsonb('entries').$type<BiasEntry[]>().notNull(),
    words: jsonb('words').$type<string[]>().notNull(),
    wordCount: integer('word_count').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('logit_bias_groups_user_idx').on(table.userId)],
);

export type LogitBiasGroupRow = typeof logitBiasGroups.$inferSelect;
