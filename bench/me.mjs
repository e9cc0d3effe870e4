// Requests/second of a signed-in GET /api/me against the floor of this machine: a bare node:http
// server answering the same JSON (bench/bare-http.cjs), loaded in turns in the same run, on the
// embedded database and on PostgreSQL. Prints one table. Run with `npm run bench:me`.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, root, signIn, startServer, stop, waitFor } from '../scripts/lib/harness.mjs';
import { CONNECTIONS, inTurns, ROUNDS } from './lib/in-turns.mjs';
import { freshPostgres } from './lib/postgres.mjs';

const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/quire_bench_me';
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const rows = [];

async function measure(label, env) {
  const { child, url } = await startServer({ NODE_ENV: 'test', AUTH_MODE: 'local', ...env });
  const cookie = await signIn(url, 'local');
  const body = await (await fetch(`${url}/api/me`, { headers: { cookie } })).text();
  const port = await freePort();
  const bare = spawn(process.execPath, [join(root, 'bench/bare-http.cjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), BODY: body },
    stdio: 'ignore',
  });
  try {
    await waitFor(`http://127.0.0.1:${port}/`, bare);
    const [floor, me] = await inTurns({ url: `http://127.0.0.1:${port}/`, headers: {} }, { url: `${url}/api/me`, headers: { cookie } }, LOAD_SECONDS);
    rows.push({ label, bytes: Buffer.byteLength(body), floor, me });
  } finally {
    await stop(bare);
    await stop(child);
  }
}

await measure('embedded', { DATA_DIR: mkdtempSync(join(tmpdir(), 'quire-bench-me-')), DATABASE_URL: '' });
if (await freshPostgres(POSTGRES_URL)) await measure('PostgreSQL', { DATABASE_URL: POSTGRES_URL, DATA_DIR: mkdtempSync(join(tmpdir(), 'quire-bench-me-')) });

const table = rows.map(({ label, bytes, floor, me }) => ({
  database: label,
  'JSON bytes': bytes,
  'bare node:http req/s': floor.rps.toFixed(0),
  'GET /api/me req/s': me.rps.toFixed(0),
  '/api/me ÷ bare': `${(me.rps / floor.rps).toFixed(3)} ×`,
  '/api/me p50 / p99': `${me.p50} / ${me.p99} ms`,
}));
const columns = Object.keys(table[0]);
console.log(`\n| ${columns.join(' | ')} |\n|${columns.map(() => '---').join('|')}|`);
for (const line of table) console.log(`| ${columns.map((c) => line[c]).join(' | ')} |`);
console.log(
  `\nnode ${process.version}, ${LOAD_SECONDS} s of load per route (in ${ROUNDS} turns) with ${CONNECTIONS} connections (autocannon), on ${(await import('node:os')).cpus().length} cores`,
);
