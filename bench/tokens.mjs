// While scripts hammer Quire with an API token, does the dashboard stay fast? A server (in its own
// process, on the embedded database) answers a signed-in person's GET /api/sections, one after
// another, first idle, then while loops of requests bearing one token run beside it as fast as they
// can: past the token's minute (TOKEN_REQUESTS_PER_MINUTE, 600) they are answered 429 before any
// query. Prints one table. Run with `npm run bench:tokens`.
import { signIn, startServer, stop } from '../scripts/lib/harness.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 300);
const LOOPS = Number(process.env.BENCH_LOOPS ?? 8);

const { child, url } = await startServer({ NODE_ENV: 'test', DATABASE_URL: 'memory://', AUTH_MODE: 'local' });
const cookie = await signIn(url, 'local');
const made = await fetch(`${url}/api/tokens`, {
  method: 'POST',
  headers: { cookie, 'content-type': 'application/json' },
  body: JSON.stringify({ name: 'Bench loop', role: 'viewer' }),
});
const { token } = await made.json();

const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))];

async function dashboard() {
  const latencies = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    const response = await fetch(`${url}/api/sections`, { headers: { cookie } });
    if (!response.ok) throw new Error(`GET /api/sections: ${response.status}`);
    await response.arrayBuffer();
    latencies.push(performance.now() - start);
  }
  return latencies;
}

const rows = [];
const row = (what, latencies, answers = {}) =>
  rows.push({
    what,
    'dashboard p50 ms': percentile(latencies, 50).toFixed(1),
    'dashboard p95 ms': percentile(latencies, 95).toFixed(1),
    'token 200s': answers[200] ?? '—',
    'token 429s': answers[429] ?? '—',
  });

row('idle', await dashboard());

let running = true;
const answers = {};
const loops = Array.from({ length: LOOPS }, async () => {
  while (running) {
    const response = await fetch(`${url}/api/sections`, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    answers[response.status] = (answers[response.status] ?? 0) + 1;
  }
});
const busy = await dashboard();
const during = { ...answers };
// The token has spent its minute by now: every request of the loops is answered 429 before any query.
const spent = await dashboard();
running = false;
await Promise.all(loops);
row(`${LOOPS} loops of one token beside it, its minute's 600 answered`, busy, during);
row(`the same, its minute spent (429s only)`, spent, { 200: (answers[200] ?? 0) - (during[200] ?? 0), 429: (answers[429] ?? 0) - (during[429] ?? 0) });

await stop(child);
console.log(`The dashboard's GET /api/sections, ${ROUNDS} in turn, while a token's loops run (its allowance: 600 a minute)`);
console.table(rows);
