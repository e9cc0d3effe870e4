import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PgBoss from 'pg-boss';
import { MIGRATIONS_DIR } from '../common/paths';
import { bossOptions, PGBOSS_SCHEMA, QUEUES } from '../common/queues';
import { IMAGE_DIR, PGLITE_EXTENSIONS, PGLITE_START_PARAMS, writeImage } from './pglite-image';

/**
 * Creates an embedded database as a first start would (initdb, every migration, pg-boss's schema
 * and Quire's queues) in a temporary folder, shuts it down cleanly and writes its image into `dir`, which a first start
 * unpacks instead (see pglite-image.ts). A clean shutdown leaves nothing to recover: the first
 * start opens it as a restart does, with the catalog caches' files PostgreSQL wrote, instead of
 * recovering from a crash (which also discards those files).
 */
export async function buildImage(dir = IMAGE_DIR): Promise<{ file: string; bytes: number }> {
  const work = mkdtempSync(join(tmpdir(), 'quire-image-build-'));
  try {
    const dataDir = join(work, 'pglite');
    const pglite = new PGlite(dataDir, { startParams: PGLITE_START_PARAMS, extensions: PGLITE_EXTENSIONS });
    try {
      await pglite.waitReady;
      await migrate(drizzle(pglite), { migrationsFolder: MIGRATIONS_DIR });
      await pglite.exec(PgBoss.getConstructionPlans(PGBOSS_SCHEMA));
      const boss = new PgBoss(bossOptions({ executeSql: (text, values) => pglite.query(text, values) }));
      for (const { name, options } of QUEUES) await boss.createQueue(name, { name, ...options });
    } finally {
      await pglite.close();
    }
    return writeImage(dataDir, dir);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

// `node dist/database/build-image.js`, run by `npm run build:backend`.
if (require.main === module) {
  const started = performance.now();
  buildImage().then(
    ({ file, bytes }) =>
      process.stdout.write(
        `Embedded database image: ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB, ${((performance.now() - started) / 1000).toFixed(1)} s)\n`,
      ),
    (error: unknown) => {
      process.stderr.write(`Building the embedded database image failed: ${error instanceof Error ? error.stack : String(error)}\n`);
      process.exit(1);
    },
  );
}
