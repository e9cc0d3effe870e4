// What a budget's reservation adds to an article's start: BudgetsService.reserve — the article's
// estimate (its models, what each has written at most, the sections written already) and the
// reservation under the limits' row locks, summing the month's spend — timed per article against a
// month of history (BENCH_HISTORY articles of three sections), with no limit, with the workspace's
// limit, with the workspace's and the client's, and with the template's too. Goal: p95 ≤ 5 ms per row. In-process, on the
// embedded database (BENCH_DATABASE_URL=postgres://… for PostgreSQL). `npm run bench:budgets`.
import { createRequire } from 'node:module';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { client, signIn } from '../scripts/lib/harness.mjs';

const require = createRequire(import.meta.url);
const { loadConfig } = require('../dist/config/config.js');
const { createApp } = require('../dist/app.factory.js');
const { BudgetsService } = require('../dist/budgets/budgets.service.js');
const { DatabaseService } = require('../dist/database/database.service.js');
const { sql } = require('drizzle-orm');
const { articleEntry } = require('../scripts/lib/article-entry.cjs');

const HISTORY = Number(process.env.BENCH_HISTORY ?? 2000);
const ROWS = Number(process.env.BENCH_ROWS ?? 300);
const WARMUP = 30;
const GOAL_MS = 5;

const env = {
  ...process.env,
  NODE_ENV: 'test',
  AUTH_MODE: 'local',
  RUN_JOBS: 'false',
  DATABASE_URL: process.env.BENCH_DATABASE_URL ?? 'memory://',
  DATA_DIR: mkdtempSync(join(tmpdir(), 'quire-bench-budgets-')),
  NOTION_BASE_URL: 'http://127.0.0.1:9',
  OPENAI_BASE_URL: 'http://127.0.0.1:9',
};
const app = await createApp(loadConfig(env), false);
await app.listen(0, '127.0.0.1');
const url = `http://127.0.0.1:${app.getHttpServer().address().port}`;
const api = client(url, await signIn(url, 'local'));
const budgets = app.get(BudgetsService);
const db = app.get(DatabaseService).db;

const model = await api('POST', '/api/models', { name: 'Bench voice', base_model: 'gpt-4o-mini' });
const sections = [];
for (const [i, user] of ['Introduce {{title}}.', 'Pros and cons of {{title}} after: {{previous_sections}}', 'Three FAQ about {{title}}.'].entries()) {
  sections.push(
    await api('POST', '/api/sections', {
      name: `Part ${i}`,
      model: model._id,
      temperature: 0.5,
      system_message: 'You write for a product blog.',
      user_message: user,
    }),
  );
}
const template = await api('POST', '/api/articles', { article_title: 'Bench guide', article_type: 'Guide', sections: sections.map((s) => articleEntry(s)) });
const acme = await api('POST', '/api/clients', { name: 'Acme' });
const [{ workspace_id: workspaceId }] = (await db.execute(sql`select workspace_id from clients where id = ${acme._id}`)).rows;
const { ArticlesRepository } = require('../dist/articles/articles.repository.js');
const article = await app.get(ArticlesRepository).findOwned({ workspaceId, userId: null }, template._id);
// Every call below is in-process: the server is not asked again.

// A month of history: articles of Acme, each with three sections written and priced, and the month's spend they add up to.
for (let start = 0; start < HISTORY; start += 200) {
  await db.execute(sql`
    with jobs as (
      insert into generation_jobs (workspace_id, notion_page_id, notion_page_url, page_properties, title, status, client_id, article_id, reserved_usd, spent_usd)
      select ${workspaceId}::uuid, 'past-' || g, 'https://notion.so/p', '{}'::jsonb, 'Past ' || g, 'completed', ${acme._id}::uuid, ${template._id}::uuid, 0.002, 0.00099
      from generate_series(${start}::int, ${Math.min(start + 200, HISTORY) - 1}::int) g
      returning id)
    insert into generation_sections (job_id, position, heading, content, tokens, model, prompt_tokens, completion_tokens, cached_tokens, cost_usd)
    select jobs.id, p, 'Part ' || p, 'Written.', 700, 'gpt-4o-mini', 200, 500 + p * 10, 0, 0.00033
    from jobs cross join generate_series(0, 2) p`);
}

await db.execute(sql`
  insert into generation_spend (workspace_id, client_id, article_id, month, cost_usd)
  values (${workspaceId}::uuid, ${acme._id}::uuid, ${template._id}::uuid, to_char(now() at time zone 'utc', 'YYYY-MM'), ${HISTORY * 3 * 0.00033})`);

let n = 0;
async function measure(label) {
  const times = [];
  for (let i = 0; i < WARMUP + ROWS; i++) {
    const [job] = (
      await db.execute(sql`
        insert into generation_jobs (workspace_id, notion_page_id, notion_page_url, page_properties, title, status)
        values (${workspaceId}::uuid, ${`bench-${n}`}, 'https://notion.so/p', ${JSON.stringify({ Client: 'Acme', Name: `Bench row ${n}`, Keyword: `keyword ${n++}` })}::jsonb, 'Bench row', 'running')
        returning id, workspace_id as "workspaceId", page_properties as "pageProperties", reserved_usd as "reservedUsd", spent_usd as "spentUsd", sections_done as "sectionsDone"`)
    ).rows;
    const startedAt = performance.now();
    await budgets.reserve(job, article, { id: acme._id, name: 'Acme' });
    if (i >= WARMUP) times.push(performance.now() - startedAt);
    // The article ends, as written: it holds nothing more.
    await db.execute(sql`update generation_jobs set status = 'completed' where id = ${job.id}`);
  }
  times.sort((a, b) => a - b);
  const at = (p) => times[Math.min(times.length - 1, Math.floor((times.length * p) / 100))];
  return { limits: label, rows: ROWS, 'p50 ms': at(50).toFixed(2), 'p95 ms': at(95).toFixed(2), 'max ms': times.at(-1).toFixed(2) };
}

const rows = [await measure('none')];
const scope = { workspaceId, userId: null };
await budgets.create(scope, { clientId: null, articleId: null }, 1000);
rows.push(await measure("the workspace's"));
await budgets.create(scope, { clientId: acme._id, articleId: null }, 1000);
rows.push(await measure("the workspace's and the client's"));
await budgets.create(scope, { clientId: null, articleId: template._id }, 1000);
rows.push(await measure("the workspace's, the client's and the template's"));
await app.close();
console.log(
  `Reserving an article's estimate at its start, against ${HISTORY} articles written this month (${env.DATABASE_URL.startsWith('postgres') ? 'PostgreSQL' : 'embedded database'}); goal p95 ≤ ${GOAL_MS} ms`,
);
console.table(rows);
