import { PGlite, PGliteOptions } from '@electric-sql/pglite';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { MIGRATIONS_DIR, PROJECT_ROOT } from '../config/paths';

// The embedded database's footprint; the README's Benchmarks section says what each choice costs.

/**
 * PostgreSQL's buffer cache is 16 MB instead of PGlite's 128 MB, which the process would otherwise
 * touch and keep: a small team's data fits, and a miss is a read from the operating system's file
 * cache. Everything else is PGlite's default.
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * PostgreSQL compiled to WebAssembly runs on V8's baseline compiler (Liftoff) only: the optimising
 * tier compiles what start-up makes hot, ~50 MB of code and compiler memory the process keeps,
 * and gains little on queries this size (within 6 % of CPU time on a long query loop, and less
 * CPU at start). A process-wide V8 flag read when a module is compiled; Quire runs no other
 * WebAssembly.
 */
export function useBaselineWasmCompiler(): void {
  setFlagsFromString('--liftoff-only');
}

/**
 * A pre-initialised data directory made at build time (`npm run build:backend`, by
 * build-image.ts): initdb, every migration and pg-boss's schema already done, so a first start
 * unpacks it instead of running initdb in a second PostgreSQL (seconds, and ~500 MB the process
 * keeps).
 */
export const IMAGE_DIR = join(PROJECT_ROOT, 'dist');
const imageFile = (dir: string) => join(dir, 'pglite-image.tar.gz');
const manifestFile = (dir: string) => join(dir, 'pglite-image.json');

function packageVersion(name: string): string {
  for (let dir = dirname(require.resolve(name)); dir !== dirname(dir); dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (!existsSync(manifest)) continue;
    const parsed = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; version?: string };
    if (parsed.name === name) return parsed.version ?? 'unknown';
  }
  return 'unknown';
}

/**
 * What an image is made of: PGlite's version (its PostgreSQL and on-disk format), pg-boss's (its
 * schema) and the text of every migration, in order.
 */
export function imageFingerprint(): string {
  const hash = createHash('sha256').update(`pglite ${packageVersion('@electric-sql/pglite')}\npg-boss ${packageVersion('pg-boss')}\n`);
  const journal = readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8');
  hash.update(journal);
  for (const entry of (JSON.parse(journal) as { entries: { tag: string }[] }).entries) hash.update(readFileSync(join(MIGRATIONS_DIR, `${entry.tag}.sql`)));
  return hash.digest('hex');
}

/**
 * The image, when one was built from exactly these migrations, this PGlite and this pg-boss;
 * otherwise null, and the database is made by initdb and the migrations as before.
 */
export function readImage(dir = IMAGE_DIR): Blob | null {
  try {
    if (!existsSync(imageFile(dir)) || !existsSync(manifestFile(dir))) return null;
    const manifest = JSON.parse(readFileSync(manifestFile(dir), 'utf8')) as { fingerprint?: string };
    if (manifest.fingerprint !== imageFingerprint()) return null;
    return new Blob([readFileSync(imageFile(dir))]);
  } catch {
    return null;
  }
}

/** A data directory holds a database once initdb (or an image) has written its PG_VERSION. */
export function hasDatabase(dataDir: string): boolean {
  return existsSync(join(dataDir, 'PG_VERSION'));
}

/** PGlite's options for a data directory (null: in memory); the image only where there is no database yet. */
export function pgliteOptions(dataDir: string | null, imageDir = IMAGE_DIR): PGliteOptions {
  const image = dataDir === null || !hasDatabase(dataDir) ? readImage(imageDir) : null;
  return { startParams: PGLITE_START_PARAMS, ...(image ? { loadDataDir: image } : {}) };
}

/** Writes the image of a database that has just been created, and its manifest; answers the image's path and size in bytes. */
export async function writeImage(pglite: PGlite, dir = IMAGE_DIR): Promise<{ file: string; bytes: number }> {
  await pglite.exec('checkpoint');
  const tarball = Buffer.from(await (await pglite.dumpDataDir('gzip')).arrayBuffer());
  writeFileSync(imageFile(dir), tarball);
  writeFileSync(manifestFile(dir), `${JSON.stringify({ fingerprint: imageFingerprint(), pglite: packageVersion('@electric-sql/pglite') }, null, 2)}\n`);
  return { file: imageFile(dir), bytes: tarball.length };
}
