import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { workspaces } from '../workspaces/workspaces.schema';
import { generationJobs } from '../generation/generation.schema';
import { modelConnections } from '../connections/connections.schema';
import type { UsedExample } from '../examples/used-example';

/**
 * A batch's status: Quire's own `preparing` (not yet accepted by its vendor), then OpenAI's; an
 * Anthropic message batch's `processing_status` is kept in the same words (in_progress, canceling →
 * `cancelling`, ended → `completed`, `expired` when a request expired, `cancelled` after a cancel).
 */
export type BulkBatchStatus = 'preparing' | 'validating' | 'in_progress' | 'finalizing' | 'completed' | 'failed' | 'expired' | 'cancelling' | 'cancelled';

/** The statuses after which OpenAI's batch changes no more. */
export const BATCH_ENDED: BulkBatchStatus[] = ['completed', 'failed', 'expired', 'cancelled'];
/** The statuses of a batch OpenAI holds and may still run. */
export const BATCH_IN_FLIGHT: BulkBatchStatus[] = ['validating', 'in_progress', 'finalizing', 'cancelling'];

/**
 * One batch of one workspace's model: an OpenAI batch (one JSONL file of chat requests), or, for a
 * model on an Anthropic provider, one Anthropic message batch. Made `preparing` with its lines
 * claimed, then created (OpenAI: its file uploaded, `metadata.quire_batch` = this id; Anthropic:
 * `create_sent_at` noted first), so a create whose answer was lost is found again; polled until it
 * ends, then its results are taken once (`taken_at`).
 */
export const bulkBatches = pgTable(
  'bulk_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** The provider the model is on (null: OpenAI, with the workspace's key). */
    connectionId: uuid('connection_id').references(() => modelConnections.id, { onDelete: 'cascade' }),
    model: text('model').notNull(),
    status: text('status').$type<BulkBatchStatus>().notNull().default('preparing'),
    /** The vendor's id of the batch: OpenAI's `batch_…`, Anthropic's `msgbatch_…` (the column keeps its first name). */
    vendorBatchId: text('openai_batch_id').unique(),
    inputFileId: text('input_file_id'),
    outputFileId: text('output_file_id'),
    errorFileId: text('error_file_id'),
    lines: integer('lines').notNull().default(0),
    bytes: integer('bytes').notNull().default(0),
    /** The lines' prompt tokens, estimated: what counts against OpenAI's enqueued-token limit. */
    tokens: integer('tokens').notNull().default(0),
    completed: integer('completed').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    /** A failed batch's reason, in OpenAI's words, and its first error code (`token_limit_exceeded`: the lines wait). */
    error: text('error'),
    errorCode: text('error_code'),
    /** While a process prepares or takes the batch; another takes over once it has passed. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** "Cancel bulk" asked for it: cancelled at its vendor as soon as it is there. */
    cancelRequestedAt: timestamp('cancel_requested_at', { withTimezone: true }),
    /** Anthropic: when its create was sent. Until Anthropic answers it, a batch made then is looked for before another is made. */
    createSentAt: timestamp('create_sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    inProgressAt: timestamp('in_progress_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** When its results were stored and its articles woken: nothing more is done with it. */
    takenAt: timestamp('taken_at', { withTimezone: true }),
  },
  (table) => [index('bulk_batches_workspace_status_idx').on(table.workspaceId, table.status)],
);

export type LineStatus = 'waiting' | 'submitted' | 'written' | 'failed' | 'dropped';

/** What a line needs to become a History section once OpenAI answers it: the request as sent, and what the section asked. */
export interface LineMeta {
  heading: string;
  temperature: number | null;
  reasoningEffort: string | null;
  logitBiasGroup: string | null;
  examples: UsedExample[] | null;
  sectionVersion: number | null;
  /** The word list's words to avoid, when it is named in the instructions (checked in the answer). */
  avoid: string[] | null;
  /** The parameters the plan left out, and why (History's note); `unknown`: features sent untested, accepted by an answer. */
  notes: { parameter: string; reason: string }[];
  features: string[];
  unknown: string[];
}

/**
 * One section's request in a batch (`custom_id` = job:position:attempt for OpenAI; job_position_attempt
 * for Anthropic, whose custom_ids take no colon). Each attempt is a line of its own, in one batch
 * only, so its custom_id names it wherever it is found. At most one line
 * per section is waiting or submitted (the partial unique index), and a line's result is stored
 * here (`result`) before its section is saved, so no section is sent, paid or appended twice.
 */
export const bulkLines = pgTable(
  'bulk_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    jobId: uuid('job_id')
      .notNull()
      .references(() => generationJobs.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** 1 for the section's first line; one more after each line its vendor did not write (at most 3 counted). */
    attempt: integer('attempt').notNull(),
    customId: text('custom_id').notNull().unique(),
    batchId: uuid('batch_id').references(() => bulkBatches.id, { onDelete: 'set null' }),
    /** The provider the model is on (null: OpenAI): lines go into batches of one workspace, provider and model. */
    connectionId: uuid('connection_id').references(() => modelConnections.id, { onDelete: 'cascade' }),
    model: text('model').notNull(),
    /** The request's body as it goes into the batch: OpenAI's chat completion, or Anthropic's Messages API params. */
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    meta: jsonb('meta').$type<LineMeta>().notNull(),
    bytes: integer('bytes').notNull(),
    tokens: integer('tokens').notNull(),
    status: text('status').$type<LineStatus>().notNull().default('waiting'),
    /** The output or error line (OpenAI), or the request's result (Anthropic), as returned: stored first, before anything else is done with it. */
    result: jsonb('result').$type<Record<string, unknown>>(),
    /** Why its vendor did not write it, in the vendor's words. */
    error: text('error'),
    /** False for a failure that taught Quire a refused parameter: it does not count as one of the three attempts. */
    counted: boolean('counted').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('bulk_lines_open_section')
      .on(table.jobId, table.position)
      .where(sql`${table.status} in ('waiting', 'submitted')`),
    index('bulk_lines_waiting_idx').on(table.workspaceId, table.model, table.status),
    index('bulk_lines_batch_idx').on(table.batchId),
    index('bulk_lines_job_idx').on(table.jobId),
  ],
);

export type BulkBatchRow = typeof bulkBatches.$inferSelect;
export type BulkLineRow = typeof bulkLines.$inferSelect;
