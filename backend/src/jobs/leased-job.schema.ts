import { integer, text, timestamp } from 'drizzle-orm/pg-core';

export type LeasedStatus = 'queued' | 'running' | 'completed' | 'failed';

/** The columns of a leased job's row (a preview, an evaluation): where it stands, its lease and its times. */
export const leasedJobColumns = () => ({
  status: text('status').$type<LeasedStatus>().notNull(),
  message: text('message'),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  attempts: integer('attempts').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  startedAt: timestamp('started_at', { withTimezone: true }),
  completedAt: timestamp('completed_at', { withTimezone: true }),
});
