// How soon a row set to start in Notion begins ("Generating..."), with Notion's webhooks
// and with polling, and how many Notion requests an idle workspace costs an hour. One server on an
// in-memory embedded database against the simulators (Notion at its 3 requests a second; the
// webhook simulator aggregates a page's changes for 100 ms before sending, Notion's own delay
// being outside Quire). Prints one table. Run with `npm run bench:webhooks`.
import { client, fakes, seedTemplate, signIn, startServer, stop } from '../scripts/lib/harness.mjs';

const WEBHOOK_ROWS = Number(process.env.BENCH_ROWS ?? 20);
const POLL_ROWS = Number(process.env.BENCH_POLL_ROWS ?? 5);
/** The poll in this bench (the default is 60 s: a row then waits 30 s on average). */
const POLL_SECONDS = Number(process.env.BENCH_POLL_SECONDS ?? 10);
const DEFAULT_POLL_SECONDS = 60;
const SAFETY_POLL_SECONDS = 600;

const { NotionFake, OpenAiFake, GoogleFake } = fakes();
const notion = await new NotionFake().start(0);
const openai = await new OpenAiFake().start(0);
const google = await new GoogleFake().start(0);
const { child, url } = await startServer({
  NODE_ENV: 'test',
  DATABASE_URL: 'memory://',
  ...google.env(),
  NOTION_BASE_URL: notion.baseUrl,
  OPENAI_BASE_URL: openai.baseUrl,
  NOTION_POLL_SECONDS: String(POLL_SECONDS),
});
const api = client(url, await signIn(url, 'google'));
await api('POST', '/api/user', { envVars: { NOTION_SECRET: notion.secret, DATABASE_ID: notion.databaseId, OPENAI_API_KEY: openai.apiKey } });
await seedTemplate(api, { title: 'Bench guide', type: 'Guide', headings: ['Introduction'] });

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(done, timeoutMs) {
  const start = Date.now();
  while (!done()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out');
    await sleep(20);
  }
}
const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((values.length * p) / 100) - 1)];
const started = (id) => !['Not started', 'Start Generating'].includes(notion.statusOf(id));

/** Rows set to start one after another: how long each waited for Quire to take it. */
async function latencies(rows, timeoutMs) {
  const times = [];
  for (let i = 0; i < rows; i++) {
    const id = notion.addRow({ title: `Row ${times.length}`, status: 'Not started', type: 'Guide', extra: { Keyword: 'speed' } });
    await sleep(300);
    const t0 = Date.now();
    notion.setStatusByHand(id, 'Start Generating');
    await until(() => started(id), timeoutMs);
    times.push(Date.now() - t0);
    await until(() => notion.statusOf(id) === 'Posts Generated' || notion.statusOf(id) === 'Generating Error', 60_000);
  }
  return times;
}

/** Notion requests while nothing happens, for `seconds`. */
async function idleRequests(seconds) {
  const before = notion.requests.length;
  await sleep(seconds * 1000);
  return notion.requests.length - before;
}

const rows = [];
// Polling only.
const polled = await latencies(POLL_ROWS, (POLL_SECONDS + 30) * 1000);
const idlePolls = 3;
const perPoll = (await idleRequests(POLL_SECONDS * idlePolls)) / idlePolls;
rows.push({
  mode: `polling every ${POLL_SECONDS} s`,
  rows: POLL_ROWS,
  'p50 s': percentile(polled, 50) / 1000,
  'p95 s': percentile(polled, 95) / 1000,
  'Notion requests per idle hour': '—',
});
rows.push({
  mode: `polling every ${DEFAULT_POLL_SECONDS} s (default)`,
  rows: '—',
  'p50 s': `≈ ${DEFAULT_POLL_SECONDS / 2}`,
  'p95 s': `≈ ${(DEFAULT_POLL_SECONDS * 0.95).toFixed(0)}`,
  'Notion requests per idle hour': `${(perPoll * 3600) / DEFAULT_POLL_SECONDS} (${perPoll.toFixed(1)} a check)`,
});

// A verified webhook.
const state = await api('GET', '/api/notion-webhook');
const subscription = await notion.subscribe(`${url}${new URL(state.url).pathname}`);
subscription.verified = true;
const hooked = await latencies(WEBHOOK_ROWS, 10_000);
const idleWithWebhook = await idleRequests(POLL_SECONDS * idlePolls);
// How fast Quire answers a delivery (checks the signature, records the event, queues it): events
// of a page outside the database, so nothing starts.
const answers = [];
for (let i = 0; i < 200; i++) {
  const body = JSON.stringify({
    id: `bench-${i}-${Date.now()}`,
    type: 'page.properties_updated',
    api_version: subscription.apiVersion,
    entity: { id: '00000000-0000-4000-8000-000000000000', type: 'page' },
    authors: [{ id: 'p', type: 'person' }],
    data: { parent: { id: 'x', type: 'database', data_source_id: 'y' }, updated_properties: ['zz'] },
  });
  const t0 = performance.now();
  const response = await fetch(subscription.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-notion-signature': subscription.sign(body) },
    body,
  });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`delivery answered ${response.status}`);
  answers.push(performance.now() - t0);
}
rows.push({
  mode: 'webhook (verified, delivering)',
  rows: WEBHOOK_ROWS,
  'p50 s': percentile(hooked, 50) / 1000,
  'p95 s': percentile(hooked, 95) / 1000,
  'Notion requests per idle hour': `${(perPoll * 3600) / SAFETY_POLL_SECONDS} (a check every 10 min; ${idleWithWebhook} in ${POLL_SECONDS * idlePolls} s idle)`,
});

await stop(child);
subscription.stop();
await Promise.all([notion.stop(), openai.stop(), google.stop()]);
console.table(rows);
console.log(
  `Quire's answer to a signed delivery (200 of them): p50 ${percentile(answers, 50).toFixed(1)} ms, p95 ${percentile(answers, 95).toFixed(1)} ms, max ${Math.max(...answers).toFixed(1)} ms.`,
);
console.log(
  `Idle Notion requests with a live webhook: ${((100 * SAFETY_POLL_SECONDS ** -1) / DEFAULT_POLL_SECONDS ** -1).toFixed(0)} % of polling at the default ${DEFAULT_POLL_SECONDS} s.`,
);
