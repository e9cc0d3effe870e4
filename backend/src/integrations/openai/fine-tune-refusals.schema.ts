import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** The `model` of a refusal of the whole account: it holds for every base model. */
export const WHOLE_ACCOUNT = '';

/**
 * OpenAI's last refusals to create a fine-tuning job, by a SHA-256 of the API key (never the key):
 * of the whole account (self-serve fine-tuning is being wound down: since 2026-05-07 and 2026-07-02
 * for some organisations, from 2027-01-06 for all) and of a base model as sent (400
 * `model_not_available`). The fine-tune dialog says so before the operator confirms; a job OpenAI
 * creates for the key forgets the account's refusal and its model's.
 */
export const fineTuneRefusals = pgTable(
  'fine_tune_refusals',
  {
    keyHash: text('key_hash').notNull(),
    /** The base model as sent to OpenAI (a snapshot for an alias), or WHOLE_ACCOUNT. */
    model: text('model').notNull().default(WHOLE_ACCOUNT),
    /** OpenAI's own words. */
    message: text('message').notNull(),
    refusedAt: timestamp('refused_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.keyHash, table.model] })],
);

export type FineTuneRefusalRow = typeof fineTuneRefusals.$inferSelect;
