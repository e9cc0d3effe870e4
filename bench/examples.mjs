// Example-guided sections and evaluations, against the OpenAI simulator.
// 1. Choosing examples: a section guided by a set of 1,000 examples (3 sent), tried alone again and
//    again beside the same section without a set; the added time per section is the guided one's
//    written time minus the plain one's, pair by pair (goal: p95 ≤ 50 ms once the set's embeddings
//    are kept). The first guided section, which embeds the whole set, is reported apart.
// 2. An evaluation of 20 held-out examples × 3 variants: wall time and requests; then the same
//    evaluation with the server restarted halfway (SIGTERM: it stops after the item it is writing
//    and the next start resumes it at once), and again killed halfway (SIGKILL, a crash: the lease
//    runs out first). Chat requests must be 60 after a restart; a crash loses at most the requests
//    in flight (one item's variants).
// BENCH_DATABASE_URL=postgres://… runs it on PostgreSQL. `npm run bench:examples`.
import { mkdtempSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { client, fakes, signIn, startServer, stop } from '../scripts/lib/harness.mjs';

const SET = Number(process.env.BENCH_SET ?? 1000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const GOAL_MS = 50;
const WORDS = 'garden river laptop kayak bread boots chess coffee tent stove lamp rope map filter glove helmet pole jacket camera phone'.split(' ');

const { OpenAiFake } = fakes();
const openai = await new OpenAiFake().start(0);
const env = {
  NODE_ENV: 'test',
  AUTH_MODE: 'local',
  DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
  DATA_DIR: mkdtempSync(join(tmpdir(), 'quire-bench-examples-')),
  NOTION_BASE_URL: 'http://127.0.0.1:9',
  OPENAI_BASE_URL: openai.baseUrl,
  NOTION_POLL_SECONDS: '3600',
};
let server = await startServer(env);
let api = client(server.url, await signIn(server.url, 'local'));
await api('POST', '/api/user', { envVars: { OPENAI_API_KEY: openai.apiKey } });

/** A topic of three words drawn from WORDS by n (so examples and titles share words in many ways). */
const topic = (n) => [WORDS[n % WORDS.length], WORDS[Math.floor(n / WORDS.length) % WORDS.length], WORDS[(n * 7 + 3) % WORDS.length]].join(' ');
const example = (n) => ({
  uuid: `bench-${n}`,
  article_uuid: `bench-article-${n}`,
  clusterId: 0,
  messages: [
    { role: 'system', content: 'You write the introductions of outdoor buying guides.' },
    { role: 'user', content: `Write the introduction about ${topic(n)}.` },
    { role: 'assistant', content: `An introduction about ${topic(n)}: what matters, what to skip, and how to choose. `.repeat(4) },
  ],
});

const started = performance.now();
const set = await api('POST', '/api/models', { name: 'Bench set', base_model: 'gpt-4o-mini' });
for (let n = 0; n < SET; n += 50)
  await Promise.all(Array.from({ length: Math.min(50, SET - n) }, (_, i) => api('POST', `/api/models/${set._id}/add-example`, { example: example(n + i) })));
const seeded = performance.now() - started;
const writer = await api('POST', '/api/models', { name: 'Bench writer', base_model: 'gpt-4o' });
const section = (examples_model) =>
  api('POST', '/api/sections', {
    name: examples_model ? 'Guided' : 'Plain',
    model: writer._id,
    temperature: 0.7,
    system_message: 'You write the introductions of outdoor buying guides.',
    user_message: 'Write the introduction about {{title}}.',
    examples_model,
    examples_count: 3,
  });
const guided = await section(set._id);
const plain = await section(null);

/** One section tried alone: its written time (duration_ms: choosing the examples and the completion). */
async function tryOne(sectionId, title) {
  const preview = await api('POST', '/api/previews', { sectionId, title });
  for (;;) {
    const read = await api('GET', `/api/previews/${preview._id}`);
    if (read.status === 'completed') return read.variants[0].sections[0].duration_ms;
    if (read.status === 'failed') throw new Error(`preview failed: ${read.message}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const embedBefore = openai.embeddedInputs;
const cold = await tryOne(guided._id, topic(5000));
const coldInputs = openai.embeddedInputs - embedBefore;
const added = [];
const plainTimes = [];
const requestsBefore = openai.requestsTo('POST', /^\/v1\/embeddings$/).length;
for (let n = 0; n < RUNS; n++) {
  const title = topic(7000 + n * 13);
  const withSet = await tryOne(guided._id, title);
  const without = await tryOne(plain._id, title);
  added.push(withSet - without);
  plainTimes.push(without);
}
const embeddingRequests = openai.requestsTo('POST', /^\/v1\/embeddings$/).length - requestsBefore;

// 2. Evaluations: 20 held out × 3 variants.
const variants = [
  { label: 'gpt-4o, none', model: writer._id, examples_count: 0 },
  { label: 'gpt-4o, 3 examples', model: writer._id, examples_count: 3 },
  { label: 'gpt-4o-mini, 5 examples', model: set._id, examples_count: 5 },
];
const chats = () => openai.requestsTo('POST', /^\/v1\/chat\/completions$/).length;
const embeds = () => openai.requestsTo('POST', /^\/v1\/embeddings$/).length;
async function evaluate(interrupt /* null | 'SIGTERM' | 'SIGKILL' */) {
  const [chat0, embed0] = [chats(), embeds()];
  const t0 = performance.now();
  const evaluation = await api('POST', '/api/evaluations', { modelId: set._id, holdout: 20, variants });
  let restarted = false;
  for (;;) {
    const read = await api('GET', `/api/evaluations/${evaluation._id}`);
    if (read.status === 'completed' || read.status === 'failed') {
      return { read, ms: performance.now() - t0, chat: chats() - chat0, embed: embeds() - embed0, restarted };
    }
    if (interrupt && !restarted && read.progress.done >= 30) {
      server.child.kill(interrupt);
      await new Promise((r) => server.child.once('exit', r));
      server = await startServer(env);
      api = client(server.url, await signIn(server.url, 'local'));
      restarted = true;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
openai.chatLatencyMs = 50;
const straight = await evaluate(null);
const restarted = await evaluate('SIGTERM');
const crashed = await evaluate('SIGKILL');

const sorted = (values) => [...values].sort((a, b) => a - b);
const pick = (values, q) => sorted(values)[Math.min(values.length - 1, Math.ceil(q * values.length) - 1)];
const ms = (v) => `${v.toFixed(0)} ms`;
const s = (v) => `${(v / 1000).toFixed(1)} s`;
const outputs = (r) => r.read.items.reduce((sum, item) => sum + Object.keys(item.outputs).length, 0);
const rows = [
  [
    'set',
    `${SET} examples`,
    `added in ${s(seeded)}; ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'embedded database'}; ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}`,
  ],
  ['first guided section', ms(cold), `embeds the set once (${coldInputs} inputs) and keeps it`],
  ['added per section, median', ms(pick(added, 0.5)), `${RUNS} pairs: guided − plain, same title; plain median ${ms(pick(plainTimes, 0.5))}`],
  ['added per section, p95', ms(pick(added, 0.95)), `goal ≤ ${GOAL_MS} ms with the embeddings kept`],
  ['embedding requests after the first', String(embeddingRequests), `one per guided section (the message): ${RUNS} expected`],
  ['evaluation 20 × 3, wall', s(straight.ms), `OpenAI simulator at ${openai.chatLatencyMs} ms a completion; ${straight.read.status}`],
  [
    '  chat / embedding requests',
    `${straight.chat} / ${straight.embed}`,
    `outputs ${outputs(straight)}; cost ${straight.read.cost === null ? 'unknown' : `$${straight.read.cost}`}`,
  ],
  ['evaluation restarted halfway, wall', s(restarted.ms), `SIGTERM at 30 outputs, then started again: resumed at once; ${restarted.read.status}`],
  [
    '  chat / embedding requests',
    `${restarted.chat} / ${restarted.embed}`,
    `outputs ${outputs(restarted)}; chat requests beyond 60: ${restarted.chat - 60} (paid twice)`,
  ],
  ['evaluation crashed halfway, wall', s(crashed.ms), `SIGKILL at 30 outputs, then started again: the 60 s lease runs out first; ${crashed.read.status}`],
  [
    '  chat / embedding requests',
    `${crashed.chat} / ${crashed.embed}`,
    `outputs ${outputs(crashed)}; beyond 60: ${crashed.chat - 60} (the requests in flight when it died)`,
  ],
];
const w = [0, 1].map((c) => Math.max(...rows.map((r) => r[c].length)));
console.log(`\n${'measure'.padEnd(w[0])} | ${'value'.padEnd(w[1])} | notes\n${'-'.repeat(w[0])}-|-${'-'.repeat(w[1])}-|------`);
for (const [a, b, c] of rows) console.log(`${a.padEnd(w[0])} | ${b.padEnd(w[1])} | ${c}`);

await stop(server.child);
await openai.stop();
if (pick(added, 0.95) > GOAL_MS || straight.chat !== 60 || restarted.chat !== 60 || crashed.chat > 63) process.exitCode = 1;
