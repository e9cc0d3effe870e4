import type { PGlite } from '@electric-sql/pglite';
import type { AppConfig } from '../config/config';
import type { BackUpBeforeMigrating } from '../database/database.service';
import { automaticBackupFile, pruneAutomaticBackups, writeBackupFile } from './automatic-backups';
import { dumpToFile } from './dump';

/**
 * The automatic backup the embedded database makes before a migration changes its schema: a dump
 * into BACKUP_DIR named for the first pending migration, then the oldest pruned to BACKUP_KEEP.
 */
export const backUpBeforeMigrating: BackUpBeforeMigrating = async (pglite: PGlite, config: AppConfig, firstPendingTag: string) => {
  const file = automaticBackupFile(config.backupDir, `before-${firstPendingTag}`);
  await writeBackupFile(file, (partial) => dumpToFile(pglite, 'pglite', config.encryptionKey, partial));
  await pruneAutomaticBackups(config.backupDir, config.backupKeep);
  return file;
};
