import { workspaceColumns } from '../workspaces/workspaces.schema';
import { jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ClusteredPool } from '@quire/shared';
import { TrainingJobMeta, trainingJobs } from './training-jobs.schema';

export interface SnapshotData {
  sections: ClusteredPool;
  h1sAndIntros: ClusteredPool;
}

/** The clustered result of one training job (one per job; a re-run replaces it). */
export const trainingSnapshots = pgTable('training_snapshots', {
  id: uuid('id').primaryKey().defaultRandom(),
  ...workspaceColumns(),
  jobId: uuid('job_id')
    .notNull()
    .unique('training_snapshots_job_key')
    .references(() => trainingJobs.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  data: jsonb('data').$type<SnapshotData>().notNull(),
  meta: jsonb('meta').$type<Pick<TrainingJobMeta, 'counts' | 'rawMeta'>>().notNull().default({}),
});

export type TrainingSnapshotRow = typeof trainingSnapshots.$inferSelect;
