import { PGlite, PGliteOptions } from '@electric-sql/pglite';
import { createHash } from 'node:crypto';
import { closeSync, createReadStream, existsSync, mkdirSync, openSync, readFileSync, renameSync, rmdirSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
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

/** Whether the image in `dir` was built from exactly these migrations, this PGlite and this pg-boss. */
function imageMatches(dir: string): boolean {
  try {
    if (!existsSync(imageFile(dir)) || !existsSync(manifestFile(dir))) return false;
    const manifest = JSON.parse(readFileSync(manifestFile(dir), 'utf8')) as { fingerprint?: string };
    return manifest.fingerprint === imageFingerprint();
  } catch {
    return false;
  }
}

/** The image for an in-memory database (PGlite unpacks it), when it matches; else null, and initdb runs as before. */
export function readImage(dir = IMAGE_DIR): Blob | null {
  return imageMatches(dir) ? new Blob([readFileSync(imageFile(dir))]) : null;
}

/** A data directory holds a database once initdb (or an image) has written its PG_VERSION. */
export function hasDatabase(dataDir: string): boolean {
  return existsSync(join(dataDir, 'PG_VERSION'));
}

/**
 * Writes the entries of a tar stream (directories and regular files, as PGlite's dumpDataDir
 * makes them) under `root`, a block at a time, so unpacking costs no more memory than a chunk.
 */
class TarExtractor extends Writable {
  private pending: Buffer = Buffer.alloc(0);
  private file: { fd: number; left: number; padding: number } | null = null;
  private skip = 0;

  constructor(private readonly root: string) {
    super();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    try {
      this.consume(this.pending.length > 0 ? Buffer.concat([this.pending, chunk]) : chunk);
      done();
    } catch (error) {
      done(error as Error);
    }
  }

  override _final(done: (error?: Error | null) => void): void {
    done(this.file || this.skip > 0 ? new Error('the database image ends in the middle of a file') : null);
  }

  private path(name: string): string {
    const path = resolve(this.root, `.${sep}${name}`);
    if (path !== this.root && !path.startsWith(this.root + sep)) throw new Error(`the database image names a path outside its folder: ${name}`);
    return path;
  }

  private consume(data: Buffer): void {
    let at = 0;
    while (at < data.length) {
      if (this.file) {
        const length = Math.min(this.file.left, data.length - at);
        writeSync(this.file.fd, data, at, length);
        at += length;
        this.file.left -= length;
        if (this.file.left === 0) {
          closeSync(this.file.fd);
          this.skip = this.file.padding;
          this.file = null;
        }
      } else if (this.skip > 0) {
        const length = Math.min(this.skip, data.length - at);
        at += length;
        this.skip -= length;
      } else if (data.length - at < 512) {
        this.pending = Buffer.from(data.subarray(at));
        return;
      } else {
        this.header(data.subarray(at, at + 512));
        at += 512;
      }
    }
    this.pending = Buffer.alloc(0);
  }

  private header(block: Buffer): void {
    if (block.every((byte) => byte === 0)) return; // the end-of-archive blocks
    const text = (start: number, length: number) => block.toString('latin1', start, start + length).replace(/\0.*$/s, '');
    const name = [text(345, 155), text(0, 100)].filter(Boolean).join('/');
    const size = parseInt(text(124, 12).trim() || '0', 8);
    const type = block[156] === 0 ? '0' : String.fromCharCode(block[156]);
    if (type === '5') {
      mkdirSync(this.path(name), { recursive: true, mode: 0o700 });
      return;
    }
    if (type !== '0') throw new Error(`the database image holds an entry of type ${type}, which Quire does not unpack`);
    const path = this.path(name);
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    const fd = openSync(path, 'w', 0o600);
    if (size === 0) closeSync(fd);
    else this.file = { fd, left: size, padding: (512 - (size % 512)) % 512 };
  }
}

/**
 * Makes `dataDir` a new database from the image, when it matches and the directory holds nothing
 * yet; answers whether it did. The files are written to a sibling folder that is renamed into
 * place, so a start that is stopped half way leaves no half database behind.
 */
export async function unpackImage(dataDir: string, imageDir = IMAGE_DIR): Promise<boolean> {
  if (hasDatabase(dataDir) || !imageMatches(imageDir)) return false;
  try {
    if (existsSync(dataDir)) rmdirSync(dataDir); // only an empty folder: anything else is left for PostgreSQL to judge
  } catch {
    return false;
  }
  const unpacking = `${dataDir}.unpacking`;
  rmSync(unpacking, { recursive: true, force: true });
  mkdirSync(unpacking, { recursive: true, mode: 0o700 });
  await pipeline(createReadStream(imageFile(imageDir)), createGunzip(), new TarExtractor(resolve(unpacking)));
  renameSync(unpacking, dataDir);
  return true;
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
