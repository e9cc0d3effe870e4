import { PGlite, PGliteOptions } from '@electric-sql/pglite';
import { lstatSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { IMAGE_DIR, imageFile, imageFingerprint, imageMatches, manifestFile, packageVersion } from './image-unpack';

// The embedded database's footprint; the README's Benchmarks section says what each choice costs.
// The image is read and unpacked by image-unpack.ts (Node's modules only, so a worker thread can).
export { hasDatabase, IMAGE_DIR, unpackImage } from './image-unpack';

/**
 * PostgreSQL's buffer cache is 16 MB instead of PGlite's 128 MB, which the process would otherwise
 * touch and keep: a small team's data fits, and a miss is a read from the operating system's file
 * cache. Everything else is PGlite's default.
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/** The extensions the schema uses, loaded at every open: pg_trgm (History's search index). */
export const PGLITE_EXTENSIONS = {
  // Required by the name PGlite's package exports it under (which TypeScript's `node` resolution does not read), typed by its file.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  pg_trgm: (require('@electric-sql/pglite/contrib/pg_trgm') as typeof import('@electric-sql/pglite/dist/contrib/pg_trgm')).pg_trgm,
};

/** The image for an in-memory database (PGlite unpacks it), when it matches; else null, and initdb runs as before. */
export function readImage(dir = IMAGE_DIR): Blob | null {
  return imageMatches(dir) ? new Blob([readFileSync(imageFile(dir))]) : null;
}

/** PGlite's options for a data directory (null: in memory, which is given the image when it matches). */
export function pgliteOptions(dataDir: string | null, imageDir = IMAGE_DIR): PGliteOptions {
  const image = dataDir === null ? readImage(imageDir) : null;
  return { startParams: PGLITE_START_PARAMS, extensions: PGLITE_EXTENSIONS, ...(image ? { loadDataDir: image } : {}) };
}

/** A ustar header block for `name` (a path inside the archive, at most 255 characters split at a '/'). */
function tarHeader(name: string, type: '0' | '5', size: number, mode: number, mtime: number): Buffer {
  const block = Buffer.alloc(512);
  let prefix = '';
  let rest = name;
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf('/', 155);
    if (cut <= 0 || Buffer.byteLength(name.slice(cut + 1)) > 100) throw new Error(`a path too long for the database image: ${name}`);
    prefix = name.slice(0, cut);
    rest = name.slice(cut + 1);
  }
  const octal = (value: number, width: number) => `${value.toString(8).padStart(width - 1, '0')}\0`;
  block.write(rest, 0, 100, 'utf8');
  block.write(octal(mode, 8), 100, 'latin1');
  block.write(octal(0, 8), 108, 'latin1');
  block.write(octal(0, 8), 116, 'latin1');
  block.write(octal(size, 12), 124, 'latin1');
  block.write(octal(mtime, 12), 136, 'latin1');
  block.write(' '.repeat(8), 148, 'latin1');
  block.write(type, 156, 'latin1');
  block.write('ustar\u000000', 257, 'latin1');
  block.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'latin1');
  return block;
}

/** A tar archive of the folders and regular files under `root`, named as PGlite's dumpDataDir names them ('/base/1/1255'). */
export function tarDirectory(root: string): Buffer {
  const parts: Buffer[] = [];
  const walk = (relative: string) => {
    for (const entry of readdirSync(join(root, relative), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const name = `${relative}/${entry.name}`;
      const stats = lstatSync(join(root, name));
      const mtime = Math.floor(stats.mtimeMs / 1000);
      if (entry.isDirectory()) {
        parts.push(tarHeader(name, '5', 0, 0o750, mtime));
        walk(name);
      } else if (entry.isFile()) {
        const data = readFileSync(join(root, name));
        parts.push(tarHeader(name, '0', data.length, 0o600, mtime), data, Buffer.alloc((512 - (data.length % 512)) % 512));
      } else {
        throw new Error(`the database folder holds ${name}, which is neither a folder nor a file`);
      }
    }
  };
  walk('');
  parts.push(Buffer.alloc(1024));
  return Buffer.concat(parts);
}

/**
 * Writes the image of a data directory whose PostgreSQL has been shut down (cleanly: a first start
 * then opens it as a restart does, with no crash recovery), and its manifest; answers the image's
 * path and size in bytes.
 */
export function writeImage(dataDir: string, dir = IMAGE_DIR): { file: string; bytes: number } {
  const tarball = tarDirectory(dataDir);
  writeFileSync(imageFile(dir), tarball);
  writeFileSync(manifestFile(dir), `${JSON.stringify({ fingerprint: imageFingerprint(), pglite: packageVersion('@electric-sql/pglite') }, null, 2)}\n`);
  return { file: imageFile(dir), bytes: tarball.length };
}
