import { createWriteStream, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppConfig, ConfigError, loadConfig } from '../config/config';
import { MIGRATIONS_DIR } from '../config/paths';
import { hasDatabase, pgliteOptions, unpackImage } from '../database/pglite-image';
import { writeBackupFile } from './automatic-backups';
import { BackupHeader, BackupRefused, verifyBackup } from './backup-file';
import { dumpToFile } from './dump';
import { readBackup, restoreBackup, RestoreTarget } from './restore';
import { runningServer } from './running-server';

// `npm run backup -- <file>` and `npm run restore -- <file> [--replace]`, on the database the
// server's own settings name (DATABASE_URL, else DATA_DIR's embedded database).

const USAGE = 'Usage: npm run backup -- <file>\n       npm run restore -- <file> [--replace]';

/** A refusal said to the operator in one line, exit code 1. */
class Refusal extends Error {}

async function openPostgres(url: string) {
  const { Client } = await import('pg');
  const client = new Client({ connectionString: url });
  await client.connect();
  return client;
}

/** The embedded database of DATA_DIR, which only one process may open: refused while a server runs on it. */
async function openEmbedded(config: AppConfig, dataDir: string, create: boolean) {
  const { PGlite } = await import('@electric-sql/pglite');
  if (!hasDatabase(dataDir)) {
    if (!create) throw new Refusal(`There is no database in ${dataDir} to back up (DATA_DIR=${config.dataDir}).`);
    await unpackImage(dataDir);
  }
  const pglite = new PGlite(dataDir, pgliteOptions(dataDir));
  await pglite.waitReady;
  return pglite;
}

function embeddedDir(config: AppConfig): string {
  const target = config.database;
  if (target.kind === 'postgres') throw new Error('not embedded');
  if (target.dataDir === null)
    throw new Refusal('DATABASE_URL=memory:// is a database no other process can reach: back it up from the dashboard (Home, "Download a backup").');
  return target.dataDir;
}

async function backup(config: AppConfig, file: string): Promise<BackupHeader> {
  if (existsSync(file)) throw new Refusal(`${file} exists already: give the backup a new file name.`);
  if (config.database.kind === 'postgres') {
    const client = await openPostgres(config.database.url);
    try {
      return await writeBackupFile(file, (partial) => dumpToFile(client, 'postgres', partial));
    } finally {
      await client.end();
    }
  }
  const dataDir = embeddedDir(config);
  const server = runningServer(config.dataDir);
  if (server) {
    // Only the server may open its data directory: it makes the backup, and this saves what it sends.
    console.log(`Quire is running on ${dataDir} (pid ${server.pid}): asking it for the backup`);
    return writeBackupFile(file, async (partial) => {
      const response = await fetch(`${server.url}/api/backup`, { headers: { authorization: `Bearer ${server.token}` } });
      if (!response.ok || !response.body) throw new Error(`the server answered ${response.status}: ${await response.text()}`);
      await pipeline(Readable.fromWeb(response.body as never), createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
      return verifyBackup(partial);
    });
  }
  const pglite = await openEmbedded(config, dataDir, false);
  try {
    return await writeBackupFile(file, (partial) => dumpToFile(pglite, 'pglite', partial));
  } finally {
    await pglite.close();
  }
}

async function openTarget(config: AppConfig): Promise<RestoreTarget> {
  if (config.database.kind === 'postgres') {
    const client = await openPostgres(config.database.url);
    // A server still connected would go on writing into what the restore replaces (or hold locks it waits on).
    const others = Number(
      (await client.query(`select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`)).rows[0].n,
    );
    if (others > 0) {
      await client.end();
      throw new Refusal(`${others} other connection(s) are open on this database (a Quire server?): stop them, then restore. Nothing was changed.`);
    }
    const [{ drizzle }, { migrate }] = await Promise.all([import('drizzle-orm/node-postgres'), import('drizzle-orm/node-postgres/migrator')]);
    return { kind: 'postgres', conn: client, migrate: () => migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR }), close: () => client.end() };
  }
  const dataDir = embeddedDir(config);
  const server = runningServer(config.dataDir);
  if (server) throw new Refusal(`Quire is running on ${dataDir} (pid ${server.pid}): stop it, then restore.`);
  const pglite = await openEmbedded(config, dataDir, true);
  const [{ drizzle }, { migrate }] = await Promise.all([import('drizzle-orm/pglite'), import('drizzle-orm/pglite/migrator')]);
  return { kind: 'pglite', conn: pglite, migrate: () => migrate(drizzle(pglite), { migrationsFolder: MIGRATIONS_DIR }), close: () => pglite.close() };
}

const describe = (config: AppConfig) =>
  config.database.kind === 'postgres' ? 'the PostgreSQL database of DATABASE_URL' : `the embedded database in ${embeddedDir(config)}`;
const summary = (header: BackupHeader) => {
  const rows = Object.values(header.tables).reduce((sum, n) => sum + n, 0);
  return `${rows} rows in ${Object.keys(header.tables).length} tables, schema up to ${header.newest_migration.tag}`;
};

async function main(argv: string[]): Promise<number> {
  const [command, given, ...flags] = argv;
  const unknown = flags.filter((flag) => !(command === 'restore' && flag === '--replace'));
  if (!given || !['backup', 'restore'].includes(command) || unknown.length > 0) {
    console.error(USAGE);
    return 2;
  }
  const file = resolve(given);
  const config = loadConfig(process.env);
  const started = Date.now();
  if (command === 'backup') {
    const header = await backup(config, file);
    console.log(`Backed up ${describe(config)} to ${file} in ${((Date.now() - started) / 1000).toFixed(1)} s: ${summary(header)}.`);
    console.log('Keep the encryption key with it (ENCRYPTION_KEY, or DATA_DIR/encryption.key): the secrets in it are encrypted with that key.');
    return 0;
  }
  const header = await readBackup(file);
  const target = await openTarget(config);
  try {
    const result = await restoreBackup(target, file, header, { replace: flags.includes('--replace'), backupDir: config.backupDir });
    if (result.replacedBackup) console.log(`What was there is backed up in ${result.replacedBackup}`);
    console.log(`Restored ${file} into ${describe(config)} in ${((Date.now() - started) / 1000).toFixed(1)} s: ${summary(result.header)}.`);
    return 0;
  } finally {
    await target.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof Refusal || error instanceof BackupRefused || error instanceof ConfigError || (error as Error)?.name === 'NewerSchemaError') {
      console.error((error as Error).message);
    } else {
      console.error(error);
    }
    process.exit(1);
  },
);
