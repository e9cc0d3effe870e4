// What the workspace guard and the audit log cost the everyday requests. Times
// GET /api/sections (a page of 25 of 200 sections) and a section save (PUT, a new version each
// time, read first and logged by the audit writer) against a server on a fresh in-memory database.
// Prints one table. Run with `npm run bench:workspaces`; run the same file in a checkout of the
// commit before workspaces for the figures to compare (docs/benchmarks.md has both).
import { signIn, startServer, stop } from '../scripts/lib/harness.mjs';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const WARMUP = 50;

const { child, url } = await startServer({ NODE_ENV: 'test', DATABASE_URL: 'memory://', AUTH_MODE: 'local' });
const cookie = await signIn(url, 'local');

async function call(method, path, body) {
  const start = performance.now();
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { cookie, 'content-type': 'application/json', origin: url },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 200)}`);
  return { ms: performance.now() - start, json: text ? JSON.parse(text) : null };
}

const model = (await call('POST', '/api/models', { name: 'Bench voice', base_model: 'gpt-4o' })).json;
const section = (i) => ({
  name: `Section ${i}`,
  model: model._id,
  temperature: 0.7,
  system_message: 'You write clear, friendly articles for a product blog.',
  user_message: `Write the part ${i} of {{title}} in about 200 words.`,
});
const sections = [];
for (let i = 0; i < 200; i++) sections.push((await call('POST', '/api/sections', section(i))).json);

const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))];

async function measure(label, request) {
  for (let i = 0; i < WARMUP; i++) await request(i);
  const times = [];
  for (let i = 0; i < REQUESTS; i++) times.push((await request(WARMUP + i)).ms);
  return {
    request: label,
    n: REQUESTS,
    'p50 ms': percentile(times, 50),
    'p95 ms': percentile(times, 95),
    'mean ms': times.reduce((a, b) => a + b, 0) / times.length,
  };
}

const rows = [
  await measure('GET /api/sections (25 of 200)', () =>
    call('GET', `/api/sections?range=${encodeURIComponent('[0,24]')}&sort=${encodeURIComponent('["created_at","DESC"]')}`),
  ),
  await measure('PUT /api/sections/{id} (a new version)', (i) => {
    const target = sections[i % sections.length];
    return call('PUT', `/api/sections/${target._id}`, { ...section(i % sections.length), user_message: `Write part ${i} of {{title}}.` });
  }),
];

await stop(child);
console.table(rows.map((row) => ({ ...row, 'p50 ms': row['p50 ms'].toFixed(2), 'p95 ms': row['p95 ms'].toFixed(2), 'mean ms': row['mean ms'].toFixed(2) })));
