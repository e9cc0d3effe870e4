/**
 * A job row that several server processes may try to run: one holds it at a time, by a lease it
 * renews while it works; a lease that outlives its process expires, and the job is run again.
 * Generation and training jobs share this; their repositories implement the store.
 */
export interface LeasedJobStore<T extends { id: string }> {
  /** Takes the job for one attempt; null when it has ended or another process holds its lease. */
  start(id: string, leaseMs: number): Promise<T | null>;
  renewLease(id: string, leaseMs: number): Promise<void>;
  /** Jobs to hand (again) to the queue: queued ones, and running ones whose lease expired. */
  orphaned(): Promise<string[]>;
}

/** A worker holds a job this long without a sign of life before another process may take it over. */
export const LEASE_MS = 60_000;
const HEARTBEAT_MS = 15_000;
/** How often a leased job's recovery pass queues again the jobs whose process died (their lease expired), or that never reached the queue. */
export const RECOVER_MS = LEASE_MS / 2;

/** Runs `work` on the job while holding its lease, renewed every 15 s; does nothing if the lease is not had. */
export async function withLease<T extends { id: string }>(store: LeasedJobStore<T>, jobId: string, work: (job: T) => Promise<void>): Promise<void> {
  const job = await store.start(jobId, LEASE_MS);
  if (!job) return;
  const heartbeat = setInterval(() => void store.renewLease(job.id, LEASE_MS).catch(() => undefined), HEARTBEAT_MS);
  try {
    await work(job);
  } finally {
    clearInterval(heartbeat);
  }
}

/** Hands every orphaned job to `enqueue` (the queue ignores one it already holds). */
export async function recoverOrphans(store: LeasedJobStore<{ id: string }>, enqueue: (jobId: string) => Promise<void>): Promise<void> {
  for (const id of await store.orphaned()) await enqueue(id);
}
