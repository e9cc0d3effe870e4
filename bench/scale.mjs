// A year of a busy agency's data: how the dashboard's reads grow with it. For each database (the
// embedded one and PostgreSQL) and each size (1×, 10×, 100×: 1× is 1,000 History entries with 5,000
// sections, 10,000 audit events and 200 evaluation items), a workspace is filled through the database
// itself — one statement per table, in minutes rather than the hours the API would take — then, over
// HTTP, the reads the screens make are timed (p50/p95 of REQUESTS calls after WARMUP): History as its
// screen reads it, its first and last page, each of its sorts and filters, an entry, Home's spend,
// the evaluations list and one evaluation, the audit log's first and last page and its filters. Then
// "Check now" on a Notion database of 100 rows a scale (10,000 at 100×) in the simulator, a backup
// downloaded while another request asks the server every 20 ms, its restore into a new database, the
// database's size on disk and the server's RSS at rest. Prints one table.
//
// Run with `npm run bench:scale`. SCALES=1,10 (default 1,10,100) and DATABASES=embedded,postgres
// choose; PostgreSQL at BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/quire_scale),
// made afresh, its rows skipped when no server answers. BACKUP=0 and ANALYZE=0: see below.
import { PGlite } from '@electric-sql/pglite';
import { execFileSync } from 'node:child_process';
import { copyFileSync, createWriteStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { client, fakes, memoryMb, root, signIn, startServer, stop } from '../scripts/lib/harness.mjs';
import { freshPostgres } from './lib/postgres.mjs';

const require = createRequire(import.meta.url);
const { pgliteOptions } = require('../dist/database/pglite-image.js');

const SCALES = (process.env.SCALES ?? '1,10,100').split(',').map(Number);
const DATABASES = (process.env.DATABASES ?? 'embedded,postgres').split(',');
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/quire_scale';
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20);
const WARMUP = 3;
/** The Notion database's rows at 1× (10,000 at 100×), written long ago, and the rows a poll finds at the start value. */
const NOTION_ROWS = 100;
const TO_START = 4;
/**
 * ANALYZE=0 leaves the filled tables without planner statistics, as the embedded database keeps
 * them: PGlite runs no autovacuum, so nothing analyses its tables but a VACUUM or ANALYZE.
 */
const ANALYZE = process.env.ANALYZE !== '0';
const METRICS_TOKEN = 'bench-scale-metrics';
/** BACKUP=0 leaves out the backup and restore (the longest part at 100×). */
const BACKUP = process.env.BACKUP !== '0';

/** At 1×: History entries (each of five sections), audit events, and evaluations (each of 50 held-out items written by two variants). */
const BASE = { articles: 1_000, sectionsPerArticle: 5, auditEvents: 10_000, evaluations: 4, itemsPerEvaluation: 50 };

/**
 * The statements that fill workspace `w` of person `u` at `scale`: articles written one every few
 * minutes over the past year (one in 25 failed), five sections each, and the audit log's events
 * every few seconds over the same year. Ids are UUIDs the database made, so they are safe to inline.
 */
function seedStatements(w, u, scale) {
  const articles = BASE.articles * scale;
  const events = BASE.auditEvents * scale;
  const minutesApart = (365 * 24 * 60) / articles;
  const secondsApart = (365 * 24 * 3600) / events;
  return [
    `insert into generation_jobs (workspace_id, user_id, notion_page_id, notion_page_url, page_properties, title, status, article_type, message,
        sections_total, sections_done, tokens, "timestamp", started_at, completed_at, spent_usd)
     select '${w}', '${u}', 'page-' || i, 'https://www.notion.so/page-' || i, '{}'::jsonb,
        'Article ' || i || ' on ' || (array['laptops', 'phones', 'tablets', 'monitors', 'cameras'])[i % 5 + 1],
        case when i % 25 = 0 then 'failed' else 'completed' end, (array['Guide', 'Review', 'FAQ'])[i % 3 + 1],
        case when i % 25 = 0 then 'The model refused the request.' end,
        5, case when i % 25 = 0 then 2 else 5 end, 4000,
        now() - i * interval '${minutesApart} minutes', now() - i * interval '${minutesApart} minutes', now() - i * interval '${minutesApart} minutes' + interval '40 seconds', 0.006
       from generate_series(1, ${articles}) i`,
    `insert into generation_sections (job_id, position, heading, content, tokens, model, temperature, system_message, user_message,
        prompt_tokens, completion_tokens, cached_tokens, duration_ms, vendor, cost_usd, created_at)
     select j.id, p, 'Part ' || p, repeat('A sentence of the section as the model wrote it. ', 12), 800, 'gpt-5.6-mini', 0.7,
        'You write clear articles.', 'Write part ' || p || ' of ' || j.title || '.', 300, 500, 0, 4000, 'openai', 0.0012, j."timestamp"
       from generation_jobs j cross join generate_series(1, ${BASE.sectionsPerArticle}) p
      where j.workspace_id = '${w}'`,
    `insert into audit_events (workspace_id, at, user_id, user_name, role, action, resource, record_id, before, after)
     select '${w}', now() - i * interval '${secondsApart} seconds', '${u}', 'Local Operator', 'owner',
        (array['create', 'update', 'delete'])[i % 3 + 1], (array['sections', 'articles', 'models', 'clients'])[i % 4 + 1],
        gen_random_uuid()::text, jsonb_build_object('name', 'Before ' || i, 'temperature', 0.7), jsonb_build_object('name', 'After ' || i, 'temperature', 0.5)
       from generate_series(1, ${events}) i`,
    `insert into evaluations (workspace_id, user_id, model_name, holdout, variants, status, created_at, started_at, completed_at)
     select '${w}', '${u}', 'House style ' || i, ${BASE.itemsPerEvaluation},
        '[{"label":"A","model":"m-a","modelName":"House style","examplesCount":0},{"label":"B","model":"m-b","modelName":"House style","examplesCount":3}]'::jsonb,
        'completed', now() - i * interval '1 day' / ${scale}, now() - i * interval '1 day' / ${scale}, now() - i * interval '1 day' / ${scale} + interval '5 minutes'
       from generate_series(1, ${BASE.evaluations * scale}) i`,
    `insert into evaluation_items (evaluation_id, position, example_uuid, system, prompt, original, pair, winner, judged_at)
     select e.id, p, gen_random_uuid()::text, 'You write clear articles.', 'Write about ' || e.model_name || ', part ' || p || '.',
        repeat('The original text of the held-out example. ', 20), '["A","B"]'::jsonb, case when p % 2 = 0 then 'B' end, case when p % 2 = 0 then now() end
       from evaluations e cross join generate_series(1, ${BASE.itemsPerEvaluation}) p
      where e.workspace_id = '${w}'`,
    `insert into evaluation_outputs (item_id, label, model, text, similarity, rouge_l, prompt_tokens, completion_tokens)
     select i.id, l, 'gpt-5.6-mini', repeat('What the variant wrote for the held-out example. ', 20), 0.8, 0.4, 300, 500
       from evaluation_items i join evaluations e on e.id = i.evaluation_id cross join unnest(array['A', 'B']) l
      where e.workspace_id = '${w}'`,
    ...(ANALYZE ? ['analyze'] : []),
  ];
}

const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))];
const q = (params) => '?' + new URLSearchParams(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])).toString();

async function timed(url, cookie, path) {
  const start = performance.now();
  const response = await fetch(`${url}${path}`, { headers: { cookie } });
  const text = await response.text();
  if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${text.slice(0, 200)}`);
  return { ms: performance.now() - start, body: text ? JSON.parse(text) : null, total: Number(response.headers.get('content-range')?.split('/')[1]) };
}

async function measure(url, cookie, path) {
  for (let i = 0; i < WARMUP; i++) await timed(url, cookie, path);
  const times = [];
  for (let i = 0; i < REQUESTS; i++) times.push((await timed(url, cookie, path)).ms);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

/** The reads the screens make, by the name the table gives them. */
async function routes(url, cookie) {
  const history = await timed(url, cookie, `/api/history${q({ range: [0, 24], sort: ['timestamp', 'DESC'] })}`);
  const audit = await timed(url, cookie, `/api/audit${q({ range: [0, 24], sort: ['at', 'DESC'] })}`);
  const evaluation = await timed(url, cookie, `/api/evaluations${q({ range: [0, 0] })}`);
  const last = (total) => [Math.max(0, total - 25), Math.max(0, total - 1)];
  const page = (range, sort, filter) => q({ range, sort, ...(filter ? { filter } : {}) });
  return {
    'History as its screen reads it (200, newest first)': `/api/history${page([0, 199], ['timestamp', 'DESC'])}`,
    'History, first page': `/api/history${page([0, 24], ['timestamp', 'DESC'])}`,
    'History, last page': `/api/history${page(last(history.total), ['timestamp', 'DESC'])}`,
    'History by title': `/api/history${page([0, 24], ['title', 'ASC'])}`,
    'History by status': `/api/history${page([0, 24], ['status', 'ASC'])}`,
    'History, failed only': `/api/history${page([0, 24], ['timestamp', 'DESC'], { status: 'failed' })}`,
    'History, searched': `/api/history${page([0, 24], ['timestamp', 'DESC'], { q: 'tablets' })}`,
    'History entry': `/api/history/${history.body[0]._id}`,
    "Home's spend (this month)": '/api/usage',
    'Evaluations, first page (25)': `/api/evaluations${page([0, 24], ['created_at', 'DESC'])}`,
    'An evaluation (50 items)': `/api/evaluations/${evaluation.body[0]._id}`,
    'Audit log, first page (50, as its screen reads it)': `/api/audit${page([0, 49], ['at', 'DESC'])}`,
    'Audit log, last page': `/api/audit${page(last(audit.total), ['at', 'DESC'])}`,
    'Audit log, by person': `/api/audit${page([0, 49], ['at', 'DESC'], { user_id: audit.body[0].user_id })}`,
    'Audit log, by resource': `/api/audit${page([0, 49], ['at', 'DESC'], { resource: 'sections' })}`,
  };
}

/** Runs `use(query)` on the embedded database in `target`'s folder, or on PostgreSQL's database at `target`, then closes it. */
async function onDatabase(kind, target, use) {
  if (kind === 'embedded') {
    const dir = join(target, 'pglite');
    const db = new PGlite(dir, pgliteOptions(dir));
    try {
      return await use((text) => db.query(text));
    } finally {
      await db.close();
    }
  }
  const client = new pg.Client({ connectionString: target });
  await client.connect();
  try {
    return await use((text) => client.query(text));
  } finally {
    await client.end();
  }
}

/** The embedded database's folder, or PostgreSQL's database, in MB. */
async function sizeMb(kind, target) {
  if (kind === 'embedded') return Number(execFileSync('du', ['-sm', target]).toString().split('\t')[0]);
  return onDatabase(kind, target, async (query) => Number((await query('select pg_database_size(current_database()) as bytes')).rows[0].bytes) / 1024 / 1024);
}

async function seed(kind, target, statements) {
  const start = performance.now();
  await onDatabase(kind, target, async (query) => {
    for (const statement of statements) await query(statement);
  });
  return (performance.now() - start) / 1000;
}

/** Who signed in and their workspace, read from the database the server made. */
async function owner(kind, target) {
  return onDatabase(kind, target, async (query) => (await query('select m.user_id as u, m.workspace_id as w from memberships m limit 1')).rows[0]);
}

/**
 * "Check now" on a Notion database of NOTION_ROWS × scale rows (the simulator, at Notion's three
 * requests a second), TO_START of them at the start value: its time, the Notion requests it made
 * (queries of rows among them), the 429s, and how much the server's memory grew meanwhile at most.
 */
async function pollNotion(notion, url, cookie, pid, scale) {
  const integration = notion.addIntegration();
  for (let i = 0; i < NOTION_ROWS * scale; i++)
    notion.addRow({ title: `Written ${i}`, status: 'Posts Generated', type: 'Guide', dataSourceId: integration.dataSourceId });
  for (let i = 0; i < TO_START; i++)
    notion.addRow({ title: `To write ${i}`, status: 'Start Generating', type: 'Guide', dataSourceId: integration.dataSourceId });
  const api = client(url, cookie);
  await api('POST', '/api/user', { envVars: { NOTION_SECRET: integration.secret, DATABASE_ID: integration.databaseId } });
  notion.requests.length = 0;
  notion.rateLimited = 0;
  const before = memoryMb(pid).rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, memoryMb(pid).rss)), 100);
  const start = performance.now();
  const { lastCheck } = await api('POST', '/api/generation/check-now');
  const seconds = (performance.now() - start) / 1000;
  clearInterval(sampler);
  const queries = notion.requests.filter((r) => r.method === 'POST' && /\/query$/.test(r.path)).length;
  if (lastCheck.found !== TO_START || lastCheck.problem) throw new Error(`the poll found ${lastCheck.found} rows (${lastCheck.problem ?? 'no problem'})`);
  return { seconds, requests: notion.requests.length, queries, rateLimited: notion.rateLimited, grew: peak - before };
}

/**
 * A backup downloaded from the running server while another request asks it every 20 ms for
 * something that needs no database (/api/config): the backup's time and size, and the longest of
 * those answers, which is how long the server's event loop was held at most.
 */
async function backupWhileAsked(url, cookie, file) {
  await eventLoopLongestMs(url);
  let asking = true;
  let longest = 0;
  const asker = (async () => {
    while (asking) {
      const start = performance.now();
      await (await fetch(`${url}/api/config`)).text();
      longest = Math.max(longest, performance.now() - start);
      await sleep(20);
    }
  })();
  const start = performance.now();
  const response = await fetch(`${url}/api/backup`, { headers: { cookie } });
  if (!response.ok) throw new Error(`GET /api/backup: ${response.status} ${await response.text()}`);
  await pipeline(Readable.fromWeb(response.body), createWriteStream(file));
  const seconds = (performance.now() - start) / 1000;
  asking = false;
  await asker;
  return { seconds, longest, held: await eventLoopLongestMs(url), mb: statSync(file).size / 1024 / 1024 };
}

/** The longest the server's event loop was held since the last call, as it measures it (prom-client's monitorEventLoopDelay, reset at each scrape). */
async function eventLoopLongestMs(url) {
  const response = await fetch(`${url}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const text = await response.text();
  const line = text.split('\n').find((l) => l.startsWith('nodejs_eventloop_lag_max_seconds'));
  if (!response.ok || !line) throw new Error(`GET /api/metrics: ${response.status} ${text.slice(0, 200)}`);
  return Number(line.split(' ').at(-1)) * 1000;
}

/** `npm run restore` of `file` into a new database of the same kind: its time in seconds. */
async function restoreInto(kind, serverEnv, file) {
  const dataDir = serverEnv.DATA_DIR;
  const target = kind === 'embedded' ? mkdtempSync(join(tmpdir(), 'quire-restore-')) : `${POSTGRES_URL}_restore`;
  if (kind === 'embedded' && existsSync(join(dataDir, 'encryption.key'))) copyFileSync(join(dataDir, 'encryption.key'), join(target, 'encryption.key'));
  if (kind === 'postgres') await freshPostgres(target);
  const env = { ...process.env, ...serverEnv, LOG_LEVEL: 'warn', ...(kind === 'embedded' ? { DATA_DIR: target } : { DATABASE_URL: target }) };
  const start = performance.now();
  execFileSync(process.execPath, [join(root, 'dist/backup/cli.js'), 'restore', file], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const seconds = (performance.now() - start) / 1000;
  if (kind === 'embedded') rmSync(target, { recursive: true, force: true });
  return seconds;
}

const { NotionFake } = fakes();
const notion = await new NotionFake().start(0);
notion.requestsPerSecond = 3;
const rows = [];
for (const kind of DATABASES) {
  if (kind === 'postgres' && !(await freshPostgres(POSTGRES_URL))) continue;
  for (const scale of SCALES) {
    if (kind === 'postgres') await freshPostgres(POSTGRES_URL);
    const dataDir = mkdtempSync(join(tmpdir(), 'quire-scale-'));
    const env = {
      NODE_ENV: 'test',
      AUTH_MODE: 'local',
      DATA_DIR: dataDir,
      NOTION_BASE_URL: notion.baseUrl,
      NOTION_POLL_SECONDS: '3600',
      METRICS_TOKEN,
      ...(kind === 'postgres' ? { DATABASE_URL: POSTGRES_URL } : {}),
    };
    // A first start makes the schema and, at sign-in, the person and their workspace.
    let server = await startServer(env);
    await signIn(server.url, 'local');
    await stop(server.child);
    const target = kind === 'embedded' ? dataDir : POSTGRES_URL;
    const { u, w } = await owner(kind, target);
    const seconds = await seed(kind, target, seedStatements(w, u, scale));
    server = await startServer(env);
    const cookie = await signIn(server.url, 'local');
    const label = `${kind} ${scale}×`;
    for (const [name, path] of Object.entries(await routes(server.url, cookie))) {
      const { p50, p95 } = await measure(server.url, cookie, path);
      rows.push({ database: label, read: name, 'p50 ms': p50.toFixed(1), 'p95 ms': p95.toFixed(1) });
    }
    const polled = await pollNotion(notion, server.url, cookie, server.child.pid, scale);
    rows.push({
      database: label,
      read: `Notion poll of ${NOTION_ROWS * scale} rows, ${TO_START} to start: ${polled.requests} requests (${polled.queries} queries), ${polled.rateLimited} 429s, memory +${polled.grew.toFixed(0)} MB`,
      'p50 ms': '',
      'p95 ms': (polled.seconds * 1000).toFixed(0),
    });
    const rss = memoryMb(server.child.pid).rss;
    let backup = '';
    if (BACKUP) {
      const file = join(dataDir, 'bench-backup.sql');
      const made = await backupWhileAsked(server.url, cookie, file);
      await stop(server.child);
      console.error(
        `${kind} ${scale}×: backup ${made.seconds.toFixed(0)} s, ${made.mb.toFixed(0)} MB, longest answer ${made.longest.toFixed(0)} ms, event loop held ${made.held.toFixed(0)} ms at most`,
      );
      const restored = await restoreInto(kind, env, file);
      backup = `; backup ${made.seconds.toFixed(0)} s (${made.mb.toFixed(0)} MB; meanwhile the event loop held ${made.held.toFixed(0)} ms at most, the longest answer ${made.longest.toFixed(0)} ms), restore ${restored.toFixed(0)} s`;
    } else await stop(server.child);
    const size = await sizeMb(kind, kind === 'embedded' ? join(dataDir, 'pglite') : POSTGRES_URL);
    rows.push({
      database: label,
      read: `filled in ${seconds.toFixed(0)} s; on disk ${size.toFixed(0)} MB; RSS after ${rss.toFixed(0)} MB${backup}`,
      'p50 ms': '',
      'p95 ms': '',
    });
    console.error(`${label}: done`);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
await notion.stop();
console.table(rows);
