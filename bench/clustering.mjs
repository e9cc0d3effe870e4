// Clustering of crawled sections: 1k, 10k and 100k generated sections of known kinds (FAQ, pros and
// cons, conclusion…) through clusterItems with text features. Each size runs in a fresh process so
// that peak memory is its own. Prints time, memory and the adjusted Rand index against the kinds.
// `npm run bench:clustering`; BENCH_SIZES=1000,5000 picks other sizes.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { getHeapStatistics } from 'node:v8';

const root = new URL('..', import.meta.url).pathname;
const SEED = 20250101;
const SIZES = (process.env.BENCH_SIZES ?? '1000,10000,100000').split(',').map(Number);
/** Seconds allowed per size (spec: 10k under 5 s, 100k under 60 s); every size must reach ARI 0.8. */
const TIME_GOALS = { 10000: 5, 100000: 60 };
const ARI_GOAL = 0.8;

const mb = (bytes) => bytes / 1024 / 1024;

function measure(count) {
  const require = createRequire(import.meta.url);
  const { clusterItems } = require(join(root, 'dist/training-data/clustering/cluster.js'));
  const { generateLabelledSections, adjustedRandIndex } = require(join(root, 'dist-fakes/labelled-sections.js'));
  const { items, labels } = generateLabelledSections(count, SEED);
  const inputRss = mb(process.memoryUsage().rss);
  const started = performance.now();
  const { clusters, subClusters } = clusterItems(items);
  const seconds = (performance.now() - started) / 1000;
  const predicted = new Array(count);
  clusters.forEach((cluster, c) => cluster.forEach((i) => (predicted[i] = c)));
  const status = readFileSync('/proc/self/status', 'utf8');
  return {
    count,
    clusters: clusters.length,
    subClusters: subClusters.reduce((sum, subs) => sum + subs.length, 0),
    seconds,
    inputRss,
    peakRss: Number(status.match(/VmHWM:\s+(\d+)/)[1]) / 1024,
    heap: mb(getHeapStatistics().total_heap_size),
    ari: adjustedRandIndex(labels, predicted),
  };
}

if (process.argv[2] === '--size') {
  console.log(JSON.stringify(measure(Number(process.argv[3]))));
} else {
  const rows = SIZES.map((count) => {
    const out = execFileSync(process.execPath, [new URL(import.meta.url).pathname, '--size', String(count)], { encoding: 'utf8', maxBuffer: 1 << 20 });
    return JSON.parse(out.trim().split('\n').pop());
  });
  const header = ['n', 'clusters', 'sub-clusters', 'time (s)', 'input RSS (MB)', 'peak RSS / heap (MB)', 'ARI vs kinds', 'goal'];
  const table = rows.map((r) => {
    const timeGoal = TIME_GOALS[r.count];
    const met = r.ari >= ARI_GOAL && (timeGoal === undefined || r.seconds < timeGoal);
    const goal = `${timeGoal === undefined ? '' : `< ${timeGoal} s, `}ARI ≥ ${ARI_GOAL}: ${met ? 'met' : 'MISSED'}`;
    r.met = met;
    return [
      r.count.toLocaleString('en'),
      String(r.clusters),
      String(r.subClusters),
      r.seconds.toFixed(2),
      r.inputRss.toFixed(0),
      `${r.peakRss.toFixed(0)} / ${r.heap.toFixed(0)}`,
      r.ari.toFixed(3),
      goal,
    ];
  });
  const widths = header.map((h, c) => Math.max(h.length, ...table.map((row) => row[c].length)));
  const line = (cells) => `| ${cells.map((cell, c) => cell.padEnd(widths[c])).join(' | ')} |`;
  console.log(`\n${line(header)}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of table) console.log(line(row));
  console.log('\nInput RSS: after generating the sections, before clustering. Heap: V8 heap size at the end (typed arrays are outside it).');
  if (rows.some((r) => !r.met)) process.exitCode = 1;
}
