import { createWriteStream, existsSync, mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { keyFingerprint } from '../common/secret-box';
import { CommandConfig, ConfigError, loadCommandConfig } from '../config/config';
import { MIGRATIONS_DIR } from '../common/paths';
import { hasDatabase, pgliteOptions, unpackImage } from '../database/pglite-image';
import { writeBackupFile } from './automatic-backups';
import { BackupHeader, BackupRefused, verifyBackup } from './backup-file';
import { refuseWrongKey } from './backup-secrets';
import { dumpToFile } from './dump';
import { readBackup, restoreBackup, RestoreTarget } from './restore';
import { runningServer } from './running-server';

// `npm run backup -- <file>` and `npm run restore -- <file> [--replace]`, on the database the
// server's own settings name (DATABASE_URL, else DATA_DIR's embedded database), with the key the
// server would read (ENCRYPTION_KEY, else DATA_DIR/encryption.key): neither command ever makes one.

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
async function openEmbedded(config: CommandConfig, dataDir: string, create: boolean) {
  const { PGlite } = await import('@electric-sql/pglite');
  if (!hasDatabase(dataDir)) {
    if (!create) throw new Refusal(`There is no database in ${dataDir} to back up (DATA_DIR=${config.dataDir}).`);
    await unpackImage(dataDir);
  }
  const pglite = new PGlite(dataDir, pgliteOptions(dataDir));
  await pglite.waitReady;
  return pglite;
}

function embeddedDir(config: CommandConfig): string {
  const target = config.database;
  if (target.kind === 'postgres') throw new Error('not embedded');
  if (target.dataDir === null)
    throw new Refusal('DATABASE_URL=memory:// is a database no other process can reach: back it up from the dashboard (Home, "Download a backup").');
  return target.dataDir;
}

const keyOf = (config: CommandConfig) => config.encryptionKey?.key ?? null;

async function backup(config: CommandConfig, file: string): Promise<BackupHeader> {
  if (existsSync(file)) throw new Refusal(`${file} exists already: give the backup a new file name.`);
  if (config.database.kind === 'postgres') {
    const client = await openPostgres(config.database.url);
    try {
      return await writeBackupFile(file, (partial) => dumpToFile(client, 'postgres', keyOf(config), partial));
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
    return await writeBackupFile(file, (partial) => dumpToFile(pglite, 'pglite', keyOf(config), partial));
  } finally {
    await pglite.close();
  }
}

async function openTarget(config: CommandConfig): Promise<RestoreTarget> {
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
  const discard = discardIfNew(config.dataDir, dataDir);
  const pglite = await openEmbedded(config, dataDir, true).catch((error: unknown) => {
    discard();
    throw error;
  });
  const [{ drizzle }, { migrate }] = await Promise.all([import('drizzle-orm/pglite'), import('drizzle-orm/pglite/migrator')]);
  let loaded = false;
  return {
    kind: 'pglite',
    conn: pglite,
    migrate: () => {
      // Called once the backup's rows are committed: from here a failure leaves what was restored.
      loaded = true;
      return migrate(drizzle(pglite), { migrationsFolder: MIGRATIONS_DIR });
    },
    close: async () => {
      await pglite.close();
      if (!loaded) discard();
    },
  };
}

/**
 * What removes the embedded database a restore makes (DATA_DIR itself when it did not exist), for a
 * restore that fails before its rows are committed: a refused restore leaves DATA_DIR as it was.
 */
function discardIfNew(dataDirRoot: string, dataDir: string): () => void {
  if (!existsSync(dataDirRoot)) return () => rmSync(dataDirRoot, { recursive: true, force: true });
  if (hasDatabase(dataDir)) return () => undefined;
  const existed = existsSync(dataDir);
  return () => {
    rmSync(dataDir, { recursive: true, force: true });
    if (existed) mkdirSync(dataDir);
  };
}

/** Which key the backup's secrets need, said after a backup: the operator keeps that key with it. */
function reportSecrets(header: BackupHeader): void {
  const secrets = header.secrets;
  if (!secrets || secrets.sealed === 0) {
    console.log('It holds no secrets: it restores with any encryption key.');
  } else if (secrets.key_fingerprint) {
    console.log(
      `Keep the encryption key with it, apart from it: its ${secrets.sealed} secrets are sealed with the key of fingerprint ${secrets.key_fingerprint} (ENCRYPTION_KEY, or DATA_DIR/encryption.key), and a restore needs that key.`,
    );
  } else {
    console.warn(
      `Its ${secrets.sealed} secrets do not all open with the key this backup was made with (none was set, or another): a restore will need the key that sealed them, the ENCRYPTION_KEY of the server that saved them.`,
    );
  }
}

const describe = (config: CommandConfig) =>
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
  const config = loadCommandConfig(process.env);
  const started = Date.now();
  if (command === 'backup') {
    const header = await backup(config, file);
    console.log(`Backed up ${describe(config)} to ${file} in ${((Date.now() - started) / 1000).toFixed(1)} s: ${summary(header)}.`);
    reportSecrets(header);
    return 0;
  }
  // Everything that can be checked is, before anything is opened or written: the file, then the key.
  const header = await readBackup(file);
  const secrets = await refuseWrongKey(file, header, config.encryptionKey, config.dataDir);
  const target = await openTarget(config);
  try {
    const result = await restoreBackup(target, file, header, { replace: flags.includes('--replace'), backupDir: config.backupDir, key: keyOf(config) });
    if (result.replacedBackup) console.log(`What was there is backed up in ${result.replacedBackup}`);
    console.log(`Restored ${file} into ${describe(config)} in ${((Date.now() - started) / 1000).toFixed(1)} s: ${summary(result.header)}.`);
    if (secrets > 0 && config.encryptionKey?.source === 'ENCRYPTION_KEY') {
      console.log(`Start Quire with the same ENCRYPTION_KEY (fingerprint ${keyFingerprint(config.encryptionKey.key)}): its secrets are sealed with it.`);
    }
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
