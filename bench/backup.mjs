// Backups and restores of a large database: 100,000 sections and 10,000 examples.
// 1. `npm run backup` while the server runs on the embedded database (the server makes it: a base
//    copy of its folder, then a dump in a worker thread), with GET /api/me asked every 25 ms
//    meanwhile: wall time, the server's memory, the slowest answer (goal < 200 ms).
// 2. `npm run restore` of that file into a new data directory, and into a PostgreSQL database,
//    then `npm run backup` from PostgreSQL: wall time and the command's peak memory.
// BENCH_SECTIONS and BENCH_EXAMPLES change the size; BENCH_PG_URL names the PostgreSQL server
// (default postgres://postgres@127.0.0.1:5432/postgres; a database quire_bench_backup is made on it).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { client, memoryMb, root, signIn, startServer, stop } from '../scripts/lib/harness.mjs';

const require = createRequire(import.meta.url);
const SECTIONS = Number(process.env.BENCH_SECTIONS ?? 100_000);
const EXAMPLES = Number(process.env.BENCH_EXAMPLES ?? 10_000);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const cli = join(root, 'dist', 'backup', 'cli.js');

const env = {
  NODE_ENV: 'test',
  AUTH_MODE: 'local',
  DATABASE_URL: '',
  DATA_DIR: mkdtempSync(join(tmpdir(), 'quire-bench-backup-')),
  NOTION_POLL_SECONDS: '3600',
};

// A server makes the database and the operator; then it is filled directly, which the API would take hours to.
let server = await startServer(env);
await signIn(server.url, 'local');
await stop(server.child);
{
  const { PGlite } = require('@electric-sql/pglite');
  const { pgliteOptions } = require(join(root, 'dist', 'database', 'pglite-image.js'));
  const dir = join(env.DATA_DIR, 'pglite');
  const db = new PGlite(dir, pgliteOptions(dir));
  await db.exec(`
    insert into sections (user_id, name, model, temperature, system_message, user_message)
      select (select id from users limit 1), 'Section ' || g, gen_random_uuid(), 0.7,
             repeat('You are a careful writer for a garden shop. ', 12) || g, repeat('Write about {{topic}} for {{audience}}. ', 20) || g
        from generate_series(1, ${SECTIONS}) g;
    insert into models (user_id, name, base_model) select id, 'Bench set', 'gpt-4.1-mini' from users limit 1;
    insert into model_examples (model_id, uuid, cluster_id, messages)
      select (select id from models limit 1), 'example-' || g, g % 40,
             jsonb_build_array(jsonb_build_object('role', 'system', 'content', 'You write product pages.'),
                               jsonb_build_object('role', 'user', 'content', 'Write about item ' || g),
                               jsonb_build_object('role', 'assistant', 'content', repeat('A sturdy tool for the garden, with a long handle. ', 40)))
        from generate_series(1, ${EXAMPLES}) g;`);
  await db.close();
}

/** Runs the backup command; answers its wall time and peak memory (sampled from /proc every 50 ms). */
function command(args, extraEnv) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--liftoff-only', cli, ...args], {
      cwd: root,
      env: { ...process.env, ...env, ...extraEnv },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let peak = 0;
    const sample = setInterval(() => {
      try {
        peak = Math.max(peak, memoryMb(child.pid).rss);
      } catch {
        // exited
      }
    }, 50);
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('exit', (code) => {
      clearInterval(sample);
      if (code === 0) resolve({ ms: performance.now() - started, peakMb: peak, out });
      else reject(new Error(`${args.join(' ')} exited with ${code}: ${out}`));
    });
  });
}

const rows = [];
const backupsDir = join(env.DATA_DIR, 'backups');
const wholeBackups = () => (existsSync(backupsDir) ? readdirSync(backupsDir).filter((name) => name.endsWith('.sql')) : []);

// 1. The server's daily backup at start, then `npm run backup` through it, with /api/me asked meanwhile.
server = await startServer(env);
const api = client(server.url, await signIn(server.url, 'local'));
const startedDaily = performance.now();
while (wholeBackups().length === 0) await new Promise((r) => setTimeout(r, 50));
rows.push(['daily backup made by the server at start', performance.now() - startedDaily, null, null, null]);

const latencies = [];
let asking = true;
const asker = (async () => {
  while (asking) {
    const t = performance.now();
    await api('GET', '/api/me');
    latencies.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, 25));
  }
})();
const before = memoryMb(server.child.pid).rss;
let serverPeak = before;
const sampleServer = setInterval(() => (serverPeak = Math.max(serverPeak, memoryMb(server.child.pid).rss)), 50);
const file = join(env.DATA_DIR, 'bench.sql');
const viaServer = await command(['backup', file]);
asking = false;
await asker;
clearInterval(sampleServer);
latencies.sort((a, b) => a - b);
const bytes = statSync(file).size;
rows.push([
  '`npm run backup` while the server runs (embedded)',
  viaServer.ms,
  `${viaServer.peakMb.toFixed(0)} (server ${before.toFixed(0)} → ${serverPeak.toFixed(0)})`,
  latencies.at(-1),
  latencies[Math.floor(latencies.length * 0.95)],
]);
await stop(server.child);

// 2. Restores, and a backup from PostgreSQL.
const restored = await command(['restore', file], { DATA_DIR: mkdtempSync(join(tmpdir(), 'quire-bench-restore-')) });
rows.push(['`npm run restore` into a new embedded data directory', restored.ms, restored.peakMb.toFixed(0), null, null]);

const pg = require('pg');
const admin = new pg.Client({ connectionString: PG_URL });
let pgUrl = null;
try {
  await admin.connect();
  await admin.query('drop database if exists quire_bench_backup');
  await admin.query('create database quire_bench_backup');
  const url = new URL(PG_URL);
  url.pathname = '/quire_bench_backup';
  pgUrl = url.toString();
} catch (error) {
  console.log(`PostgreSQL left out (${error.message})`);
} finally {
  await admin.end().catch(() => undefined);
}
if (pgUrl) {
  const intoPg = await command(['restore', file], { DATABASE_URL: pgUrl });
  rows.push(['`npm run restore` into PostgreSQL', intoPg.ms, intoPg.peakMb.toFixed(0), null, null]);
  const fromPg = await command(['backup', `${file}.pg.sql`], { DATABASE_URL: pgUrl });
  rows.push(['`npm run backup` from PostgreSQL', fromPg.ms, fromPg.peakMb.toFixed(0), null, null]);
  const same = readFileSync(file, 'utf8').split('\n').slice(2, -2).join('\n') === readFileSync(`${file}.pg.sql`, 'utf8').split('\n').slice(2, -2).join('\n');
  rows.push([`PostgreSQL's backup holds the same statements as the embedded one: ${same ? 'yes' : 'NO'}`, null, null, null, null]);
}

console.log(`\n${SECTIONS} sections, ${EXAMPLES} examples; backup file ${(bytes / 1e6).toFixed(0)} MB\n`);
console.log('| step | wall | peak RSS, MB | slowest GET /api/me | p95 GET /api/me |');
console.log('|---|---|---|---|---|');
const ms = (value) => (value === null ? '' : value >= 1000 ? `${(value / 1000).toFixed(1)} s` : `${value.toFixed(0)} ms`);
for (const [step, wall, rss, slowest, p95] of rows) console.log(`| ${step} | ${ms(wall)} | ${rss ?? ''} | ${ms(slowest)} | ${ms(p95)} |`);
