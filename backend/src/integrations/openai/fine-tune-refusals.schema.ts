import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * OpenAI's last refusal to create a fine-tuning job for an account (self-serve fine-tuning is being
 * wound down: since 2026-05-07 and 2026-07-02 for some organisations, from 2027-01-06 for all), by
 * a SHA-256 of the API key, never the key. The fine-tune dialog says so before the operator
 * confirms; a job OpenAI creates for the key forgets it.
 */
export const fineTuneRefusals = pgTable('fine_tune_refusals', {
  keyHash: text('key_hash').primaryKey(),
  /** OpenAI's own words. */
  message: text('message').notNull(),
  refusedAt: timestamp('refused_at', { withTimezone: true }).notNull().defaultNow(),
});

export type FineTuneRefusalRow = typeof fineTuneRefusals.$inferSelect;
