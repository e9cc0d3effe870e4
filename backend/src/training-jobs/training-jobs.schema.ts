import { workspaceColumns } from '../workspaces/workspaces.schema';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { ParsedArticle } from '@quire/shared';

export interface TrainingJobMeta {
  viewUrl?: string;
  counts?: {
    h1sAndIntros: { clusters: number; subClusters: number };
    sections: { clusters: number; subClusters: number };
  };
  rawMeta?: { uuid: string; url: string; createdAt: string };
  /** Pages found (sitemaps and links) and fetched so far, articles and sections parsed from them. */
  progress?: CrawlProgress;
  /** Sizes of the clusters, largest first, for the overview's chart. */
  clusterSizes?: { h1sAndIntros: number[]; sections: number[] };
  [key: string]: unknown;
}

interface CrawlProgress {
  found: number;
  fetched: number;
  articles: number;
  sections: number;
}

export const CLUSTERING_MODES = ['text', 'embeddings'] as const;
export type ClusteringMode = (typeof CLUSTERING_MODES)[number];

/** A training-data collection job: a submitted website crawled, parsed and clustered. */
export const trainingJobs = pgTable(
  'training_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...workspaceColumns(),
    status: text('status').notNull(),
    url: text('url').notNull(),
    message: text('message'),
    meta: jsonb('meta').$type<TrainingJobMeta>().notNull().default({}),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    clustering: text('clustering').$type<ClusteringMode>().notNull().default('text'),
    /** The worker holding the job renews this; a lapsed lease means its process is gone. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
  },
  // History's orders, as generation_jobs has them (the url is the entry's title).
  (table) => [
    index('training_jobs_history_idx').on(table.workspaceId, table.timestamp.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('training_jobs_history_status_idx').on(table.workspaceId, table.status, table.timestamp.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('training_jobs_history_title_idx').on(table.workspaceId, table.url, table.timestamp.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('training_jobs_url_search_idx').using('gin', table.url.op('gin_trgm_ops')),
  ],
);

export type TrainingJobRow = typeof trainingJobs.$inferSelect;

type PageState = 'pending' | 'fetched' | 'skipped';

/** The crawl frontier and its results: one row per URL of a job, so a restarted crawl resumes. */
export const trainingPages = pgTable(
  'training_pages',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => trainingJobs.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    state: text('state').$type<PageState>().notNull().default('pending'),
    /** Why a page was skipped ("disallowed by robots.txt", "not HTML", …). */
    reason: text('reason'),
    article: jsonb('article').$type<ParsedArticle>(),
  },
  (table) => [unique('training_pages_job_url_key').on(table.jobId, table.url), index('training_pages_job_state_idx').on(table.jobId, table.state, table.seq)],
);
