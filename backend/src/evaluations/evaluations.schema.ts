import { workspaceColumns } from '../workspaces/workspaces.schema';
import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { models } from '../models/models.schema';
import { leasedJobColumns, LeasedStatus } from '../jobs/leased-job.schema';

export type EvaluationStatus = LeasedStatus;

/** One setup an evaluation compares: one of the operator's models and how many in-context examples it gets. */
export interface EvaluationVariant {
  label: string;
  /** The _id of one of the operator's models (it may be deleted since). */
  model: string;
  /** Its name when the evaluation was asked for. */
  modelName: string;
  examplesCount: number;
}

/**
 * An evaluation of a model's examples: `holdout` of them are written again by each variant and
 * scored against the originals; a durable job (leased like generation), resumable, each output kept
 * as soon as it is written so nothing is paid twice. Deleting the model keeps the evaluation (its
 * items hold what they need), with the model's name.
 */
export const evaluations = pgTable(
  'evaluations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...workspaceColumns(),
    modelId: uuid('model_id').references(() => models.id, { onDelete: 'set null' }),
    modelName: text('model_name').notNull(),
    holdout: integer('holdout').notNull(),
    variants: jsonb('variants').$type<EvaluationVariant[]>().notNull(),
    ...leasedJobColumns(),
  },
  (table) => [index('evaluations_workspace_idx').on(table.workspaceId, table.createdAt), index('evaluations_status_idx').on(table.status)],
);

/**
 * A held-out example: its system message, the user message each variant writes from (`prompt`) and
 * the assistant message it is scored against (`original`); `pair` the two variants a person judges
 * on it (in the order shown), and `winner` their judgment (a variant label or "tie").
 */
export const evaluationItems = pgTable(
  'evaluation_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    evaluationId: uuid('evaluation_id')
      .notNull()
      .references(() => evaluations.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    exampleUuid: text('example_uuid').notNull(),
    system: text('system').notNull(),
    prompt: text('prompt').notNull(),
    original: text('original').notNull(),
    pair: jsonb('pair').$type<[string, string]>().notNull(),
    winner: text('winner'),
    judgedAt: timestamp('judged_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('evaluation_items_position_idx').on(table.evaluationId, table.position)],
);

/** What one variant wrote for one item, with its scores and what it spent; `similarity` null until scored (just after). */
export const evaluationOutputs = pgTable(
  'evaluation_outputs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => evaluationItems.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    /** The OpenAI model it was written with. */
    model: text('model').notNull(),
    text: text('text').notNull(),
    similarity: doublePrecision('similarity'),
    rougeL: doublePrecision('rouge_l').notNull(),
    promptTokens: integer('prompt_tokens').notNull(),
    completionTokens: integer('completion_tokens').notNull(),
    cachedTokens: integer('cached_tokens').notNull().default(0),
    reasoningTokens: integer('reasoning_tokens').notNull().default(0),
    /** The in-context examples it was given, by uuid. */
    examples: jsonb('examples')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('evaluation_outputs_item_label_idx').on(table.itemId, table.label)],
);

export type EvaluationRow = typeof evaluations.$inferSelect;
export type EvaluationItemRow = typeof evaluationItems.$inferSelect;
export type EvaluationOutputRow = typeof evaluationOutputs.$inferSelect;
