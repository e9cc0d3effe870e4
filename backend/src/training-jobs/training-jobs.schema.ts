import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema';

export interface TrainingJobMeta {
  viewUrl?: string;
  counts?: {
    h1sAndIntros: { clusters: number; subClusters: number };
    sections: { clusters: number; subClusters: number };
  };
  rawMeta?: { uuid: string; url: string; createdAt: string };
  [key: string]: unknown;
}

/** A training-data collection job: a submitted website crawled, parsed and clustered. */
export const trainingJobs = pgTable(
  'training_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    url: text('url').notNull(),
    message: text('message'),
    meta: jsonb('meta').$type<TrainingJobMeta>().notNull().default({}),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [index('training_jobs_user_timestamp_idx').on(table.userId, table.timestamp)],
);

export type TrainingJobRow = typeof trainingJobs.$inferSelect;
