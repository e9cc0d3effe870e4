import { PGlite } from '@electric-sql/pglite';
import { parentPort, workerData } from 'node:worker_threads';
import { pgliteOptions } from '../database/pglite-image';
import { dumpToFile } from './dump';
import type { DumpThreadData, DumpThreadMessage } from './embedded-snapshot';

// The thread embedded-snapshot.ts starts for one backup: it opens the copy (PostgreSQL replays the
// log copied with it), writes the backup, and exits.

const { copyDir, file, key } = workerData as DumpThreadData;
const post = (message: DumpThreadMessage) => parentPort!.postMessage(message);

async function run(): Promise<void> {
  const pglite = new PGlite(copyDir, pgliteOptions(copyDir));
  try {
    await pglite.waitReady;
    post({ header: await dumpToFile(pglite, 'pglite', Buffer.from(key), file) });
  } finally {
    await pglite.close().catch(() => undefined);
  }
}

run().catch((error: unknown) => post({ failed: error instanceof Error ? error.message : String(error) }));
