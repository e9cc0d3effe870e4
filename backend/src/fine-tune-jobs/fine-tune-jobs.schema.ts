import { workspaceColumns } from '../workspaces/workspaces.schema';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { models } from '../models/models.schema';
import type { FineTuneStatus } from '../models/model-eligibility';

/** Not ended: followed at OpenAI, and at most one per model. */
export const OPEN_FINE_TUNE_STATUSES: FineTuneStatus[] = ['queued', 'running', 'pausing', 'paused'];

/**
 * An OpenAI fine-tune job Quire started. The row is reserved before OpenAI is called (the partial
 * unique index allows one open job per model) and holds the training file as soon as it is
 * uploaded, so a job OpenAI created without confirming it can be found again; the follower leases
 * due rows so that one server process follows a job at a time.
 */
export const fineTuneJobs = pgTable(
  'fine_tune_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...workspaceColumns(),
    modelId: uuid('model_id')
      .notNull()
      .references(() => models.id, { onDelete: 'cascade' }),
    status: text('status').$type<FineTuneStatus>().notNull(),
    openAiJobId: text('openai_job_id'),
    trainingFileId: text('training_file_id'),
    baseModel: text('base_model').notNull(),
    suffix: text('suffix').notNull(),
    outputModel: text('output_model'),
    trainedTokens: integer('trained_tokens'),
    dateTuned: timestamp('date_tuned', { withTimezone: true }),
    message: text('message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('fine_tune_jobs_one_open_per_model')
      .on(table.modelId)
      .where(sql`${table.status} in ('queued', 'running', 'pausing', 'paused')`),
    index('fine_tune_jobs_workspace_idx').on(table.workspaceId),
    index('fine_tune_jobs_due_idx').on(table.nextCheckAt),
  ],
);

export type FineTuneJobRow = typeof fineTuneJobs.$inferSelect;
