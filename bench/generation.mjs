// Generation throughput: 30 Notion rows × 6 sections, OpenAI simulator at 300 ms a completion,
// Notion simulator limited to 3 requests/s. Prints wall time against the lower bound
// max(OpenAI-bound, Notion-bound), Notion 429s and peak memory. `npm run bench:generation`.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { client, fakes, memoryMb, seedTemplate, signIn, startServer, stop } from '../scripts/lib/harness.mjs';

const ROWS = Number(process.env.BENCH_ROWS ?? 30);
const SECTIONS = 6;
const LATENCY_MS = 300;
const NOTION_PER_SECOND = 3;
const CONCURRENCY = Number(process.env.GENERATION_CONCURRENCY ?? 4);
/** Notion calls a page needs: in progress, read the body (for the append marker), one append, complete. */
const NOTION_CALLS_PER_PAGE = 4;
/** Per check: open the database, read its properties, query the rows. */
const NOTION_CALLS_PER_CHECK = 3;

const { NotionFake, OpenAiFake } = fakes();
const notion = await new NotionFake().start(0);
const openai = await new OpenAiFake().start(0);
openai.chatLatencyMs = LATENCY_MS;
notion.requestsPerSecond = NOTION_PER_SECOND;

const port = 3301;
const server = await startServer(port, {
  NODE_ENV: 'test',
  AUTH_MODE: 'local',
  DATABASE_URL: '',
  DATA_DIR: mkdtempSync(join(tmpdir(), 'quire-bench-generation-')),
  NOTION_BASE_URL: notion.baseUrl,
  OPENAI_BASE_URL: openai.baseUrl,
  NOTION_POLL_SECONDS: '3600',
  GENERATION_CONCURRENCY: String(CONCURRENCY),
});
const api = client(server.url, await signIn(server.url, 'local'));
await api('POST', '/api/user', { envVars: { NOTION_SECRET: notion.secret, DATABASE_ID: notion.databaseId, OPENAI_API_KEY: openai.apiKey } });
await seedTemplate(api, { title: 'Bench guide', type: 'Guide', headings: Array.from({ length: SECTIONS }, (_, i) => `Section ${i + 1}`) });
const pages = Array.from({ length: ROWS }, (_, i) =>
  notion.addRow({ title: `Bench article ${i + 1}`, status: 'Start Generating', type: 'Guide', extra: { Keyword: `topic ${i + 1}` } }),
);
notion.requests.length = 0;
notion.rateLimited = 0;

let peak = 0;
const sampler = setInterval(() => (peak = Math.max(peak, memoryMb(server.child.pid).rss)), 200);
const started = performance.now();
await api('POST', '/api/generation/check-now');
for (;;) {
  const statuses = pages.map((id) => notion.statusOf(id));
  if (statuses.every((s) => s === 'Posts Generated' || s === 'Generating Error')) break;
  await new Promise((r) => setTimeout(r, 50));
}
const wall = (performance.now() - started) / 1000;
clearInterval(sampler);
peak = Math.max(peak, memoryMb(server.child.pid).peak);

const completions = openai.requestsTo('POST', /^\/v1\/chat\/completions$/).length;
const notionCalls = notion.requests.length;
const openAiBound = (ROWS * SECTIONS * LATENCY_MS) / 1000 / CONCURRENCY;
const notionBound = (ROWS * NOTION_CALLS_PER_PAGE + NOTION_CALLS_PER_CHECK) / NOTION_PER_SECOND;
const bound = Math.max(openAiBound, notionBound);
const bodies = pages.map((id) => notion.bodyOf(id).filter((line) => line.startsWith('heading_2: ')).length);
const complete = pages.filter((id) => notion.statusOf(id) === 'Posts Generated').length;
const duplicated = bodies.filter((n) => n > SECTIONS).length;
const lost = ROWS - complete;

const rows = [
  ['rows × sections', `${ROWS} × ${SECTIONS}`, `concurrency ${CONCURRENCY}, OpenAI ${LATENCY_MS} ms/completion, Notion ${NOTION_PER_SECOND} req/s`],
  ['wall time', `${wall.toFixed(1)} s`, 'from "Check Notion now" until every page has its final status'],
  ['OpenAI-bound', `${openAiBound.toFixed(1)} s`, `${ROWS * SECTIONS} completions × ${LATENCY_MS} ms / ${CONCURRENCY}`],
  ['Notion-bound', `${notionBound.toFixed(1)} s`, `${ROWS} × ${NOTION_CALLS_PER_PAGE} + ${NOTION_CALLS_PER_CHECK} calls / ${NOTION_PER_SECOND} per s`],
  ['ratio wall / bound', (wall / bound).toFixed(3), 'goal ≤ 1.15'],
  ['pages complete / lost / duplicated', `${complete} / ${lost} / ${duplicated}`, 'goal: none lost or duplicated'],
  ['chat completions', String(completions), `expected ${ROWS * SECTIONS}`],
  ['Notion calls / 429s', `${notionCalls} / ${notion.rateLimited}`, `${((100 * notion.rateLimited) / Math.max(notionCalls, 1)).toFixed(1)} % (goal < 5 %)`],
  ['server peak memory', `${peak.toFixed(0)} MB`, `RSS high-water mark from start, embedded database; goal ≤ 400 MB: ${peak <= 400 ? 'met' : 'not met'}`],
];
const w = [0, 1].map((c) => Math.max(...rows.map((r) => r[c].length)));
console.log(`\n${'measure'.padEnd(w[0])} | ${'value'.padEnd(w[1])} | notes\n${'-'.repeat(w[0])}-|-${'-'.repeat(w[1])}-|------`);
for (const [a, b, c] of rows) console.log(`${a.padEnd(w[0])} | ${b.padEnd(w[1])} | ${c}`);

await stop(server.child);
await Promise.all([notion.stop(), openai.stop()]);
if (lost > 0 || duplicated > 0) process.exitCode = 1;
