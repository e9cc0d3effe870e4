import type { PGliteOptions } from '@electric-sql/pglite';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { threadFile } from '../common/thread-file';
import { hasDatabase, IMAGE_DIR } from './image-unpack';

// Node's WebAssembly global (TypeScript declares it in the DOM library, which the server does not use).
declare const WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> };

// What the embedded database's start can do while the server's modules load (about a second of
// the main thread): compile PGlite's WebAssembly (V8 compiles it on its own background threads),
// and on a first start unpack the image in a worker thread, which exits once it is done. Node's
// modules only, so loading this costs nothing; main.ts starts it before it loads the rest.

/**
 * PostgreSQL compiled to WebAssembly runs on V8's baseline compiler (Liftoff) only: the optimising
 * tier compiles what start-up makes hot (on Node.js 24 ~500 MB at the peak of a start, ~50 MB kept)
 * and gains little on queries this size. V8 reads `--liftoff-only` only when the process starts
 * (since Node.js 22 a flag set later no longer takes), so the server is started with it
 * (scripts/lib/server-command.cjs): without it, this says what it costs, once.
 */
export function warnWithoutBaselineCompiler(log: (message: string) => void): void {
  if (process.execArgv.includes('--liftoff-only')) return;
  log(
    "Started without node --liftoff-only: PGlite's WebAssembly may take some 500 MB more memory at its peak. npm start passes it (scripts/lib/server-command.cjs).",
  );
}

const WORKER = threadFile(__dirname, 'embedded-start.worker');

/** PGlite's WebAssembly compiled (a WebAssembly.Module, which threads share). */
export type WasmModule = NonNullable<PGliteOptions['pgliteWasmModule']>;

/** What the thread posts: whether it unpacked the image (as unpackImage answers), or why it could not. */
export type UnpackMessage = { unpacked: boolean } | { failed: string };

export interface EarlyStart {
  dataDir: string | null;
  imageDir: string;
  /** PGlite's WebAssembly compiled; undefined if that failed (PGlite then compiles it, and says why it cannot). */
  wasmModule: Promise<WasmModule | undefined>;
  /** Whether the image was unpacked into dataDir (as unpackImage answers); rejects if the thread could not. */
  unpacked: Promise<boolean>;
}

let started: EarlyStart | null = null;

/** PGlite's WebAssembly, next to its CommonJS entry point. */
export function pgliteWasmFile(): string {
  return join(dirname(require.resolve('@electric-sql/pglite')), 'pglite.wasm');
}

/** unpackImage(dataDir, imageDir) in a worker thread. */
export function unpackInThread(dataDir: string, imageDir = IMAGE_DIR): Promise<boolean> {
  return new Promise<boolean>((resolve, reject) => {
    const worker = new Worker(WORKER.filename, { workerData: { dataDir, imageDir }, execArgv: WORKER.execArgv });
    worker.once('message', (message: UnpackMessage) => ('unpacked' in message ? resolve(message.unpacked) : reject(new Error(message.failed))));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the start-up thread exited with ${code}`)));
  });
}

/**
 * Starts both for a database in `dataDir` (null: in memory, which has nothing to unpack; a folder
 * that holds a database already has nothing either). DatabaseService.open takes what this started
 * (takeEarlyStart); nothing changes if it is never started, as under the tests, which build the
 * app without main.ts.
 */
export function startEmbeddedDatabaseEarly(dataDir: string | null, imageDir = IMAGE_DIR): EarlyStart {
  let wasmModule: Promise<WasmModule | undefined>;
  try {
    wasmModule = WebAssembly.compile(readFileSync(pgliteWasmFile())).catch(() => undefined);
  } catch {
    wasmModule = Promise.resolve(undefined);
  }
  const unpacked = dataDir === null || hasDatabase(dataDir) ? Promise.resolve(false) : unpackInThread(dataDir, imageDir);
  unpacked.catch(() => undefined); // awaited (and reported) by DatabaseService.open
  started = { dataDir, imageDir, wasmModule, unpacked };
  return started;
}

/** What startEmbeddedDatabaseEarly started for `dataDir`, once: null when it was not started for it. */
export function takeEarlyStart(dataDir: string | null): EarlyStart | null {
  if (!started || started.dataDir !== dataDir) return null;
  const taken = started;
  started = null;
  return taken;
}
