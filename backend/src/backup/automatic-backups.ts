import { mkdirSync, readdirSync, renameSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { BackupHeader } from './backup-file';

// The embedded database's automatic backups: one a day, and one before each migration that changes
// its schema, in BACKUP_DIR (DATA_DIR/backups), the newest BACKUP_KEEP kept. Named so that the
// newest sorts last: quire-2026-11-26T07-00-00-000Z-daily.sql. A backup is as large as the data, and
// unlinking a file of a gigabyte takes a quarter of a second: files are removed off the event loop.

const AUTOMATIC = /^quire-\d{4}-\d\d-\d\dT[\d-]+Z-[\w.-]+\.sql$/;

export function automaticBackupFile(dir: string, reason: string, now = new Date()): string {
  return join(dir, `quire-${now.toISOString().replace(/[:.]/g, '-')}-${reason.replace(/[^\w.-]/g, '-')}.sql`);
}

/** The automatic backups in `dir`, oldest first. */
export function automaticBackups(dir: string): { file: string; madeAt: Date }[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((name) => AUTOMATIC.test(name))
    .sort()
    .map((name) => ({ file: join(dir, name), madeAt: statSync(join(dir, name)).mtime }));
}

/** Removes all but the newest `keep` automatic backups; answers the files removed. */
export async function pruneAutomaticBackups(dir: string, keep: number): Promise<string[]> {
  const all = automaticBackups(dir);
  const removed = all.slice(0, Math.max(0, all.length - keep)).map((backup) => backup.file);
  for (const file of removed) await rm(file, { force: true });
  return removed;
}

/** What a backup being made leaves in the folder: a copy of the data folder, a download's file, a file not yet whole. */
const IN_PROGRESS = /^\.(copy|download)-|\.partial$/;

/**
 * Removes what backups cut short left in `dir` (the server was killed while making one), older than
 * `olderThanMs` so that one being made now is never touched; answers the names removed.
 */
export async function removeLeftovers(dir: string, olderThanMs: number, now = Date.now()): Promise<string[]> {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const removed = names.filter((name) => IN_PROGRESS.test(name) && now - statSync(join(dir, name)).mtimeMs > olderThanMs);
  for (const name of removed) await rm(join(dir, name), { recursive: true, force: true });
  return removed;
}

/**
 * Has `produce` write a backup to `file.partial` and renames it `file` once whole: a backup cut
 * short (the process killed, the disk full) never takes a name a backup has.
 */
export async function writeBackupFile(file: string, produce: (partial: string) => Promise<BackupHeader>): Promise<BackupHeader> {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const partial = `${file}.partial`;
  await rm(partial, { force: true });
  try {
    const header = await produce(partial);
    renameSync(partial, file);
    return header;
  } finally {
    await rm(partial, { force: true });
  }
}
