import { doublePrecision, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * How fast Quire may call an outside service with one secret, shared by every server process on
 * the database: Notion's pace per integration secret, OpenAI's limits per API key. Keyed by a
 * SHA-256 of the service and the secret; the secret itself is never stored here.
 */
export const integrationPace = pgTable('integration_pace', {
  keyHash: text('key_hash').primaryKey(),
  /** No request with this secret starts before this: Notion's next free slot, or a pause asked for by a 429. */
  nextAt: timestamp('next_at', { withTimezone: true }).notNull().defaultNow(),
  /** OpenAI's request limit, what was left of it as of `updated_at` (minus requests started since), and how fast it refills. */
  requestsLimit: integer('requests_limit'),
  requestsLeft: doublePrecision('requests_left'),
  requestsPerSecond: doublePrecision('requests_per_second'),
  /** The same for OpenAI's token limit. */
  tokensLimit: integer('tokens_limit'),
  tokensLeft: doublePrecision('tokens_left'),
  tokensPerSecond: doublePrecision('tokens_per_second'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
