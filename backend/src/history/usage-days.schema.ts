import { bigint, boolean, date, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import type { WritingVendor } from '../connections/connections.schema';
import { generationJobs } from '../generation/generation.schema';
import { previews } from '../previews/previews.schema';
import { workspaces } from '../workspaces/workspaces.schema';

/**
 * What each article (`job_id`) and each preview (`preview_id`) spent on each day (UTC), by model,
 * vendor and price: the sums of its sections written that day. The database keeps it itself as
 * sections are saved, rewritten and deleted (the `keep_usage_days` trigger of generation_sections
 * and preview_sections), so Home's spend for a month sums a month of these rows rather than the
 * month's sections. A backup leaves this table out: restoring the sections keeps it again.
 */
export const usageDays = pgTable(
  'usage_days',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    jobId: uuid('job_id').references(() => generationJobs.id, { onDelete: 'cascade' }),
    previewId: uuid('preview_id').references(() => previews.id, { onDelete: 'cascade' }),
    /** Null on sections written before Quire recorded their model. */
    model: text('model'),
    vendor: text('vendor').$type<WritingVendor>().notNull(),
    /** Written through a vendor's batch API, at its batch price (an article's only). */
    batch: boolean('batch').notNull(),
    promptTokens: bigint('prompt_tokens', { mode: 'number' }).notNull(),
    completionTokens: bigint('completion_tokens', { mode: 'number' }).notNull(),
    cachedTokens: bigint('cached_tokens', { mode: 'number' }).notNull(),
    sections: integer('sections').notNull(),
  },
  (table) => [
    unique('usage_days_key').on(table.jobId, table.previewId, table.day, table.model, table.vendor, table.batch).nullsNotDistinct(),
    index('usage_days_workspace_day_idx').on(table.workspaceId, table.day),
    // A preview's rows, found without its (null) job.
    index('usage_days_preview_idx').on(table.previewId),
  ],
);
