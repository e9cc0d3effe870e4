import { PGlite, PGliteOptions } from '@electric-sql/pglite';
import { readFileSync, writeFileSync } from 'node:fs';
import { IMAGE_DIR, imageFile, imageFingerprint, imageMatches, manifestFile, packageVersion } from './image-unpack';

// The embedded database's footprint; the README's Benchmarks section says what each choice costs.
// The image is read and unpacked by image-unpack.ts (Node's modules only, so a worker thread can).
export { hasDatabase, IMAGE_DIR, unpackImage } from './image-unpack';
export { useBaselineWasmCompiler } from './embedded-start';

/**
 * PostgreSQL's buffer cache is 16 MB instead of PGlite's 128 MB, which the process would otherwise
 * touch and keep: a small team's data fits, and a miss is a read from the operating system's file
 * cache. Everything else is PGlite's default.
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/** The image for an in-memory database (PGlite unpacks it), when it matches; else null, and initdb runs as before. */
export function readImage(dir = IMAGE_DIR): Blob | null {
  return imageMatches(dir) ? new Blob([readFileSync(imageFile(dir))]) : null;
}

/** PGlite's options for a data directory (null: in memory, which is given the image when it matches). */
export function pgliteOptions(dataDir: string | null, imageDir = IMAGE_DIR): PGliteOptions {
  const image = dataDir === null ? readImage(imageDir) : null;
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
