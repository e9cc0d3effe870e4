import type { WritingVendor } from '../connections/connections.schema';
import { workspaceColumns } from '../workspaces/workspaces.schema';
import { doublePrecision, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { SectionSnapshot } from '../sections/sections.schema';
import type { UsedExample } from '../examples/used-example';
import { leasedJobColumns, LeasedStatus } from '../jobs/leased-job.schema';

export type PreviewStatus = LeasedStatus;

/** One run of a template on one model choice: `modelId` null keeps each section's own model. */
export interface PreviewVariant {
  modelId: string | null;
  /** The model's name when the preview was asked for, for the answer (the model may be deleted since). */
  modelName: string | null;
}

/**
 * A template run on given values that writes nothing to Notion or Drive, as a leased durable job
 * (see jobs/leased-job.ts). The template is kept as it was asked for (an article's sections, or one
 * section tried alone), so a later edit does not change what the preview runs. The article and
 * section ids carry no foreign key: deleting them keeps the preview, and what it spent.
 */
export const previews = pgTable(
  'previews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...workspaceColumns(),
    articleId: uuid('article_id'),
    sectionId: uuid('section_id'),
    /** The template's title and type, as its built-in placeholders fill them. */
    articleTitle: text('article_title').notNull(),
    articleType: text('article_type').notNull(),
    template: jsonb('template').$type<SectionSnapshot[]>().notNull(),
    title: text('title').notNull(),
    properties: jsonb('properties').$type<Record<string, string>>().notNull(),
    clientId: uuid('client_id'),
    clientName: text('client_name'),
    variants: jsonb('variants').$type<PreviewVariant[]>().notNull(),
    ...leasedJobColumns(),
  },
  (table) => [index('previews_workspace_created_idx').on(table.workspaceId, table.createdAt), index('previews_status_idx').on(table.status)],
);

/** A preview's section, kept as soon as OpenAI answers (a retried preview never pays for it twice). */
export const previewSections = pgTable(
  'preview_sections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    previewId: uuid('preview_id')
      .notNull()
      .references(() => previews.id, { onDelete: 'cascade' }),
    variant: integer('variant').notNull(),
    position: integer('position').notNull(),
    heading: text('heading').notNull(),
    content: text('content').notNull(),
    tokens: integer('tokens').notNull(),
    model: text('model').notNull(),
    temperature: doublePrecision('temperature'),
    logitBiasGroup: uuid('logit_bias_group'),
    systemMessage: text('system_message').notNull(),
    userMessage: text('user_message').notNull(),
    promptTokens: integer('prompt_tokens').notNull(),
    completionTokens: integer('completion_tokens').notNull(),
    cachedTokens: integer('cached_tokens').notNull(),
    /** The examples that guided it (see generation_sections.examples); null when the section names no example set. */
    examples: jsonb('examples').$type<UsedExample[]>(),
    durationMs: integer('duration_ms').notNull(),
    /** The vendor that wrote it (OpenAI, or its model provider's kind), kept with it: Home's spend per vendor reads it. */
    vendor: text('vendor').$type<WritingVendor>().notNull().default('openai'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('preview_sections_preview_variant_position_key').on(table.previewId, table.variant, table.position),
    index('preview_sections_created_at_idx').on(table.createdAt),
  ],
);

export type PreviewRow = typeof previews.$inferSelect;
export type PreviewSectionRow = typeof previewSections.$inferSelect;
