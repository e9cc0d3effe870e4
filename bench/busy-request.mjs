// While one operator's heavy request runs (saving or previewing a maximum-size bias word list),
// how long does another operator's GET /api/me take? Quire tokenises in a worker thread, so the
// answer should stay far under 200 ms. Prints one table. Run with `npm run bench:busy`.
import { fakes, signIn, startServer, stop } from '../scripts/lib/harness.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const { GoogleFake } = fakes();

const google = new GoogleFake();
await google.start();
const { child, url } = await startServer({ NODE_ENV: 'test', DATABASE_URL: 'memory://', ...google.env('ada@quire.test,grace@quire.test') });

/** Signs in through the Google simulator as `account` and answers the session cookie. */
async function signInAs(account) {
  google.account = { ...google.account, ...account };
  return signIn(url, 'google');
}

const heavy = await signInAs({ sub: '2001', email: 'ada@quire.test', name: 'Ada' });
const other = await signInAs({ sub: '2002', email: 'grace@quire.test', name: 'Grace' });

// The largest lists Quire takes: 1,000 words (its cap) of 100 characters (the per-word cap),
// made up so that every form splits into many tokens of its own.
const longWords = Array.from({ length: 1000 }, (_, i) => `${(i * 7919 + 104729).toString(36)}${'qzx'.repeat(40)}`.slice(0, 100));
const groups = (words) => [0, 1].map((g) => ({ words: words.slice(g * 500, g * 500 + 500), bias: -100 }));
// And the largest body Quire reads (1 MB): 50 groups of 500 words, as many as the DTO allows.
const manyWords = Array.from({ length: 25_000 }, (_, i) => `${(i * 7919 + 104729).toString(36)}${'qzx'.repeat(12)}`.slice(0, 36));
const HEAVY = [
  [
    'save a 1 MB list: 25,000 words in 50 groups',
    'POST',
    '/api/logit-bias-groups',
    { name: 'Vast', entries: Array.from({ length: 50 }, (_, g) => ({ words: manyWords.slice(g * 500, g * 500 + 500), bias: -100 })) },
  ],
  ['save a 1,000-word list of 100-character words', 'POST', '/api/logit-bias-groups', { name: 'Huge', entries: groups(longWords) }],
  ['preview the same list (every word tokenised)', 'POST', '/api/logit-bias-groups/preview', { family: 'o200k_base', entries: groups(longWords) }],
];

async function me() {
  const start = performance.now();
  const response = await fetch(`${url}/api/me`, { headers: { cookie: other } });
  if (!response.ok) throw new Error(`GET /api/me: ${response.status}`);
  await response.arrayBuffer();
  return performance.now() - start;
}

const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))];

const rows = [];
const idle = [];
for (let i = 0; i < 50; i++) idle.push(await me());
rows.push({ what: "another operator's GET /api/me, server idle", heavy: '—', p50: percentile(idle, 50), max: Math.max(...idle), n: idle.length });

for (const [label, method, path, body] of HEAVY) {
  for (let round = 1; round <= ROUNDS; round++) {
    const latencies = [];
    const started = performance.now();
    let done = false;
    const request = fetch(`${url}${path}`, { method, headers: { cookie: heavy, 'content-type': 'application/json' }, body: JSON.stringify(body) })
      .then(async (response) => ({ status: response.status, body: await response.text() }))
      .finally(() => (done = true));
    // GET /api/me one after another for as long as the heavy request runs.
    while (!done) latencies.push(await me());
    const answer = await request;
    const heavyMs = performance.now() - started;
    rows.push({
      what: `${label} (round ${round}): HTTP ${answer.status}`,
      heavy: `${heavyMs.toFixed(0)} ms`,
      p50: percentile(latencies, 50),
      max: Math.max(...latencies),
      n: latencies.length,
    });
  }
}

await stop(child);
await google.stop();

const table = rows.map((r) => ({
  during: r.what,
  'heavy request': r.heavy,
  'GET /api/me p50': `${r.p50.toFixed(1)} ms`,
  'GET /api/me max': `${r.max.toFixed(1)} ms`,
  requests: r.n,
}));
console.table(table);
const worst = Math.max(...rows.map((r) => r.max));
console.log(`Slowest GET /api/me while a heavy request ran: ${worst.toFixed(1)} ms (goal: under 200 ms).`);
