// Article extraction on real pages: Quire's parser against plain Readability, scored with the
// measure of scrapinghub/article-extraction-benchmark (its evaluate.py: 4-token shingles of the
// body text, precision and recall per page, averaged over pages, F1 of the two averages).
// The corpus is not in the repository: `npm run bench:extraction -- /path/to/article-extraction-benchmark`
// (the folder holding ground-truth.json and html/*.html.gz).
// Pages are split by id: the first half (sorted) is the one a person may look at while tuning the
// parser (BENCH_DETAIL=1 lists its worst pages); the second half is held out and only ever scored.
// BENCH_OUTPUT=<folder> writes each extractor's texts as evaluate.py reads them (output/<name>.json),
// so its own script can check these figures.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';

const root = new URL('..', import.meta.url).pathname;
const require = createRequire(import.meta.url);
const { parseArticle } = require(join(root, 'dist/training-data/parser/article-parser.js'));

const GOAL = { f1: 0.95, precision: 0.95, medianMs: 250 };

const corpus = process.argv[2];
if (!corpus) {
  console.error('usage: node bench/extraction.mjs <corpus folder with ground-truth.json and html/>');
  process.exit(2);
}

// ---- the benchmark's measure, as evaluate.py computes it ----

/** Python's `\w+` with re.UNICODE: letters, numbers and the underscore. */
const TOKEN = /[\p{L}\p{N}_]+/gu;
const SHINGLE = 4;

function shingles(text) {
  const tokens = (text ?? '').match(TOKEN) ?? [];
  const counts = new Map();
  // evaluate.py's _ngrams: one (shorter) shingle when the text has fewer than four tokens, none when empty.
  for (let i = 0; i < Math.max(1, tokens.length - SHINGLE + 1); i++) {
    const key = tokens.slice(i, i + SHINGLE).join('\u0001');
    if (key) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** True positives, false positives and false negatives of one page, normalised to sum 1. */
function shingleMatching(truth, predicted) {
  const expected = shingles(truth);
  const got = shingles(predicted);
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const key of new Set([...expected.keys(), ...got.keys()])) {
    const want = expected.get(key) ?? 0;
    const have = got.get(key) ?? 0;
    tp += Math.min(want, have);
    fp += Math.max(0, have - want);
    fn += Math.max(0, want - have);
  }
  const sum = tp + fp + fn;
  return sum > 0 ? [tp / sum, fp / sum, fn / sum] : [tp, fp, fn];
}

const precisionOf = ([tp, fp, fn]) => (fp === 0 && fn === 0 ? 1 : tp === 0 && fp === 0 ? 0 : tp / (tp + fp));
const recallOf = ([tp, fp, fn]) => (fp === 0 && fn === 0 ? 1 : tp === 0 && fn === 0 ? 0 : tp / (tp + fn));
const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;

function scores(matchings) {
  const precision = mean(matchings.filter(([tp, fp]) => tp + fp > 0).map(precisionOf));
  const recall = mean(matchings.filter(([tp, , fn]) => tp + fn > 0).map(recallOf));
  return { precision, recall, f1: (2 * precision * recall) / (precision + recall) };
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

// ---- the extractors ----

/** What Quire keeps of a page as training text: the intro, then each section's heading and blocks (the title is not body text). */
function quireText(html, url) {
  const result = parseArticle(html, url);
  if (!('article' in result)) return { text: '', skipped: result.skipped };
  const { intro, sections } = result.article;
  const parts = [...intro.map(blockText), ...sections.flatMap((section) => [section.heading, ...section.children.map(blockText)])];
  return { text: parts.filter(Boolean).join('\n\n'), skipped: null };
}

/** A block's text as stored: list items as they read, without the markers the plain-text view adds. */
function blockText(block) {
  if (block.type === 'ul' || block.type === 'ol') return block.items.join('\n');
  return block.type === 'hr' ? '' : block.text;
}

function readabilityText(html) {
  const { document } = parseHTML(html);
  return { text: new Readability(document).parse()?.textContent ?? '', skipped: null };
}

function run(extract, html, url) {
  const started = performance.now();
  try {
    const out = extract(html, url);
    return { ...out, ms: performance.now() - started, threw: false };
  } catch (error) {
    return { text: '', skipped: `threw: ${error.message}`, ms: performance.now() - started, threw: true };
  }
}

// ---- the run ----

const truth = JSON.parse(readFileSync(join(corpus, 'ground-truth.json'), 'utf8'));
const ids = readdirSync(join(corpus, 'html'))
  .filter((file) => file.endsWith('.html.gz'))
  .map((file) => file.replace(/\.html\.gz$/, ''))
  .filter((id) => id in truth)
  .sort();
const tuning = new Set(ids.slice(0, Math.ceil(ids.length / 2)));

const extractors = { Quire: (html, url) => quireText(html, url), Readability: (html) => readabilityText(html) };
const results = Object.fromEntries(Object.keys(extractors).map((name) => [name, []]));
for (const id of ids) {
  const html = gunzipSync(readFileSync(join(corpus, 'html', `${id}.html.gz`))).toString('utf8');
  const { url, articleBody } = truth[id];
  for (const [name, extract] of Object.entries(extractors)) {
    const out = run(extract, html, url);
    results[name].push({ id, ...out, matching: shingleMatching(articleBody, out.text) });
  }
}

function row(name, pages) {
  const { f1, precision, recall } = scores(pages.map((page) => page.matching));
  const ms = pages.map((page) => page.ms);
  return {
    name,
    pages: pages.length,
    f1,
    precision,
    recall,
    threw: pages.filter((page) => page.threw).length,
    skipped: pages.filter((page) => page.skipped && !page.threw).length,
    median: percentile(ms, 50),
    p95: percentile(ms, 95),
  };
}

function table(title, filter) {
  const rows = Object.entries(results).map(([name, pages]) =>
    row(
      name,
      pages.filter((page) => filter(page.id)),
    ),
  );
  const header = ['extractor', 'pages', 'F1', 'precision', 'recall', 'throwing', 'skipped', 'median ms', 'p95 ms'];
  const cells = rows.map((r) => [
    r.name,
    String(r.pages),
    r.f1.toFixed(3),
    r.precision.toFixed(3),
    r.recall.toFixed(3),
    String(r.threw),
    String(r.skipped),
    r.median.toFixed(0),
    r.p95.toFixed(0),
  ]);
  const widths = header.map((h, c) => Math.max(h.length, ...cells.map((line) => line[c].length)));
  const line = (values) => `| ${values.map((value, c) => value.padEnd(widths[c])).join(' | ')} |`;
  console.log(`\n${title}`);
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const values of cells) console.log(line(values));
  return rows;
}

const [whole] = table(`Whole corpus (${ids.length} pages)`, () => true);
table(`Tuning half (${tuning.size} pages, ids sorted, first half)`, (id) => tuning.has(id));
const [heldOut] = table(`Held-out half (${ids.length - tuning.size} pages, not looked at while tuning)`, (id) => !tuning.has(id));

const met = (r) => r.f1 >= GOAL.f1 && r.precision >= GOAL.precision && r.threw === 0 && r.median <= GOAL.medianMs;
console.log(
  `\nGoal (F1 ≥ ${GOAL.f1}, precision ≥ ${GOAL.precision}, nothing throwing, median ≤ ${GOAL.medianMs} ms): whole corpus ${met(whole) ? 'met' : 'MISSED'}, held-out half ${met(heldOut) ? 'met' : 'MISSED'}`,
);

const skipReasons = new Map();
for (const page of results.Quire) if (page.skipped) skipReasons.set(page.skipped, (skipReasons.get(page.skipped) ?? 0) + 1);
if (skipReasons.size > 0) console.log(`Quire skipped: ${[...skipReasons].map(([reason, n]) => `${n} × ${reason}`).join('; ')}`);

if (process.env.BENCH_DETAIL === '1') {
  // Only the tuning half: the held-out pages stay unseen.
  const worst = results.Quire.filter((page) => tuning.has(page.id))
    .map((page) => ({ id: page.id, precision: precisionOf(page.matching), recall: recallOf(page.matching), skipped: page.skipped, ms: page.ms }))
    .sort((a, b) => Math.min(a.precision, a.recall) - Math.min(b.precision, b.recall))
    .slice(0, Number(process.env.BENCH_WORST ?? 25));
  console.log('\nWorst pages of the tuning half (Quire):');
  for (const page of worst)
    console.log(`${page.id.slice(0, 12)}  P ${page.precision.toFixed(2)}  R ${page.recall.toFixed(2)}  ${page.ms.toFixed(0)} ms  ${page.skipped ?? ''}`);
}

if (process.env.BENCH_OUTPUT) {
  mkdirSync(process.env.BENCH_OUTPUT, { recursive: true });
  for (const [name, pages] of Object.entries(results)) {
    const output = Object.fromEntries(pages.map((page) => [page.id, { articleBody: page.text }]));
    writeFileSync(join(process.env.BENCH_OUTPUT, `${name.toLowerCase()}.json`), JSON.stringify(output));
  }
}
