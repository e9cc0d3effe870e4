// Clustering of crawled sections: 1k, 10k and 100k generated sections of known kinds (FAQ, pros and
// cons, conclusion…) through clusterItems with text features, on two labelled sets made
// differently (test/fakes/labelled-sections.ts, and labelled-sections-b.ts: other topics, other
// wordings, 1 to 40 sentences a section). Each run is a fresh process, so that peak memory is its
// own. Prints time (wall, and CPU: clustering is one thread, so its CPU time is its time on one
// core of its own, whatever else the machine runs), memory and the adjusted Rand index against
// the kinds. `npm run bench:clustering`; BENCH_SIZES=1000,5000 picks other sizes, BENCH_SETS=a or b one set.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { getHeapStatistics } from 'node:v8';

const root = new URL('..', import.meta.url).pathname;
const SEED = 20250101;
const SIZES = (process.env.BENCH_SIZES ?? '1000,10000,100000').split(',').map(Number);
const SETS = (process.env.BENCH_SETS ?? 'a,b').split(',');
/** The clusterer's goals: 100k under 10 s on one core; ARI ≥ 0.95 at 1k and 10k, ≥ 0.9 at 100k (other sizes: 0.9). */
const TIME_GOALS = { 10000: 5, 100000: 10 };
const ARI_GOALS = { 1000: 0.95, 10000: 0.95, 100000: 0.9 };

const mb = (bytes) => bytes / 1024 / 1024;

function measure(set, count) {
  const require = createRequire(import.meta.url);
  const { clusterItems } = require(process.env.CLUSTER_JS ?? join(root, 'dist/training-data/clustering/cluster.js'));
  const { adjustedRandIndex, generateLabelledSections } = require(join(root, 'dist-fakes/labelled-sections.js'));
  const { generateLabelledSectionsB } = require(join(root, 'dist-fakes/labelled-sections-b.js'));
  const { items, labels } = (set === 'b' ? generateLabelledSectionsB : generateLabelledSections)(count, SEED);
  const inputRss = mb(process.memoryUsage().rss);
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  const { clusters, subClusters } = clusterItems(items);
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStarted);
  const predicted = new Array(count);
  clusters.forEach((cluster, c) => cluster.forEach((i) => (predicted[i] = c)));
  const status = readFileSync('/proc/self/status', 'utf8');
  return {
    set,
    count,
    clusters: clusters.length,
    subClusters: subClusters.reduce((sum, subs) => sum + subs.length, 0),
    seconds,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    inputRss,
    peakRss: Number(status.match(/VmHWM:\s+(\d+)/)[1]) / 1024,
    heap: mb(getHeapStatistics().total_heap_size),
    ari: adjustedRandIndex(labels, predicted),
  };
}

if (process.argv[2] === '--size') {
  console.log(JSON.stringify(measure(process.argv[4] ?? 'a', Number(process.argv[3]))));
} else {
  const rows = SETS.flatMap((set) =>
    SIZES.map((count) => {
      const out = execFileSync(process.execPath, [new URL(import.meta.url).pathname, '--size', String(count), set], { encoding: 'utf8', maxBuffer: 1 << 20 });
      return JSON.parse(out.trim().split('\n').pop());
    }),
  );
  const header = ['set', 'n', 'clusters', 'sub-clusters', 'wall (s)', 'CPU (s)', 'input RSS (MB)', 'peak RSS / heap (MB)', 'ARI vs kinds', 'goal'];
  const table = rows.map((r) => {
    const timeGoal = TIME_GOALS[r.count];
    const ariGoal = ARI_GOALS[r.count] ?? 0.9;
    const met = r.ari >= ariGoal && (timeGoal === undefined || r.cpuSeconds < timeGoal);
    const goal = `${timeGoal === undefined ? '' : `< ${timeGoal} s, `}ARI ≥ ${ariGoal}: ${met ? 'met' : 'not met'}`;
    r.met = met;
    return [
      r.set === 'b' ? 'B' : 'A',
      r.count.toLocaleString('en'),
      String(r.clusters),
      String(r.subClusters),
      r.seconds.toFixed(2),
      r.cpuSeconds.toFixed(2),
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
  console.log(
    '\nSet A: labelled-sections.ts; set B: labelled-sections-b.ts (other topics and wordings, 1–40 sentences). Time goals are on CPU time (one thread).' +
      '\nInput RSS: after generating the sections, before clustering. Heap: V8 heap size at the end (typed arrays are outside it).',
  );
  if (rows.some((r) => !r.met)) process.exitCode = 1;
}
