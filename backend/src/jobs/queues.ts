import type PgBoss from 'pg-boss';

/** The schema pg-boss keeps its tables in (the embedded database's image has it made already). */
export const PGBOSS_SCHEMA = 'pgboss';

// The queues of leased jobs (leased-job.ts), named here with their pg-boss options so the embedded
// database's image can hold them already made (build-image.ts): making one runs PL/pgSQL, which a
// first start would otherwise load for it (about 0.1 s).
export const GENERATION_QUEUE = 'generation';
export const PREVIEW_QUEUE = 'preview';
export const TRAINING_QUEUE = 'training-collection';
export const EVALUATION_QUEUE = 'evaluation';
export const LEASED_QUEUES = [GENERATION_QUEUE, PREVIEW_QUEUE, TRAINING_QUEUE, EVALUATION_QUEUE] as const;

/** pg-boss neither retries nor expires a leased job early: the job's own lease and attempts decide. */
export const LEASED_QUEUE_OPTIONS: Omit<PgBoss.Queue, 'name'> = { policy: 'short', retryLimit: 0, expireInSeconds: 6 * 3600 };
