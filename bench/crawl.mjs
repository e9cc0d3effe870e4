// Crawl throughput and memory: the fixture site with N generated articles, 50 ms latency per
// request, crawled by the built server with a fixed per-host concurrency and delay. Prints pages/s
// against the bound those settings allow, and the server's memory as N grows. `npm run bench:crawl`.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { client, memoryMb, root, signIn, startServer, stop } from '../scripts/lib/harness.mjs';

const require = createRequire(import.meta.url);
const { FixtureSite } = require(join(root, 'dist-fakes/fixture-site.js'));

const LATENCY_MS = 50;
const CONCURRENCY = Number(process.env.CRAWL_HOST_CONCURRENCY ?? 4);
const DELAY_MS = Number(process.env.CRAWL_HOST_DELAY_MS ?? 25);
const SIZES = (process.env.BENCH_PAGES ?? '200,800,2000').split(',').map(Number);
/** Pages a second the politeness settings allow: C requests per latency, and one start per delay. */
const BOUND = Math.min((CONCURRENCY * 1000) / LATENCY_MS, DELAY_MS > 0 ? 1000 / DELAY_MS : Infinity);

const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/quire_bench';
function postgresReady() {
  try {
    const admin = pgUrl.replace(/\/[^/]+$/, '/postgres');
    const name = pgUrl.split('/').pop();
    execFileSync('psql', [admin, '-qc', `drop database if exists ${name}`], { stdio: 'ignore' });
    execFileSync('psql', [admin, '-qc', `create database ${name}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const rows = [];
for (const pages of SIZES) {
  const site = await new FixtureSite({ latencyMs: LATENCY_MS, generatedPages: pages }).start(0);
  // PostgreSQL keeps the crawled pages out of the server's own memory, so its growth is the crawler's.
  const database = postgresReady() ? pgUrl : '';
  const server = await startServer({
    NODE_ENV: 'test',
    AUTH_MODE: 'local',
    DATABASE_URL: database,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'quire-bench-crawl-')),
    CRAWL_ALLOW_PRIVATE_NETWORKS: 'true',
    CRAWL_MAX_PAGES: String(pages + 100),
    CRAWL_HOST_CONCURRENCY: String(CONCURRENCY),
    CRAWL_HOST_DELAY_MS: String(DELAY_MS),
  });
  try {
    const api = client(server.url, await signIn(server.url, 'local'));
    const before = memoryMb(server.child.pid).rss;
    const job = await api('POST', '/api/training-jobs/submit-url', { url: `${site.url}/generated/` });
    let first = null;
    let last = null;
    let peak = before;
    let fetchingPeak = before;
    let state = job;
    for (;;) {
      await new Promise((r) => setTimeout(r, 200));
      state = await api('GET', `/api/training-jobs/${job._id}`);
      const rss = memoryMb(server.child.pid).rss;
      peak = Math.max(peak, rss);
      const progress = state.meta.progress;
      if (state.status === 'running' && progress && progress.fetched < progress.found) fetchingPeak = Math.max(fetchingPeak, rss);
      if (progress && progress.fetched > 0) {
        first ??= { at: performance.now(), fetched: progress.fetched };
        if (!last || progress.fetched > last.fetched) last = { at: performance.now(), fetched: progress.fetched };
      }
      if (state.status === 'completed' || state.status === 'failed') break;
    }
    if (state.status !== 'completed') throw new Error(`crawl of ${pages} pages failed: ${state.message}`);
    const rate = (last.fetched - first.fetched) / ((last.at - first.at) / 1000);
    rows.push({
      pages: state.meta.progress.fetched,
      articles: state.meta.progress.articles,
      sections: state.meta.progress.sections,
      seconds: (new Date(state.completedAt) - new Date(state.startedAt)) / 1000,
      rate,
      ratio: rate / BOUND,
      rssBefore: before,
      fetchingPeak,
      peak,
      database: database ? 'PostgreSQL' : 'embedded',
    });
  } finally {
    await stop(server.child);
    await site.stop();
  }
}

const f = (n, d = 1) => n.toFixed(d);
console.log(`\nCrawl: fixture site at ${LATENCY_MS} ms per request, CRAWL_HOST_CONCURRENCY=${CONCURRENCY}, CRAWL_HOST_DELAY_MS=${DELAY_MS}`);
console.log(`bound = min(${CONCURRENCY} / ${LATENCY_MS} ms, 1 / ${DELAY_MS} ms) = ${f(BOUND)} pages/s; goal ≥ 0.8 of it, memory flat as pages grow\n`);
console.log(
  '| pages | articles | sections | job time (s) | fetch rate (pages/s) | rate / bound | server RSS before (MB) | peak while fetching (MB) | peak incl. clustering (MB) | database |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const r of rows) {
  console.log(
    `| ${r.pages} | ${r.articles} | ${r.sections} | ${f(r.seconds)} | ${f(r.rate)} | ${f(r.ratio, 2)} | ${f(r.rssBefore, 0)} | ${f(r.fetchingPeak, 0)} | ${f(r.peak, 0)} | ${r.database} |`,
  );
}
console.log('\nWhile fetching, only the frontier rows live in the database; clustering then holds every section of the job in memory.');
