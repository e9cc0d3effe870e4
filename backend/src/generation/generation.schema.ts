import type { WritingVendor } from '../connections/connections.schema';
import { workspaceColumns, workspaces } from '../workspaces/workspaces.schema';
import { sql } from 'drizzle-orm';
import type { UsedExample } from '../examples/used-example';
import { boolean, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

type GenerationStatus = 'queued' | 'running' | 'completed' | 'failed';

/**
 * A section not written as it asks, shown in History: settings its model refused (`parameters`,
 * with OpenAI's words for each in `reasons`), and for a word list kept by instructions, the words
 * that made Quire write it once more (`rewritten`) and those still in the kept text (`slipped`).
 */
export interface OmittedParameters {
  position: number;
  section: string;
  model: string;
  parameters: string[];
  reasons?: Record<string, string>;
  rewritten?: string[];
  slipped?: string[];
}

/**
 * One Notion row being written: also its History entry (_type "generation"). The partial unique
 * index lets a page be claimed once while it is open, whichever server process polls it.
 */
export const generationJobs = pgTable(
  'generation_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...workspaceColumns(),
    notionPageId: text('notion_page_id').notNull(),
    notionPageUrl: text('notion_page_url').notNull(),
    /** Each property's text; null where Notion gives the integration none (see PropertyText). */
    pageProperties: jsonb('page_properties').$type<Record<string, string | null>>().notNull(),
    title: text('title').notNull(),
    status: text('status').$type<GenerationStatus>().notNull(),
    articleType: text('article_type'),
    message: text('message'),
    sectionsTotal: integer('sections_total').notNull().default(0),
    sectionsDone: integer('sections_done').notNull().default(0),
    tokens: integer('tokens').notNull().default(0),
    viewUrl: text('view_url'),
    docUrl: text('doc_url'),
    /** The page's last block before Quire wrote anything ('' for an empty page); set when appending starts. */
    notionMarker: text('notion_marker'),
    appended: boolean('appended').notNull().default(false),
    omittedParameters: jsonb('omitted_parameters')
      .$type<OmittedParameters[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    /** The client the page names (its Client property), once the article has started; its budget holds the article. */
    clientId: uuid('client_id'),
    /** The template the article was written from (the page's Article or Type), once it has started; its budget holds the article. */
    articleId: uuid('article_id'),
    /** What the article was estimated to cost in all when it started, held against its budgets until it ends; null before. */
    reservedUsd: doublePrecision('reserved_usd'),
    /** What its sections have cost so far (each priced when written): what it holds is what it reserved beyond this. */
    spentUsd: doublePrecision('spent_usd').notNull().default(0),
    /** Waiting for room in a budget: it starts again when a limit is raised or removed, or when the month turns. */
    budgetWaiting: boolean('budget_waiting').notNull().default(false),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('generation_jobs_open_page')
      .on(table.workspaceId, table.notionPageId)
      .where(sql`${table.status} in ('queued', 'running')`),
    // History's orders (newest first, by status, by title; each read from either end), merged with training's.
    index('generation_jobs_history_idx').on(table.workspaceId, table.timestamp.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('generation_jobs_history_status_idx').on(table.workspaceId, table.status, table.timestamp.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('generation_jobs_history_title_idx').on(table.workspaceId, table.title, table.timestamp.desc().nullsFirst(), table.id.desc().nullsFirst()),
    // History's search (`ilike '%words%'`), by trigrams (the pg_trgm extension).
    index('generation_jobs_title_search_idx').using('gin', table.title.op('gin_trgm_ops')),
    index('generation_jobs_status_idx').on(table.status),
  ],
);

/** A section's text, kept as soon as OpenAI answers, so a resumed job never writes it again. */
export const generationSections = pgTable(
  'generation_sections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => generationJobs.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    heading: text('heading').notNull(),
    content: text('content').notNull(),
    tokens: integer('tokens').notNull(),
    /**
     * The request as sent and what the API reported for it. Null on sections written before Quire
     * recorded them (only `tokens`, their total, is known there).
     */
    model: text('model'),
    /** Null when not sent (a model that refuses it). */
    temperature: doublePrecision('temperature'),
    /** The reasoning_effort sent; null when none was (the model's default). */
    reasoningEffort: text('reasoning_effort'),
    logitBiasGroup: uuid('logit_bias_group'),
    systemMessage: text('system_message'),
    userMessage: text('user_message'),
    promptTokens: integer('prompt_tokens'),
    completionTokens: integer('completion_tokens'),
    /** Part of promptTokens, at the cached-input price; 0 when the API reports none. */
    cachedTokens: integer('cached_tokens'),
    /** The examples that guided it (in-context), by uuid with their first words; null when the section has no example set. */
    examples: jsonb('examples').$type<UsedExample[]>(),
    /** Part of completionTokens (priced as output): what a reasoning model spent reasoning. */
    reasoningTokens: integer('reasoning_tokens').notNull().default(0),
    durationMs: integer('duration_ms'),
    /** The version of its section the article's entry equalled when this was written; null when it equalled none or was not recorded. */
    sectionVersion: integer('section_version'),
    /** Written through OpenAI's Batch API (a bulk template): priced at half. */
    batch: boolean('batch').notNull().default(false),
    /** The vendor that wrote it (OpenAI, or its model provider's kind), kept with it: Home's spend per vendor reads it. */
    vendor: text('vendor').$type<WritingVendor>().notNull().default('openai'),
    /** What it cost at the prices when it was written (the batch price for a batch); null when the model's price is unknown. Budgets sum it. */
    costUsd: doublePrecision('cost_usd'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('generation_sections_job_position_key').on(table.jobId, table.position),
    index('generation_sections_created_at_idx').on(table.createdAt),
    // The most a model has written in one section: a budget's estimate reads it for every article.
    index('generation_sections_model_completion_idx').on(table.model, table.completionTokens),
  ],
);

/**
 * What the articles of a workspace spent in a calendar month (UTC), by client (null: none named),
 * added to as each section is saved: a budget sums a few of these rows, not the month's sections.
 */
export const generationSpend = pgTable(
  'generation_spend',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id'),
    /** The template the sections were written from (null: before templates' budgets were kept). */
    articleId: uuid('article_id'),
    /** yyyy-MM */
    month: text('month').notNull(),
    costUsd: doublePrecision('cost_usd').notNull().default(0),
  },
  (table) => [unique('generation_spend_key').on(table.workspaceId, table.clientId, table.articleId, table.month).nullsNotDistinct()],
);

export type GenerationJobRow = typeof generationJobs.$inferSelect;
export type GenerationSectionRow = typeof generationSections.$inferSelect;
