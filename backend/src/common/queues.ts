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
/** Notion webhook events to look into: the page is read again and claimed if it should start. */
export const NOTION_EVENT_QUEUE = 'notion-event';
export const LEASED_QUEUES = [GENERATION_QUEUE, PREVIEW_QUEUE, TRAINING_QUEUE, EVALUATION_QUEUE] as const;

/** pg-boss neither retries nor expires a leased job early: the job's own lease and attempts decide. */
export const LEASED_QUEUE_OPTIONS: Omit<PgBoss.Queue, 'name'> = { policy: 'short', retryLimit: 0, expireInSeconds: 6 * 3600 };

/** A Notion event whose page could not be read (a passing fault) is tried again, three times, backing off from 5 s. */
export const NOTION_EVENT_QUEUE_OPTIONS: Omit<PgBoss.Queue, 'name'> = {
  policy: 'standard',
  retryLimit: 3,
  retryDelay: 5,
  retryBackoff: true,
  expireInSeconds: 600,
};

/** Every queue, with its options: made in advance in the embedded database's image, and by the first use elsewhere. */
export const QUEUES: { name: string; options: Omit<PgBoss.Queue, 'name'> }[] = [
  ...LEASED_QUEUES.map((name) => ({ name, options: LEASED_QUEUE_OPTIONS })),
  { name: NOTION_EVENT_QUEUE, options: NOTION_EVENT_QUEUE_OPTIONS },
];

/**
 * pg-boss's options. Quire schedules nothing with pg-boss's cron (`schedule: false`): its
 * timekeeper would otherwise make a queue of its own at start and poll it every 5 s.
 */
export function bossOptions(db: PgBoss.Db): PgBoss.ConstructorOptions {
  return { db, schema: PGBOSS_SCHEMA, schedule: false };
}
