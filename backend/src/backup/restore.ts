import { newestKnownMigration, refuseNewerSchema } from '../database/schema-version';
import { automaticBackupFile, writeBackupFile } from './automatic-backups';
import { BackupHeader, BackupRefused, backupStatements, verifyBackup } from './backup-file';
import { dumpToFile, ident, publicTables, rowCounts, SqlConnection } from './dump';

/** The database a backup is restored into, opened by the restore command (restore-target.ts). */
export interface RestoreTarget {
  kind: BackupHeader['source'];
  conn: SqlConnection;
  /** Applies this build's migrations newer than the database's (drizzle's migrator). */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export interface RestoreResult {
  header: BackupHeader;
  /** The backup taken of what --replace replaced, if anything was there. */
  replacedBackup: string | null;
  statements: number;
}

/**
 * Checks a backup file whole before anything is opened: refused (BackupRefused) if it is not a
 * Quire backup, was cut short or changed, or was made by a newer Quire; else its header.
 */
export async function readBackup(file: string): Promise<BackupHeader> {
  const header = await verifyBackup(file);
  const known = newestKnownMigration();
  if (header.newest_migration.when > known.when) {
    throw new BackupRefused(
      `${file} was made by a newer Quire (its newest migration is ${header.newest_migration.tag}; this Quire knows them up to ${known.tag}). Restore it with that Quire or a newer one. Nothing was changed.`,
    );
  }
  return header;
}

/**
 * Restores a backup readBackup accepted (and refuseWrongKey, for its secrets) into `target`. A database holding anything is refused
 * unless `replace`, which backs it up into `backupDir` first. Then, in one transaction, Quire's
 * tables are dropped, the backup's statements run (its schema, migration record, rows and
 * sequences) and the rows counted against its header; last, the migrations newer than the
 * backup's are applied, as at a start.
 */
export async function restoreBackup(
  target: RestoreTarget,
  file: string,
  header: BackupHeader,
  options: { replace: boolean; backupDir: string; key: Buffer | null },
): Promise<RestoreResult> {
  const { conn } = target;
  await refuseNewerSchema((text) => conn.query(text));
  const held = Object.entries(await rowCounts(conn, await publicTables(conn))).filter(([, n]) => n > 0);
  let replacedBackup: string | null = null;
  if (held.length > 0) {
    const rows = held.reduce((sum, [, n]) => sum + n, 0);
    if (!options.replace) {
      throw new BackupRefused(
        `The database is not empty: it holds ${rows} rows in ${held.length} tables (${held.map(([t, n]) => `${t} ${n}`).join(', ')}). ` +
          'Restore into an empty one, or add --replace, which first backs up what is there. Nothing was changed.',
      );
    }
    replacedBackup = automaticBackupFile(options.backupDir, 'before-restore');
    await writeBackupFile(replacedBackup, (partial) => dumpToFile(conn, target.kind, options.key, partial));
  }

  let statements = 0;
  await conn.query('begin');
  try {
    await conn.query('drop schema if exists "drizzle" cascade');
    for (const table of await publicTables(conn)) await conn.query(`drop table if exists public.${ident(table)} cascade`);
    const sequences = (
      await conn.query(`select s.relname as name from pg_class s join pg_namespace n on n.oid = s.relnamespace where n.nspname = 'public' and s.relkind = 'S'`)
    ).rows;
    for (const { name } of sequences) await conn.query(`drop sequence if exists public.${ident(String(name))} cascade`);
    for await (const statement of backupStatements(file)) {
      await conn.query(statement);
      statements++;
    }
    const restored = await rowCounts(conn, await publicTables(conn));
    const differing = Object.entries(header.tables).filter(([table, n]) => restored[table] !== n);
    if (differing.length > 0) {
      throw new BackupRefused(
        `${file} did not restore as its header says (${differing.map(([t, n]) => `${t}: ${restored[t] ?? 'missing'} rows, not ${n}`).join('; ')}). Nothing was changed.`,
      );
    }
    await conn.query('commit');
  } catch (error) {
    await conn.query('rollback').catch(() => undefined);
    throw error;
  }
  await target.migrate();
  return { header, replacedBackup, statements };
}
