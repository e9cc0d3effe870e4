import { sql } from 'drizzle-orm';
import type { DatabaseService } from '../database/database.service';

/**
 * The leases a process holds on rows while it works on them (leased-job.ts), by table. A queued
 * row's lease is a wait after a passing fault ("not before"), not a hold, so it is kept; a
 * fine-tune job's lease and a model's probe are only ever holds.
 */
const HOLDS = [
  sql`update generation_jobs set lease_until = to_timestamp(0) where status = 'running' and lease_until > now()`,
  sql`update training_jobs set lease_until = to_timestamp(0) where status = 'running' and lease_until > now()`,
  sql`update previews set lease_until = to_timestamp(0) where status = 'running' and lease_until > now()`,
  sql`update evaluations set lease_until = to_timestamp(0) where status = 'running' and lease_until > now()`,
  sql`update fine_tune_jobs set lease_until = null where lease_until is not null`,
  sql`update openai_model_parameters set probe_token = null, probe_until = null where probe_until is not null`,
];

/**
 * On the embedded database this process is the only one (its data directory belongs to one server),
 * so every lease found at start was held by a process that has ended: they are given up at once,
 * and its jobs are taken up now instead of when their leases would have run out (a minute later).
 */
export async function endLeasesOfEndedProcesses(database: Pick<DatabaseService, 'kind' | 'db'>): Promise<void> {
  if (database.kind !== 'pglite') return;
  for (const statement of HOLDS) await database.db.execute(statement);
}
