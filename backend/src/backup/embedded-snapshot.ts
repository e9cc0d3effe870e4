import { cp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { threadFile } from '../common/thread-file';
import type { BackupHeader } from './backup-file';
import type { SqlConnection } from './dump';

const WORKER = threadFile(__dirname, 'embedded-dump.worker');

/**
 * A consistent copy of the embedded database's folder, made while the server goes on using it, as
 * PostgreSQL's own base backups are: pg_backup_start checkpoints and has every page written whole
 * to the write-ahead log from then on, the files are copied (asynchronously: requests go on being
 * answered), pg_backup_stop ends it, and the log written meanwhile is copied last with the
 * backup_label that tells PostgreSQL where to replay from. Opening the copy replays that log up to
 * a consistent point. The server's connection is held only for the two calls (~10 ms each).
 */
export async function copyEmbeddedDatabase(conn: SqlConnection, dataDir: string, copyDir: string): Promise<void> {
  await conn.query(`select pg_backup_start('quire backup', true)`);
  let label: string;
  try {
    await cp(dataDir, copyDir, { recursive: true, filter: (source) => !isWal(dataDir, source) && !source.endsWith('postmaster.pid') });
  } finally {
    label = String((await conn.query('select labelfile from pg_backup_stop(false)')).rows[0].labelfile);
  }
  await cp(join(dataDir, 'pg_wal'), join(copyDir, 'pg_wal'), { recursive: true });
  await writeFile(join(copyDir, 'backup_label'), label);
}

const isWal = (dataDir: string, source: string) => source === join(dataDir, 'pg_wal') || source.startsWith(join(dataDir, 'pg_wal') + '/');

/** What the thread is given and answers. */
export interface DumpThreadData {
  copyDir: string;
  file: string;
  /** The server's encryption key: the thread checks that it opens the secrets (it stays in this process). */
  key: Uint8Array;
}
export type DumpThreadMessage = { header: BackupHeader } | { failed: string };

/**
 * Writes the backup of a copy made by copyEmbeddedDatabase in a worker thread, which opens the
 * copy with a PGlite of its own: reading 100,000 sections keeps that thread busy, not the server's.
 * The copy is removed afterwards, whatever happened.
 */
export async function dumpCopyInThread(copyDir: string, file: string, key: Buffer): Promise<BackupHeader> {
  try {
    // Settled once the thread has exited, not at its answer: its PGlite may still be writing into the copy as it closes.
    return await new Promise<BackupHeader>((resolve, reject) => {
      const worker = new Worker(WORKER.filename, { workerData: { copyDir, file, key } satisfies DumpThreadData, execArgv: WORKER.execArgv });
      let answer: DumpThreadMessage | null = null;
      let failure: Error | null = null;
      worker.once('message', (message: DumpThreadMessage) => (answer = message));
      worker.once('error', (error) => (failure = error));
      worker.once('exit', (code) => {
        if (answer && 'header' in answer) resolve(answer.header);
        else reject(failure ?? new Error(answer ? answer.failed : `the backup thread exited with ${code}`));
      });
    });
  } finally {
    await rm(copyDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  }
}
