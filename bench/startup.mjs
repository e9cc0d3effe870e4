// Start-up time (to /api/health, and the CPU it took) and idle memory of the server on the embedded
// database and on PostgreSQL, with the goals set for the embedded one,
// requests/second of GET /api/me (signed in) against a bare NestJS route, and the size of the
// dashboard's initial JavaScript. Prints one table. Run with `npm run bench`.
import { spawn } from 'node:child_process';
import { freePort, memoryMb, root, startServer, stop, waitFor } from '../scripts/lib/harness.mjs';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { CONNECTIONS, inTurns, ROUNDS } from './lib/in-turns.mjs';
import { freshPostgres } from './lib/postgres.mjs';

const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/quire_bench';
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const rows = [];
const row = (what, value, note = '') => rows.push({ what, value, note });

async function startQuire(env) {
  return startServer({ NODE_ENV: 'test', AUTH_MODE: 'local', ...env });
}

/** CPU seconds a process has used (user + system): start-up's cost whatever else the machine runs. */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100 a second on Linux)
}
/** The embedded server's goals: what a small machine can afford. */
const FIRST_START_GOAL_S = 3;
const IDLE_RSS_GOAL_MB = 250;
const IDLE_SECONDS = 3;
const verdict = (met) => (met ? 'met' : 'not met');

// 1. Start-up and memory. Idle RSS is read IDLE_SECONDS after /api/health first answers.
const dataDir = mkdtempSync(join(tmpdir(), 'quire-bench-'));
for (const [label, env, goal] of [
  ['embedded, first start (creates the database)', { DATA_DIR: dataDir, DATABASE_URL: '' }, 'first'],
  ['embedded, restart', { DATA_DIR: dataDir, DATABASE_URL: '' }, 'idle'],
]) {
  const { child, ms } = await startQuire(env);
  const cpu = cpuSeconds(child.pid);
  await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
  const mem = memoryMb(child.pid);
  row(`start-up: ${label}`, `${(ms / 1000).toFixed(2)} s`, `CPU ${cpu.toFixed(2)} s; idle RSS ${mem.rss.toFixed(0)} MB, peak ${mem.peak.toFixed(0)} MB`);
  if (goal === 'first') row('  goal: first start ≤ 3 s to /api/health', verdict(ms / 1000 <= FIRST_START_GOAL_S), `${(ms / 1000).toFixed(2)} s`);
  if (goal === 'idle') row('  goal: idle RSS after a restart ≤ 250 MB', verdict(mem.rss <= IDLE_RSS_GOAL_MB), `${mem.rss.toFixed(0)} MB`);
  await stop(child);
}
const havePostgres = await freshPostgres(POSTGRES_URL);
if (havePostgres) {
  for (const label of ['PostgreSQL, first start (migrates)', 'PostgreSQL, restart']) {
    const { child, ms } = await startQuire({ DATABASE_URL: POSTGRES_URL, DATA_DIR: dataDir });
    const cpu = cpuSeconds(child.pid);
    await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
    const mem = memoryMb(child.pid);
    row(`start-up: ${label}`, `${(ms / 1000).toFixed(2)} s`, `CPU ${cpu.toFixed(2)} s; idle RSS ${mem.rss.toFixed(0)} MB, peak ${mem.peak.toFixed(0)} MB`);
    await stop(child);
  }
}

// 2. Requests/second: GET /api/me signed in, against a bare NestJS route, in the same run (in turns).
const barePort = await freePort();
const bare = spawn(process.execPath, [join(root, 'bench/bare-nest.cjs')], { cwd: root, env: { ...process.env, PORT: String(barePort) }, stdio: 'ignore' });
const bareTarget = { url: `http://127.0.0.1:${barePort}/api/me`, headers: {} };
await waitFor(bareTarget.url, bare);
async function measureMe(label, env) {
  const { child, url } = await startQuire(env);
  const login = await fetch(`${url}/api/auth/local`, { redirect: 'manual' });
  const cookie = login.headers.get('set-cookie').split(';')[0];
  const [bareResult, result] = await inTurns(bareTarget, { url: `${url}/api/me`, headers: { cookie } }, LOAD_SECONDS);
  const mem = memoryMb(child.pid);
  row(
    `GET /api/me on a bare NestJS route (in turns with ${label})`,
    `${bareResult.rps.toFixed(0)} req/s`,
    `p50 ${bareResult.p50} ms, p99 ${bareResult.p99} ms`,
  );
  row(`GET /api/me signed in (${label})`, `${result.rps.toFixed(0)} req/s`, `p50 ${result.p50} ms, p99 ${result.p99} ms, RSS after ${mem.rss.toFixed(0)} MB`);
  row(`  ratio ${label} / bare`, `${((result.rps / bareResult.rps) * 100).toFixed(0)} %`, 'goal ≥ 50 %');
  await stop(child);
}
await measureMe('embedded', { DATA_DIR: dataDir, DATABASE_URL: '' });
if (havePostgres) await measureMe('PostgreSQL', { DATABASE_URL: POSTGRES_URL, DATA_DIR: dataDir });
await stop(bare);

// 3. The dashboard's initial JavaScript: the entry script and what it preloads, gzipped.
const dist = join(root, 'admin/dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
const gz = (file) => gzipSync(readFileSync(join(dist, file))).length / 1024;
const initialKb = initial.reduce((sum, file) => sum + gz(file), 0);
const lazy = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js') && !initial.includes(`assets/${f}`));
row('dashboard initial JS (gzip)', `${initialKb.toFixed(1)} KB`, `${initial.length} file(s): ${initial.join(', ')}`);
row('dashboard lazy chunks (gzip)', `${lazy.reduce((s, f) => s + gz(`assets/${f}`), 0).toFixed(1)} KB`, `${lazy.length} chunk(s) loaded on demand`);

const width = Math.max(...rows.map((r) => r.what.length));
const valueWidth = Math.max(...rows.map((r) => r.value.length));
console.log(`\n${'measure'.padEnd(width)} | ${'value'.padEnd(valueWidth)} | notes`);
console.log(`${'-'.repeat(width)}-|-${'-'.repeat(valueWidth)}-|------`);
for (const r of rows) console.log(`${r.what.padEnd(width)} | ${r.value.padEnd(valueWidth)} | ${r.note}`);
console.log(
  `\nnode ${process.version}, ${LOAD_SECONDS} s of load per row (in ${ROUNDS} turns) with ${CONNECTIONS} connections (autocannon), on ${(await import('node:os')).cpus().length} cores`,
);
