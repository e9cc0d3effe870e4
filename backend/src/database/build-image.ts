import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import PgBoss from 'pg-boss';
import { MIGRATIONS_DIR } from '../config/paths';
import { PGBOSS_SCHEMA } from '../jobs/jobs.service';
import { IMAGE_DIR, PGLITE_START_PARAMS, useBaselineWasmCompiler, writeImage } from './pglite-image';
import * as schema from './schema';

/**
 * Creates an embedded database in memory as a first start would (initdb, every migration,
 * pg-boss's schema) and writes its image into `dir`, which a first start unpacks instead (see
 * pglite-image.ts).
 */
export async function buildImage(dir = IMAGE_DIR): Promise<{ file: string; bytes: number }> {
  useBaselineWasmCompiler();
  const pglite = new PGlite('memory://', { startParams: PGLITE_START_PARAMS });
  try {
    await pglite.waitReady;
    await migrate(drizzle(pglite, { schema }), { migrationsFolder: MIGRATIONS_DIR });
    await pglite.exec(PgBoss.getConstructionPlans(PGBOSS_SCHEMA));
    return await writeImage(pglite, dir);
  } finally {
    await pglite.close();
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
