import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from '../../backend/src/database/pglite-image';
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { newestKnownMigration } from '../../backend/src/database/schema-version';
import { serverArgs } from '../../scripts/lib/server-command.cjs';
import { startServerProcess } from '../support/server-process';

const ROOT = join(__dirname, '..', '..');
const POSTGRES_URL = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : null;
const DAY_MS = 86_400_000;

/** The built server started on `env` until it exits by itself (it is expected to refuse). */
function startRefused(env: Record<string, string>) {
  return spawnSync(process.execPath, serverArgs(ROOT), {
    cwd: ROOT,
    env: { ...process.env, NODE_OPTIONS: '', NODE_ENV: 'test', PORT: '39999', HOST: '127.0.0.1', AUTH_MODE: 'local', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

/** SQL on the test's database while no server has it open: the embedded data directory, or the PostgreSQL server. */
async function onDatabase<T>(dataDir: string, run: (query: (text: string, values?: unknown[]) => Promise<{ rows: any[] }>) => Promise<T>): Promise<T> {
  if (POSTGRES_URL) {
    const client = new Client({ connectionString: POSTGRES_URL });
    await client.connect();
    try {
      return await run((text, values) => client.query(text, values));
    } finally {
      await client.end();
    }
  }
  const pglite = new PGlite(join(dataDir, 'pglite'), { extensions: PGLITE_EXTENSIONS }); // as the server keeps it under DATA_DIR
  try {
    return await run((text, values) => pglite.query(text, values));
  } finally {
    await pglite.close();
  }
}

/** An older Quire refuses, in one line, a database a newer one has migrated. */
describe('A database migrated by a newer Quire', () => {
  const dataDir = join(mkdtempSync(join(tmpdir(), 'quire-schema-')), 'data');
  const env = { DATABASE_URL: POSTGRES_URL ?? '', DATA_DIR: dataDir, ENCRYPTION_KEY: 'bm90LWEtc2VjcmV0LWJ1dC0zMi1ieXRlcy1sb25nISE=' };
  const known = newestKnownMigration();
  const recorded = (query: (text: string) => Promise<{ rows: any[] }>) =>
    query('select hash, created_at::text as created_at from drizzle.__drizzle_migrations order by created_at').then((r) => r.rows);

  afterAll(async () => {
    await onDatabase(dataDir, (query) => query(`delete from drizzle.__drizzle_migrations where hash = 'from-a-newer-quire'`));
  });

  it('should start on a database this build migrated, then refuse it with one line once a newer Quire has migrated it, changing nothing', async () => {
    const server = await startServerProcess(env);
    await server.stop();
    const before = await onDatabase(dataDir, async (query) => {
      await query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', ['from-a-newer-quire', known.when + DAY_MS]);
      return recorded(query);
    });

    const run = startRefused(env);

    expect(run.status).toBe(1);
    const newer = new Date(known.when + DAY_MS).toISOString().slice(0, 10);
    const mine = new Date(known.when).toISOString().slice(0, 10);
    expect(run.stderr).toBe(
      `Quire failed to start: this database was migrated by a newer Quire (its newest migration is of ${newer}; this Quire knows them up to ${known.tag} of ${mine}). ` +
        'Start the newer Quire on it, or restore a backup made before the upgrade.\n',
    );
    expect(run.stdout).not.toMatch(/listening/);
    expect(await onDatabase(dataDir, recorded)).toEqual(before);
  });
});
