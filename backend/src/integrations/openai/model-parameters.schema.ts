import { sql } from 'drizzle-orm';
import { bigint, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** A parameter (or one value of it) OpenAI refused for a model, in OpenAI's own words. */
export interface ParameterRefusal {
  /** OpenAI's message, e.g. "Unsupported parameter: 'logit_bias' is not supported with this model." */
  reason: string;
  /** The values OpenAI named as supported, when it named any (reasoning_effort; the temperature "Only the default (1) value"). */
  supported?: string[];
  /** The largest value the vendor named as allowed (Anthropic's temperature: "less than or equal to 1"): a larger one is sent as this, and History says so. */
  max?: number;
}

/**
 * What OpenAI has told Quire about each model's parameters, shared by every server process: the
 * features it refused (chat-parameters.ts names them: `logit_bias`, `reasoning_effort`,
 * `reasoning_effort=none`, `temperature@unset`…) and those it accepted, so no server and no later
 * article asks again. Forgotten when OpenAI lists the model anew (`listed_created` changes: a new
 * snapshot under the same id). `probe_*` is a short lease: while a feature of the model is not yet
 * known, one request at a time (across all servers) finds out, so each costs at most one refusal.
 */
export const openAiModelParameters = pgTable('openai_model_parameters', {
  model: text('model').primaryKey(),
  refused: jsonb('refused')
    .$type<Record<string, ParameterRefusal>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  accepted: jsonb('accepted')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  /** The model's `created` in OpenAI's listing when this was learned; null when the listing could not be read. */
  listedCreated: bigint('listed_created', { mode: 'number' }),
  probeToken: text('probe_token'),
  probeUntil: timestamp('probe_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type ModelParametersRow = typeof openAiModelParameters.$inferSelect;
