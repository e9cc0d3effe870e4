import { workspaceColumns } from '../workspaces/workspaces.schema';
import { doublePrecision, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { logitBiasGroups } from '../logit-bias-groups/logit-bias-groups.schema';
import type { ReasoningEffort } from '../integrations/openai/chat-parameters';

/**
 * A section as it was when an article was saved (spec §5): later edits to the section do not change
 * it. Declared with the sections, which articles copy from.
 */
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

/** What a section says, kept alike in the section and in each of its versions (section_versions). */
export const sectionContentColumns = () => ({
  name: text('name').notNull(),
  model: uuid('model').notNull(),
  temperature: doublePrecision('temperature').notNull(),
  /** OpenAI's reasoning_effort for models that reason; null: the model's default. */
  reasoningEffort: text('reasoning_effort').$type<ReasoningEffort>(),
  logitBiasGroup: uuid('logit_bias_group').references(() => logitBiasGroups.id, { onDelete: 'set null' }),
  systemMessage: text('system_message').notNull(),
  userMessage: text('user_message').notNull(),
  /** One of the user's models whose examples guide the section (in-context); null for none. No foreign key, like `model`. */
  examplesModel: uuid('examples_model'),
  /** How many of the set's examples nearest the section's user message are sent (0–10). */
  examplesCount: integer('examples_count').notNull().default(3),
});

/**
 * A reusable prompt section. `model` holds the _id of one of the user's models without a foreign
 * key: deleting a tuned model must not delete the sections (or the article snapshots) using it.
 * A deleted bias list leaves its sections without one. Every change is kept as a version.
 */
export const sections = pgTable(
  'sections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...workspaceColumns(),
    ...sectionContentColumns(),
    notes: text('notes').notNull().default(''),
    /** The newest of its versions (section_versions): raised with each change, under the row's lock. */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sections_workspace_idx').on(table.workspaceId)],
);

export type SectionRow = typeof sections.$inferSelect;
