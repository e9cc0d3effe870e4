// Bulk writing through OpenAI's Batch API (or, with BENCH_VENDOR=anthropic, every section on a Claude
// model through Anthropic's Message Batches). 200 rows of a bulk template of 3 sections,
// written by one server on the embedded database against the simulators (each OpenAI batch takes
// 2 s from created to completed; Quire's bulk pass every 200 ms; Notion at its 3 requests a
// second, the pace Quire keeps per integration secret). Prints one table, then each batch: the
// batches and lines sent (goal: one line per section, no chat completion), Quire's cost against
// the synchronous cost of the same tokens (goal 0.5), wall time against the batches' own time
// (latency × rounds) and against that plus Notion's pace, and the server's memory.
// Run with `npm run bench:bulk` (BENCH_VENDOR, BENCH_ROWS, BENCH_BATCH_LATENCY_MS and BENCH_BULK_POLL_MS change it).
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { client, fakes, memoryMb, root, seedTemplate, signIn, startServer, stop } from '../scripts/lib/harness.mjs';

const VENDOR = process.env.BENCH_VENDOR ?? 'openai';
if (!['openai', 'anthropic'].includes(VENDOR)) throw new Error('BENCH_VENDOR is openai or anthropic');
/** The Claude model the sections write with when BENCH_VENDOR=anthropic (one the simulator lists, with a known price). */
const CLAUDE = 'claude-haiku-4-5-20251001';
const ROWS = Number(process.env.BENCH_ROWS ?? 200);
const HEADINGS = ['Introduction', 'Pros and cons', 'Verdict'];
const BATCH_LATENCY_MS = Number(process.env.BENCH_BATCH_LATENCY_MS ?? 2000);
const BULK_POLL_MS = Number(process.env.BENCH_BULK_POLL_MS ?? 200);
const SECTIONS = ROWS * HEADINGS.length;
/** One round a section: every waiting article's next section in one batch. */
const ROUNDS = HEADINGS.length;
const FINAL = ['Posts Generated', 'Generating Error'];

// The server's own price table, cost computation and Notion pace, as built.
const require = createRequire(import.meta.url);
const { DEFAULT_PRICES } = require(join(root, 'dist/config/price-table.js'));
const { spentUsd } = require(join(root, 'dist/integrations/openai/usage.js'));
const { NOTION_REQUESTS_PER_SECOND } = require(join(root, 'dist/integrations/pace/shared-pace.service.js'));

const { NotionFake, OpenAiFake, AnthropicFake } = fakes();
const notion = await new NotionFake().start(0);
const openai = await new OpenAiFake().start(0);
const anthropic = await new AnthropicFake().start(0);
openai.batchLatencyMs = BATCH_LATENCY_MS;
anthropic.batchLatencyMs = BATCH_LATENCY_MS;

const { child, url } = await startServer({
  NODE_ENV: 'test',
  AUTH_MODE: 'local',
  DATABASE_URL: '',
  DATA_DIR: mkdtempSync(join(tmpdir(), 'quire-bench-bulk-')),
  NOTION_BASE_URL: notion.baseUrl,
  OPENAI_BASE_URL: openai.baseUrl,
  ANTHROPIC_BASE_URL: anthropic.baseUrl,
  NOTION_POLL_SECONDS: '3600',
  BULK_POLL_MS: String(BULK_POLL_MS),
});
const api = client(url, await signIn(url, 'local'));
await api('POST', '/api/user', { envVars: { NOTION_SECRET: notion.secret, DATABASE_ID: notion.databaseId, OPENAI_API_KEY: openai.apiKey } });
const { article, model } = await seedTemplate(api, { title: 'Bench bulk guide', type: 'Guide', headings: HEADINGS });
if (VENDOR === 'anthropic') {
  // Every section and the template on a Claude model: the template's model replaced by it.
  const claude = await api('POST', '/api/connections', { kind: 'anthropic', name: 'Claude', api_key: anthropic.apiKey });
  const onClaude = await api('POST', '/api/models', { name: 'Bench Claude', base_model: CLAUDE, connection_id: claude._id });
  await api('POST', `/api/models/${model._id}/replace`, { replacement: onClaude._id });
}
await api('PUT', `/api/articles/${article._id}`, { bulk: true });
const pages = Array.from({ length: ROWS }, (_, i) =>
  notion.addRow({ title: `Bulk article ${i + 1}`, status: 'Start Generating', type: 'Guide', extra: { Keyword: `topic ${i + 1}` } }),
);
notion.requests.length = 0;
notion.rateLimited = 0;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const beforeRss = memoryMb(child.pid).rss;
let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, memoryMb(child.pid).rss)), 100);
const loadBefore = loadavg()[0];

// "Check Notion now" claims every row (each claim one paced Notion call) before it answers.
const started = Date.now();
await api('POST', '/api/generation/check-now');
const claimed = Date.now() - started;
const delivered = new Map();
while (delivered.size < ROWS) {
  for (const id of pages) if (!delivered.has(id) && FINAL.includes(notion.statusOf(id))) delivered.set(id, Date.now() - started);
  if (Date.now() - started > 60 * 60_000) throw new Error('timed out waiting for every row');
  await sleep(20);
}
const wallMs = Date.now() - started;
clearInterval(sampler);
const loadAfter = loadavg()[0];
const highWater = memoryMb(child.pid).peak;
await sleep(2000);
const afterRss = memoryMb(child.pid).rss;
const notionCalls = notion.requests.filter((r) => !r.path.startsWith('/__fake/')).length;

// What the vendor was sent and ran: each batch's requests (custom_id = job:position:attempt at
// OpenAI, job_position_attempt at Anthropic, which takes no colon) and the requests sent at once.
const batches =
  VENDOR === 'anthropic'
    ? [...anthropic.batches.values()].map((b) => ({
        status: b.status,
        lines: b.requests,
        createdAt: b.createdAt,
        endedAt: b.endedAt,
      }))
    : [...openai.batches.values()].map((b) => ({
        status: b.status,
        lines: b.lines,
        createdAt: b.createdAt,
        endedAt: b.completedAt ?? b.failedAt ?? b.expiredAt ?? b.cancelledAt,
      }));
const inputLines = batches.flatMap((b) => b.lines.map((line) => line.customId));
const executed = VENDOR === 'anthropic' ? [...anthropic.batches.values()].flatMap((b) => b.results) : openai.executedLines;
const executedTwice = executed.length - new Set(executed.map((line) => line.customId)).size;
const chatCompletions =
  VENDOR === 'anthropic'
    ? anthropic.requests.filter((r) => r.method === 'POST' && r.path === '/v1/messages').length
    : openai.requestsTo('POST', /^\/v1\/chat\/completions$/).length;

// What Quire reports: History (round, last batch, each section's cost) and the usage totals.
const entries = await api('GET', `/api/history?range=${encodeURIComponent(`[0,${ROWS + 9}]`)}`);
const details = [];
for (const entry of entries) details.push(await api('GET', `/api/history/${entry._id}`));
const sectionsSaved = details.flatMap((d) => d.sections ?? []);
const fullPrice = (model, prompt, completion) => spentUsd({ model, promptTokens: prompt, completionTokens: completion, cachedTokens: 0 }, DEFAULT_PRICES);
const sectionRatios = sectionsSaved.map((s) => s.cost_usd / fullPrice(s.model, s.prompt_tokens, s.completion_tokens));
const usage = await api('GET', '/api/usage');
const synchronous = usage.by_model.reduce((sum, m) => sum + fullPrice(m.model, m.prompt_tokens, m.completion_tokens), 0);
const rounds = entries.map((e) => e.meta?.bulk?.round ?? 0);
const lastStatuses = [...new Set(entries.map((e) => e.meta?.bulk?.batch_status ?? 'none'))];
const complete = pages.filter((id) => notion.statusOf(id) === 'Posts Generated').length;
const duplicated = pages.filter((id) => notion.bodyOf(id).filter((line) => line.startsWith('heading_2: ')).length > HEADINGS.length).length;

await stop(child);
await Promise.all([notion.stop(), openai.stop(), anthropic.stop()]);

const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
const usd = (n) => `$${n.toFixed(4)}`;
const batchMs = BATCH_LATENCY_MS * ROUNDS;
const notionMs = (notionCalls * 1000) / NOTION_REQUESTS_PER_SECOND;
const times = [...delivered.values()];
const table = [
  [
    'rows × sections',
    `${ROWS} × ${HEADINGS.length} = ${SECTIONS}`,
    `${VENDOR === 'anthropic' ? `${CLAUDE} through Anthropic's Message Batches` : "gpt-4o through OpenAI's Batch API"}; batch latency ${BATCH_LATENCY_MS} ms, BULK_POLL_MS ${BULK_POLL_MS}, embedded database (DATA_DIR)`,
  ],
  ['pages complete / failed / duplicated', `${complete} / ${ROWS - complete} / ${duplicated}`, ''],
  ['batches made', String(batches.length), `one a round: ${ROUNDS}; statuses: ${[...new Set(batches.map((b) => b.status))].join(', ')}`],
  ['lines sent / distinct / executed', `${inputLines.length} / ${new Set(inputLines).size} / ${executed.length}`, `${executedTwice} executed twice`],
  [
    'requests per section',
    (inputLines.length / SECTIONS).toFixed(3),
    `goal 1; requests sent at once ${chatCompletions}; sections saved as written in bulk ${sectionsSaved.filter((x) => x.batch).length} / ${sectionsSaved.length}`,
  ],
  ['History: round (min–max) / last batch', `${Math.min(...rounds)}–${Math.max(...rounds)} / ${lastStatuses.join(', ')}`, `${entries.length} entries`],
  ['Quire’s cost (GET /api/usage)', usd(usage.cost_usd), `${usage.prompt_tokens} prompt + ${usage.completion_tokens} completion tokens`],
  ['synchronous cost of the same tokens', usd(synchronous), 'spentUsd with DEFAULT_PRICES, from dist/'],
  [
    'cost ÷ synchronous cost',
    (usage.cost_usd / synchronous).toFixed(4),
    `goal 0.5; per section ${Math.min(...sectionRatios).toFixed(4)}–${Math.max(...sectionRatios).toFixed(4)} (each cost rounded to $0.000001)`,
  ],
  ['wall time', s(wallMs), `from "Check Notion now" to the last row's final status; the check answered (every row claimed) after ${s(claimed)}`],
  ['  first / last row delivered', `${s(Math.min(...times))} / ${s(Math.max(...times))}`, ''],
  ['wall ÷ (batch latency × rounds)', (wallMs / batchMs).toFixed(2), `${BATCH_LATENCY_MS} ms × ${ROUNDS} = ${s(batchMs)}`],
  [
    'wall ÷ (that + Notion’s pace)',
    (wallMs / (batchMs + notionMs)).toFixed(2),
    `${notionCalls} Notion calls at ${NOTION_REQUESTS_PER_SECOND} a second = ${s(notionMs)} (Notion 429s: ${notion.rateLimited})`,
  ],
  [
    'server RSS before / peak / after',
    `${beforeRss.toFixed(0)} / ${peakRss.toFixed(0)} / ${afterRss.toFixed(0)} MB`,
    `before the check (just after start and setup); peak sampled every 100 ms during the run; after = 2 s after the last row; VmHWM since start ${highWater.toFixed(0)} MB`,
  ],
  ['machine load (1 min)', `${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)}`, 'before → after the run'],
];
console.log('\n| measure | value | notes |\n|---|---|---|');
for (const [a, b, c] of table) console.log(`| ${a} | ${b} | ${c} |`);

// Each batch as the simulator ran it, and which sections (1 = the first) it held.
console.log('\n| batch | lines | sections held | created | completed |\n|---|---|---|---|---|');
for (const [i, b] of batches.entries()) {
  const held = new Map();
  for (const line of b.lines) {
    const section = Number(line.customId.split(/[:_]/).at(-2)) + 1;
    held.set(section, (held.get(section) ?? 0) + 1);
  }
  const what = [...held].sort(([a], [b]) => a - b).map(([section, n]) => `${n} × section ${section}`);
  console.log(`| ${i + 1} | ${b.lines.length} | ${what.join(', ')} | +${s(b.createdAt - started)} | +${s(b.endedAt - started)} |`);
}
if (complete !== ROWS || duplicated > 0 || executedTwice > 0 || inputLines.length !== SECTIONS) process.exitCode = 1;
