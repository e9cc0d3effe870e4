// Generation throughput, with the OpenAI simulator at 300 ms a completion and the Notion simulator
// limited to 3 requests/s per integration secret. Prints one table. `npm run bench:generation`.
//  1. One server on the embedded database: 30 rows × 6 sections for one operator; wall time
//     against the lower bound max(OpenAI-bound, Notion-bound), Notion 429s, peak memory.
//  2. With PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/quire_bench,
//     recreated for each run):
//     a. the same batch run by two servers on one Notion secret: their Notion calls share its pace,
//        so no 429 and a wall time within 1.05 × the bound;
//     b. Notion not the bound (12 operators, each with a Notion integration of their own, 10 rows
//        each): one server, then two; two should write ≥ 1.8 × what one does in the same time.
//        A batch has a fixed part that no second server shortens (about a second before the first
//        job is queued: the check's Notion reads and the first "in progress"; about a second after
//        the last section: its delivery), and the two servers' last round of articles is only
//        partly full unless the batch divides by their slots: with 60 articles (4 slots: 15 rounds
//        of 2 s; 8 slots: 7.5, so 8) even servers with no overhead at all would reach only
//        (15 × 2 + 2) ÷ (8 × 2 + 2) = 1.78 ×. 120 articles make the measure the rate of writing.
//  1b. The same on the embedded database with the sections on three vendors in turn (OpenAI, Anthropic
//     and an OpenAI-compatible server, each simulator at the same latency): the same bound, the same
//     goal of 1.05 ×.
//     c. reasoning models (gpt-5: it refuses a temperature other than 1 and logit_bias; gpt-6-sol: it
//        refuses any temperature at its default effort, and logit_bias) on a fresh database, written
//        by two servers at once: every refused parameter should cost at most one refused request,
//        for both servers together.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { client, fakes, memoryMb, seedTemplate, signIn, startServer, stop } from '../scripts/lib/harness.mjs';
import { freshPostgres } from './lib/postgres.mjs';

const ROWS = Number(process.env.BENCH_ROWS ?? 30);
const SECTIONS = 6;
const LATENCY_MS = 300;
const NOTION_PER_SECOND = 3;
const CONCURRENCY = Number(process.env.GENERATION_CONCURRENCY ?? 4);
/** Notion calls a page needs: in progress, read the body (for the append marker), one append, complete. */
const NOTION_CALLS_PER_PAGE = 4;
/** Per check: open the database, read its properties, query the rows to start, and those in progress (none may stay so). */
const NOTION_CALLS_PER_CHECK = 4;
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/quire_bench';
const OPERATORS = Number(process.env.BENCH_OPERATORS ?? 12);
const ROWS_PER_OPERATOR = Number(process.env.BENCH_ROWS_PER_OPERATOR ?? 10);

const { NotionFake, OpenAiFake, GoogleFake, AnthropicFake, CompatibleFake } = fakes();
const notion = await new NotionFake().start(0);
const openai = await new OpenAiFake().start(0);
const google = await new GoogleFake().start(0);
const anthropic = await new AnthropicFake().start(0);
const compatible = await new CompatibleFake().start(0);
openai.chatLatencyMs = LATENCY_MS;

const table = [];
const row = (what, value, note = '') => table.push([what, value, note]);
const openAiBound = (rows, servers) => (rows * SECTIONS * LATENCY_MS) / 1000 / (CONCURRENCY * servers);
/** Each further server process reads the database and its properties once (then once a minute), to know the status property. */
const NOTION_CALLS_PER_MORE_SERVER = 2;
/** One secret's calls, at Notion's pace: the slowest operator's rows and check (and what each further server reads once). */
const notionBound = (rowsPerSecret, servers = 1) =>
  (rowsPerSecret * NOTION_CALLS_PER_PAGE + NOTION_CALLS_PER_CHECK + NOTION_CALLS_PER_MORE_SERVER * (servers - 1)) / NOTION_PER_SECOND;

const recreatePostgres = () => freshPostgres(POSTGRES_URL);

/**
 * Starts `servers` server processes on one database, signs each operator in (local sign-in for one,
 * the Google simulator for several), gives each a Notion integration (the first the simulator's own,
 * the others their own secret and database), a template and rows; then presses "Check Notion now"
 * for each and waits until every page has its final status.
 */
async function batch({ servers: count, database, operators, rowsPerOperator, baseModel = 'gpt-4o', vendors = false }) {
  notion.reset();
  openai.reset();
  anthropic.reset();
  compatible.reset();
  openai.chatLatencyMs = LATENCY_MS;
  anthropic.chatLatencyMs = LATENCY_MS;
  compatible.chatLatencyMs = LATENCY_MS;
  notion.requestsPerSecond = NOTION_PER_SECOND;
  const emails = Array.from({ length: operators }, (_, i) => `operator${i + 1}@quire.bench`);
  const auth = operators === 1 ? { AUTH_MODE: 'local' } : { ...google.env(emails.join(',')) };
  const env = {
    NODE_ENV: 'test',
    ...auth,
    DATABASE_URL: database,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'quire-bench-generation-')),
    NOTION_BASE_URL: notion.baseUrl,
    OPENAI_BASE_URL: openai.baseUrl,
    NOTION_POLL_SECONDS: '3600',
    GENERATION_CONCURRENCY: String(CONCURRENCY),
    ANTHROPIC_BASE_URL: anthropic.baseUrl,
  };
  const servers = [];
  for (let i = 0; i < count; i++) servers.push(await startServer(env));
  const url = servers[0].url;
  const apis = [];
  const pages = [];
  for (const [i, email] of emails.entries()) {
    if (operators > 1) google.account = { sub: `bench-${i + 1}`, email, email_verified: true, name: `Operator ${i + 1}` };
    const api = client(url, await signIn(url, operators === 1 ? 'local' : 'google'));
    const integration = i === 0 ? { secret: notion.secret, databaseId: notion.databaseId, dataSourceId: undefined } : notion.addIntegration();
    await api('POST', '/api/user', { envVars: { NOTION_SECRET: integration.secret, DATABASE_ID: integration.databaseId, OPENAI_API_KEY: openai.apiKey } });
    const moreModels = [];
    if (vendors) {
      const claude = await api('POST', '/api/connections', { kind: 'anthropic', name: 'Claude', api_key: anthropic.apiKey });
      const local = await api('POST', '/api/connections', { kind: 'openai-compatible', name: 'Local vLLM', base_url: compatible.baseUrl });
      moreModels.push({ base_model: 'claude-sonnet-4-6', connection_id: claude._id }, { base_model: compatible.served[0], connection_id: local._id });
    }
    await seedTemplate(api, {
      title: 'Bench guide',
      type: 'Guide',
      headings: Array.from({ length: SECTIONS }, (_, s) => `Section ${s + 1}`),
      baseModel,
      moreModels,
    });
    for (let r = 0; r < rowsPerOperator; r++) {
      const title = `Bench article ${i + 1}.${r + 1}`;
      pages.push(
        notion.addRow({
          title,
          status: 'Start Generating',
          type: 'Guide',
          extra: { Keyword: `topic ${i + 1}.${r + 1}` },
          dataSourceId: integration.dataSourceId,
        }),
      );
    }
    apis.push(api);
  }
  notion.requests.length = 0;
  notion.rateLimited = 0;

  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, ...servers.map((s) => memoryMb(s.child.pid).rss))), 200);
  const started = performance.now();
  await Promise.all(apis.map((api) => api('POST', '/api/generation/check-now')));
  for (;;) {
    const statuses = pages.map((id) => notion.statusOf(id));
    if (statuses.every((s) => s === 'Posts Generated' || s === 'Generating Error')) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const wall = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, ...servers.map((s) => memoryMb(s.child.pid).peak));
  const complete = pages.filter((id) => notion.statusOf(id) === 'Posts Generated').length;
  const duplicated = pages.filter((id) => notion.bodyOf(id).filter((line) => line.startsWith('heading_2: ')).length > SECTIONS).length;
  const result = {
    wall,
    rows: pages.length,
    complete,
    lost: pages.length - complete,
    duplicated,
    completions: openai.requestsTo('POST', /^\/v1\/chat\/completions$/).length,
    anthropicMessages: anthropic.requests.filter((r) => r.method === 'POST' && r.path === '/v1/messages').length,
    compatibleCompletions: compatible.requests.filter((r) => r.method === 'POST' && r.path === '/v1/chat/completions').length,
    notionCalls: notion.requests.length,
    notion429: notion.rateLimited,
    openAi429: openai.rateLimited,
    refusals: [...openai.refusals],
    peak,
  };
  await Promise.all(servers.map((s) => stop(s.child)));
  return result;
}

let failed = false;
/** A goal's verdict (printed; only lost or duplicated pages fail the run). */
const check = (ok) => (ok ? 'met' : 'NOT MET');
const pct = (a, b) => `${((100 * a) / Math.max(b, 1)).toFixed(1)} %`;

// 1. One server, embedded database.
const one = await batch({ servers: 1, database: '', operators: 1, rowsPerOperator: ROWS });
const oneBound = Math.max(openAiBound(ROWS, 1), notionBound(ROWS));
row('rows × sections', `${ROWS} × ${SECTIONS}`, `concurrency ${CONCURRENCY}, OpenAI ${LATENCY_MS} ms/completion, Notion ${NOTION_PER_SECOND} req/s per secret`);
row('wall time', `${one.wall.toFixed(1)} s`, 'from "Check Notion now" until every page has its final status');
row('OpenAI-bound', `${openAiBound(ROWS, 1).toFixed(1)} s`, `${ROWS * SECTIONS} completions × ${LATENCY_MS} ms / ${CONCURRENCY}`);
row('Notion-bound', `${notionBound(ROWS).toFixed(1)} s`, `${ROWS} × ${NOTION_CALLS_PER_PAGE} + ${NOTION_CALLS_PER_CHECK} calls / ${NOTION_PER_SECOND} per s`);
row('ratio wall / bound', (one.wall / oneBound).toFixed(3), `goal ≤ 1.05: ${check(one.wall / oneBound <= 1.05)}`);
row(
  'pages complete / lost / duplicated',
  `${one.complete} / ${one.lost} / ${one.duplicated}`,
  `goal: none lost or duplicated: ${check(one.lost + one.duplicated === 0)}`,
);
row('chat completions', String(one.completions), `expected ${ROWS * SECTIONS}`);
row('Notion calls / 429s', `${one.notionCalls} / ${one.notion429}`, `${pct(one.notion429, one.notionCalls)} (goal < 5 %)`);
row('server peak memory', `${one.peak.toFixed(0)} MB`, `RSS high-water mark from start, embedded database; goal ≤ 400 MB: ${check(one.peak <= 400)}`);

// 1b. The same, the sections on three vendors in turn.
const mixed = await batch({ servers: 1, database: '', operators: 1, rowsPerOperator: ROWS, vendors: true });
row(
  'three vendors: wall time',
  `${mixed.wall.toFixed(1)} s`,
  'sections on OpenAI, Anthropic and an OpenAI-compatible server in turn, each at the same latency',
);
row('  ratio wall / bound', (mixed.wall / oneBound).toFixed(3), `goal ≤ 1.05: ${check(mixed.wall / oneBound <= 1.05)}`);
row(
  '  requests OpenAI / Anthropic / compatible',
  `${mixed.completions} / ${mixed.anthropicMessages} / ${mixed.compatibleCompletions}`,
  `expected ${(ROWS * SECTIONS) / 3} each, plus one refused request per parameter Anthropic refuses (its API takes no temperature)`,
);
row(
  '  pages complete / lost / duplicated',
  `${mixed.complete} / ${mixed.lost} / ${mixed.duplicated}`,
  `goal: none lost or duplicated: ${check(mixed.lost + mixed.duplicated === 0)}`,
);
if (mixed.lost + mixed.duplicated > 0) failed = true;

if (await recreatePostgres()) {
  // 2a. Two servers, one operator, one Notion secret: Notion is the bound, and its pace is shared.
  const two = await batch({ servers: 2, database: POSTGRES_URL, operators: 1, rowsPerOperator: ROWS });
  const twoBound = Math.max(openAiBound(ROWS, 2), notionBound(ROWS, 2));
  row(
    'two servers, one Notion secret: wall time',
    `${two.wall.toFixed(1)} s`,
    `PostgreSQL; bound ${twoBound.toFixed(1)} s: Notion, ${ROWS} × ${NOTION_CALLS_PER_PAGE} + ${NOTION_CALLS_PER_CHECK} + ${NOTION_CALLS_PER_MORE_SERVER} calls at one secret's pace for both servers`,
  );
  row('  ratio wall / bound', (two.wall / twoBound).toFixed(3), `goal ≤ 1.05: ${check(two.wall / twoBound <= 1.05)}`);
  row(
    '  Notion calls / 429s',
    `${two.notionCalls} / ${two.notion429}`,
    `goal no 429: ${check(two.notion429 === 0)}; pages complete / lost / duplicated ${two.complete} / ${two.lost} / ${two.duplicated}${two.lost + two.duplicated ? ' NOT MET' : ''}`,
  );
  if (two.lost + two.duplicated > 0) failed = true;

  // 2b. Notion not the bound: several operators, each their own secret; one server, then two.
  const rows = OPERATORS * ROWS_PER_OPERATOR;
  await recreatePostgres();
  const single = await batch({ servers: 1, database: POSTGRES_URL, operators: OPERATORS, rowsPerOperator: ROWS_PER_OPERATOR });
  await recreatePostgres();
  const double = await batch({ servers: 2, database: POSTGRES_URL, operators: OPERATORS, rowsPerOperator: ROWS_PER_OPERATOR });
  const speedUp = single.wall / double.wall;
  row(
    `${OPERATORS} operators × ${ROWS_PER_OPERATOR} rows, own secrets: one server`,
    `${single.wall.toFixed(1)} s`,
    `${(single.rows / single.wall).toFixed(2)} articles/s; OpenAI-bound ${openAiBound(rows, 1).toFixed(1)} s, Notion-bound ${notionBound(ROWS_PER_OPERATOR).toFixed(1)} s per secret`,
  );
  row(
    `  two servers`,
    `${double.wall.toFixed(1)} s`,
    `${(double.rows / double.wall).toFixed(2)} articles/s; OpenAI-bound ${openAiBound(rows, 2).toFixed(1)} s; Notion 429s ${single.notion429} / ${double.notion429}`,
  );
  row('  two servers / one server', `${speedUp.toFixed(2)} ×`, `goal ≥ 1.8: ${check(speedUp >= 1.8)}`);
  if (single.lost + single.duplicated + double.lost + double.duplicated > 0) {
    failed = true;
    row('  pages lost / duplicated', `${single.lost + double.lost} / ${single.duplicated + double.duplicated}`, 'NOT MET');
  }

  // 2c. Reasoning models, a fresh database, two servers at once: what each refuses is learned once, for both.
  for (const baseModel of ['gpt-5', 'gpt-6-sol']) {
    await recreatePostgres();
    const reasoned = await batch({ servers: 2, database: POSTGRES_URL, operators: 1, rowsPerOperator: 10, baseModel });
    const perFeature = new Map();
    for (const r of reasoned.refusals) perFeature.set(`${r.model} ${r.param} (${r.code})`, (perFeature.get(`${r.model} ${r.param} (${r.code})`) ?? 0) + 1);
    const most = Math.max(0, ...perFeature.values());
    row(
      `reasoning model (${baseModel}), two servers, fresh database`,
      `${reasoned.refusals.length} refused`,
      `${[...perFeature].map(([what, n]) => `${what} × ${n}`).join('; ')}; at most one each: ${check(most <= 1)}; ${reasoned.completions} chat requests for ${10 * SECTIONS} sections; pages complete ${reasoned.complete} / ${reasoned.rows}`,
    );
    if (most > 1 || reasoned.lost + reasoned.duplicated > 0) failed = true;
  }
}

const w = [0, 1].map((c) => Math.max(...table.map((r) => r[c].length)));
console.log(`\n${'measure'.padEnd(w[0])} | ${'value'.padEnd(w[1])} | notes\n${'-'.repeat(w[0])}-|-${'-'.repeat(w[1])}-|------`);
for (const [a, b, c] of table) console.log(`${a.padEnd(w[0])} | ${b.padEnd(w[1])} | ${c}`);

await Promise.all([notion.stop(), openai.stop(), google.stop(), anthropic.stop(), compatible.stop()]);
if (failed) process.exitCode = 1;
