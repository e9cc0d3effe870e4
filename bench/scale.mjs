// A year of a busy agency's data: how the dashboard's reads grow with it. For each database (the
// embedded one and PostgreSQL) and each size (1×, 10×, 100×: 1× is 1,000 History entries with 5,000
// sections and 10,000 audit events), a workspace is filled through the database itself — one
// statement per table, in minutes rather than the hours the API would take — then the list routes the
// screens call are timed over HTTP (p50/p95 of REQUESTS calls after WARMUP): History's first page, a
// page near its end, each of its sorts and filters, an entry, Home's spend, the audit log's first and
// last page; then the database's size on disk and the server's RSS at rest. Prints one table.
//
// Run with `npm run bench:scale`. SCALES=1,10 (default 1,10,100) and DATABASES=embedded,postgres
// choose; PostgreSQL at BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/quire_scale),
// made afresh, its rows skipped when no server answers.
import { PGlite } from '@electric-sql/pglite';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { memoryMb, signIn, startServer, stop } from '../scripts/lib/harness.mjs';
import { freshPostgres } from './lib/postgres.mjs';

const require = createRequire(import.meta.url);
const { pgliteOptions } = require('../dist/database/pglite-image.js');

const SCALES = (process.env.SCALES ?? '1,10,100').split(',').map(Number);
const DATABASES = (process.env.DATABASES ?? 'embedded,postgres').split(',');
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/quire_scale';
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20);
const WARMUP = 3;

/** At 1×: History entries (each of five sections) and audit events. */
const BASE = { articles: 1_000, sectionsPerArticle: 5, auditEvents: 10_000 };

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
    'analyze',
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
  const last = (total) => [Math.max(0, total - 25), Math.max(0, total - 1)];
  const page = (range, sort, filter) => q({ range, sort, ...(filter ? { filter } : {}) });
  return {
    'History, first page': `/api/history${page([0, 24], ['timestamp', 'DESC'])}`,
    'History, last page': `/api/history${page(last(history.total), ['timestamp', 'DESC'])}`,
    'History by title': `/api/history${page([0, 24], ['title', 'ASC'])}`,
    'History by status': `/api/history${page([0, 24], ['status', 'ASC'])}`,
    'History, failed only': `/api/history${page([0, 24], ['timestamp', 'DESC'], { status: 'failed' })}`,
    'History, searched': `/api/history${page([0, 24], ['timestamp', 'DESC'], { q: 'tablets' })}`,
    'History entry': `/api/history/${history.body[0]._id}`,
    "Home's spend (this month)": '/api/usage',
    'Audit log, first page': `/api/audit${page([0, 24], ['at', 'DESC'])}`,
    'Audit log, last page': `/api/audit${page(last(audit.total), ['at', 'DESC'])}`,
  };
}

/** The embedded database's folder, or PostgreSQL's database, in MB. */
async function sizeMb(kind, target) {
  if (kind === 'embedded') return Number(execFileSync('du', ['-sm', target]).toString().split('\t')[0]);
  const client = new pg.Client({ connectionString: target });
  await client.connect();
  try {
    return Number((await client.query('select pg_database_size(current_database()) as bytes')).rows[0].bytes) / 1024 / 1024;
  } finally {
    await client.end();
  }
}

async function seed(kind, target, statements) {
  const start = performance.now();
  if (kind === 'embedded') {
    const dir = join(target, 'pglite');
    const db = new PGlite(dir, pgliteOptions(dir));
    for (const statement of statements) await db.exec(statement);
    await db.close();
  } else {
    const client = new pg.Client({ connectionString: target });
    await client.connect();
    for (const statement of statements) await client.query(statement);
    await client.end();
  }
  return (performance.now() - start) / 1000;
}

/** Who signed in and their workspace, read from the database the server made. */
async function owner(kind, target) {
  const sql = 'select m.user_id as u, m.workspace_id as w from memberships m limit 1';
  if (kind === 'embedded') {
    const dir = join(target, 'pglite');
    const db = new PGlite(dir, pgliteOptions(dir));
    const { rows } = await db.query(sql);
    await db.close();
    return rows[0];
  }
  const client = new pg.Client({ connectionString: target });
  await client.connect();
  const { rows } = await client.query(sql);
  await client.end();
  return rows[0];
}

const rows = [];
for (const kind of DATABASES) {
  if (kind === 'postgres' && !(await freshPostgres(POSTGRES_URL))) continue;
  for (const scale of SCALES) {
    if (kind === 'postgres') await freshPostgres(POSTGRES_URL);
    const dataDir = mkdtempSync(join(tmpdir(), 'quire-scale-'));
    const env = { NODE_ENV: 'test', AUTH_MODE: 'local', DATA_DIR: dataDir, ...(kind === 'postgres' ? { DATABASE_URL: POSTGRES_URL } : {}) };
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
    const rss = memoryMb(server.child.pid).rss;
    await stop(server.child);
    const size = await sizeMb(kind, kind === 'embedded' ? join(dataDir, 'pglite') : POSTGRES_URL);
    rows.push({
      database: label,
      read: `filled in ${seconds.toFixed(0)} s; on disk ${size.toFixed(0)} MB; RSS after ${rss.toFixed(0)} MB`,
      'p50 ms': '',
      'p95 ms': '',
    });
    console.error(`${label}: done`);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
console.table(rows);
