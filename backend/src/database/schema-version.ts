import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { StartRefusal } from '../common/start-refusal';
import { MIGRATIONS_DIR } from '../common/paths';

/** A query on the migrating connection (PGlite's, or a pg client's). */
type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

export interface KnownMigration {
  tag: string;
  /** When drizzle-kit made it; drizzle records it as the migration's `created_at`. */
  when: number;
}

/** The newest migration this build knows: the last entry of its journal. */
export function newestKnownMigration(migrationsDir = MIGRATIONS_DIR): KnownMigration {
  const last = knownMigrations(migrationsDir).at(-1);
  if (!last) throw new Error(`No migrations in ${migrationsDir}`);
  return { tag: last.tag, when: last.when };
}

/** Every migration this build has, oldest first. */
export function knownMigrations(migrationsDir = MIGRATIONS_DIR): KnownMigration[] {
  return (JSON.parse(readFileSync(join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as { entries: KnownMigration[] }).entries;
}

/** The migrations this build has that the database has not had (all of them for a database without any). */
export async function pendingMigrations(query: Query, migrationsDir = MIGRATIONS_DIR): Promise<KnownMigration[]> {
  const [{ recorded }] = (await query(`select to_regclass('drizzle.__drizzle_migrations') is not null as recorded`)).rows;
  const newest = recorded ? Number((await query('select coalesce(max(created_at), 0)::text as newest from drizzle.__drizzle_migrations')).rows[0].newest) : 0;
  return knownMigrations(migrationsDir).filter((migration) => migration.when > newest);
}

/** Whether the database holds anything of an operator's (an operator has signed in); false before its schema exists. */
export async function holdsData(query: Query): Promise<boolean> {
  const [{ made }] = (await query(`select to_regclass('public.users') is not null as made`)).rows;
  return Boolean(made) && Boolean((await query('select exists (select 1 from public.users) as held')).rows[0].held);
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Drizzle applies the migrations newer than the newest it recorded, so an older Quire would find
 * none to apply on a database a newer one migrated, and run on tables it does not know. This is
 * asked first: a database whose newest migration is newer than any this build knows is refused.
 */
export async function refuseNewerSchema(query: Query, known = newestKnownMigration()): Promise<void> {
  const [{ recorded }] = (await query(`select to_regclass('drizzle.__drizzle_migrations') is not null as recorded`)).rows;
  if (!recorded) return;
  const [{ newest }] = (await query('select max(created_at)::text as newest from drizzle.__drizzle_migrations')).rows;
  if (newest === null || newest === undefined || Number(newest) <= known.when) return;
  throw new NewerSchemaError(
    `this database was migrated by a newer Quire (its newest migration is of ${day(Number(newest))}; this Quire knows them up to ${known.tag} of ${day(known.when)}). ` +
      'Start the newer Quire on it, or restore a backup made before the upgrade.',
  );
}

export class NewerSchemaError extends StartRefusal {
  override name = 'NewerSchemaError';
}
