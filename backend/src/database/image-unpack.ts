import { createHash } from 'node:crypto';
import { closeSync, createReadStream, existsSync, mkdirSync, openSync, readFileSync, renameSync, rmdirSync, rmSync, writeSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MIGRATIONS_DIR, PROJECT_ROOT } from '../common/paths';
import { QUEUES } from '../common/queues';

// Reading and unpacking the embedded database's image (see pglite-image.ts) with Node's own modules
// only, so a first start can do it in a worker thread while the server's modules load.

/**
 * A pre-initialised data directory made at build time (`npm run build:backend`, by
 * build-image.ts): initdb, every migration and pg-boss's schema already done, so a first start
 * unpacks it instead of running initdb in a second PostgreSQL (seconds, and ~500 MB the process
 * keeps).
 */
export const IMAGE_DIR = join(PROJECT_ROOT, 'dist');
/** Not compressed: a first start unpacks it in half the CPU time (41 MB, where gzip made 5 MB). */
export const imageFile = (dir: string) => join(dir, 'pglite-image.tar');
export const manifestFile = (dir: string) => join(dir, 'pglite-image.json');

export function packageVersion(name: string): string {
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
 * schema), the queues made in it and the text of every migration, in order.
 */
export function imageFingerprint(): string {
  const hash = createHash('sha256').update(`pglite ${packageVersion('@electric-sql/pglite')}\npg-boss ${packageVersion('pg-boss')}\n`);
  hash.update(`queues ${JSON.stringify(QUEUES)}\n`);
  const journal = readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8');
  hash.update(journal);
  for (const entry of (JSON.parse(journal) as { entries: { tag: string }[] }).entries) hash.update(readFileSync(join(MIGRATIONS_DIR, `${entry.tag}.sql`)));
  return hash.digest('hex');
}

/** Whether the image in `dir` was built from exactly these migrations, this PGlite and this pg-boss. */
export function imageMatches(dir: string): boolean {
  try {
    if (!existsSync(imageFile(dir)) || !existsSync(manifestFile(dir))) return false;
    const manifest = JSON.parse(readFileSync(manifestFile(dir), 'utf8')) as { fingerprint?: string };
    return manifest.fingerprint === imageFingerprint();
  } catch {
    return false;
  }
}

/** A data directory holds a database once initdb (or an image) has written its PG_VERSION. */
export function hasDatabase(dataDir: string): boolean {
  return existsSync(join(dataDir, 'PG_VERSION'));
}

/**
 * Writes the entries of a tar stream (directories and regular files) under `root`, a block at a
 * time, so unpacking costs no more memory than a chunk.
 */
class TarExtractor extends Writable {
  private pending: Buffer = Buffer.alloc(0);
  private file: { fd: number; left: number; padding: number } | null = null;
  private skip = 0;
  /** Folders made so far: a file's folder is made once, not looked up again for each file. */
  private readonly folders = new Set<string>();

  constructor(private readonly root: string) {
    super();
    this.folders.add(root);
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

  private folder(path: string): void {
    if (this.folders.has(path)) return;
    mkdirSync(path, { recursive: true, mode: 0o700 });
    for (let dir = path; dir.length > this.root.length && !this.folders.has(dir); dir = dirname(dir)) this.folders.add(dir);
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
      this.folder(this.path(name));
      return;
    }
    if (type !== '0') throw new Error(`the database image holds an entry of type ${type}, which Quire does not unpack`);
    const path = this.path(name);
    this.folder(dirname(path));
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
  await pipeline(createReadStream(imageFile(imageDir), { highWaterMark: 1 << 20 }), new TarExtractor(resolve(unpacking)));
  renameSync(unpacking, dataDir);
  return true;
}
