import type { Clustering, SectionItem } from '@quire/shared';
import { FEATURE_DIMENSIONS, FeatureWeights, SectionFeatures, SparseRows } from './text-features';

/**
 * The items of one clustering run, numbered 0..count-1 in a canonical order, as unit vectors.
 * Centroids are kept as sums in a dimension-major matrix (`stride` clusters per dimension) so
 * that scoring an item against every centroid reads memory in order.
 */
interface VectorSpace {
  readonly dimensions: number;
  readonly count: number;
  /** The longest item's length (1 but for float32 rounding, or 0 for empty items). */
  readonly longest: number;
  /** out[c] = item · sums[c] for every column c < stride. */
  score(item: number, sums: Float64Array, stride: number, out: Float64Array): void;
  /** item · sums[cluster], summed as `score` sums it. */
  dot(item: number, sums: Float64Array, stride: number, cluster: number): number;
  /** sums[cluster] += item. */
  add(item: number, sums: Float64Array, stride: number, cluster: number): void;
}

/** Sparse rows of the chosen items, their dimensions renumbered densely so that centroids stay small. */
class SparseSpace implements VectorSpace {
  readonly dimensions: number;
  readonly count: number;
  readonly longest: number;
  private readonly offsets: Uint32Array;
  private readonly indices: Uint16Array;
  private readonly values: Float32Array;

  /**
   * Rows `items` of `rows`, in that order; without `items`, all the rows in their order, whose
   * arrays the space takes over (their dimensions are renumbered in place).
   */
  constructor(rows: SparseRows, items?: ArrayLike<number>) {
    if (items === undefined) {
      [this.offsets, this.indices, this.values] = [rows.offsets, rows.indices, rows.values];
    } else {
      let size = 0;
      for (let j = 0; j < items.length; j++) size += rows.offsets[items[j] + 1] - rows.offsets[items[j]];
      this.offsets = new Uint32Array(items.length + 1);
      this.indices = new Uint16Array(size);
      this.values = new Float32Array(size);
      for (let j = 0, p = 0; j < items.length; j++) {
        for (let q = rows.offsets[items[j]]; q < rows.offsets[items[j] + 1]; q++, p++) {
          this.indices[p] = rows.indices[q];
          this.values[p] = rows.values[q];
        }
        this.offsets[j + 1] = p;
      }
    }
    this.count = this.offsets.length - 1;
    const renumbered = new Int32Array(FEATURE_DIMENSIONS).fill(-1);
    let dimensions = 0;
    let longest = 0;
    for (let j = 0; j < this.count; j++) {
      let squared = 0;
      for (let p = this.offsets[j]; p < this.offsets[j + 1]; p++) {
        let d = renumbered[this.indices[p]];
        if (d < 0) renumbered[this.indices[p]] = d = dimensions++;
        this.indices[p] = d;
        squared += this.values[p] * this.values[p];
      }
      longest = Math.max(longest, Math.sqrt(squared));
    }
    this.dimensions = Math.max(1, dimensions);
    this.longest = longest;
  }

  /** The rows, dimensions renumbered. */
  get rows(): SparseRows {
    return { offsets: this.offsets, indices: this.indices, values: this.values };
  }

  score(item: number, sums: Float64Array, stride: number, out: Float64Array): void {
    out.fill(0, 0, stride);
    const { indices, values } = this;
    const end = this.offsets[item + 1];
    let p = this.offsets[item];
    // Four entries a sweep over the clusters: out[c] gets the same additions in the same order as
    // one entry at a time (JavaScript adds left to right), so the same sums, with a quarter of the
    // reads and writes of out.
    for (; p + 3 < end; p += 4) {
      const b0 = indices[p] * stride;
      const b1 = indices[p + 1] * stride;
      const b2 = indices[p + 2] * stride;
      const b3 = indices[p + 3] * stride;
      const v0 = values[p];
      const v1 = values[p + 1];
      const v2 = values[p + 2];
      const v3 = values[p + 3];
      for (let c = 0; c < stride; c++) out[c] = out[c] + v0 * sums[b0 + c] + v1 * sums[b1 + c] + v2 * sums[b2 + c] + v3 * sums[b3 + c];
    }
    for (; p < end; p++) {
      const base = indices[p] * stride;
      const v = values[p];
      for (let c = 0; c < stride; c++) out[c] += v * sums[base + c];
    }
  }

  dot(item: number, sums: Float64Array, stride: number, cluster: number): number {
    let sum = 0;
    for (let p = this.offsets[item]; p < this.offsets[item + 1]; p++) sum += this.values[p] * sums[this.indices[p] * stride + cluster];
    return sum;
  }

  add(item: number, sums: Float64Array, stride: number, cluster: number): void {
    for (let p = this.offsets[item]; p < this.offsets[item + 1]; p++) sums[this.indices[p] * stride + cluster] += this.values[p];
  }
}

/** Embeddings longer than this are hashed down to it: clustering cost grows with the dimensions. */
const PROJECTED_DIMENSIONS = 256;

/** Mulberry32: the projection must be the same on every run and platform (and a test's random texts on every run). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Embeddings, normalised, centred on the pool's mean (embedding models put every text in a narrow
 * cone; centring spreads them out), hashed down when long (each dimension added with a random sign
 * to one of PROJECTED_DIMENSIONS: a count sketch, which keeps cosines to within a few hundredths)
 * and normalised again, stored as float32 rows.
 */
class DenseSpace implements VectorSpace {
  readonly dimensions: number;
  readonly count: number;
  readonly longest: number;
  private readonly rows: Float32Array;

  constructor(vectors: ArrayLike<number>[], items: Int32Array) {
    const length = vectors[items[0]].length;
    this.count = items.length;
    const scale = Float64Array.from(items, (i) => {
      if (vectors[i].length !== length) throw new Error(`embedding ${i} has ${vectors[i].length} dimensions, expected ${length}`);
      let norm = 0;
      for (let f = 0; f < length; f++) norm += vectors[i][f] ** 2;
      return norm > 0 ? 1 / Math.sqrt(norm) : 0;
    });
    const mean = new Float64Array(length);
    items.forEach((i, j) => {
      for (let f = 0; f < length; f++) mean[f] += (vectors[i][f] * scale[j]) / items.length;
    });
    const dimensions = Math.min(length, PROJECTED_DIMENSIONS);
    const random = prng(0x5eed);
    const target = Int32Array.from({ length }, (_, f) => (length > dimensions ? Math.floor(random() * dimensions) : f));
    const sign = Float64Array.from({ length }, () => (length > dimensions && random() < 0.5 ? -1 : 1));
    this.dimensions = dimensions;
    this.rows = new Float32Array(items.length * dimensions);
    const row = new Float64Array(dimensions);
    let longest = 0;
    for (let j = 0; j < items.length; j++) {
      const x = vectors[items[j]];
      row.fill(0);
      for (let f = 0; f < length; f++) row[target[f]] += sign[f] * (x[f] * scale[j] - mean[f]);
      let norm = 0;
      for (let d = 0; d < dimensions; d++) norm += row[d] * row[d];
      const unit = norm > 1e-12 ? 1 / Math.sqrt(norm) : 0;
      let squared = 0;
      for (let d = 0; d < dimensions; d++) {
        this.rows[j * dimensions + d] = row[d] * unit;
        squared += this.rows[j * dimensions + d] ** 2;
      }
      longest = Math.max(longest, Math.sqrt(squared));
    }
    this.longest = longest;
  }

  score(item: number, sums: Float64Array, stride: number, out: Float64Array): void {
    out.fill(0, 0, stride);
    for (let d = 0, r = item * this.dimensions; d < this.dimensions; d++, r++) {
      const v = this.rows[r];
      const base = d * stride;
      for (let c = 0; c < stride; c++) out[c] += v * sums[base + c];
    }
  }

  dot(item: number, sums: Float64Array, stride: number, cluster: number): number {
    let sum = 0;
    for (let d = 0, r = item * this.dimensions; d < this.dimensions; d++, r++) sum += this.rows[r] * sums[d * stride + cluster];
    return sum;
  }

  add(item: number, sums: Float64Array, stride: number, cluster: number): void {
    for (let d = 0, r = item * this.dimensions; d < this.dimensions; d++, r++) sums[d * stride + cluster] += this.rows[r];
  }
}

interface Settings {
  /** Most clusters the seeding may open. */
  cap: number;
  /** While seeding, an item at least this similar to a centroid joins it; otherwise it opens a cluster. */
  seedAt: number;
  /** Clusters whose centred means are at least this similar (cosine) in the judging space become one. */
  mergeAt: number;
  /** Clusters with fewer members than this share of the items (and than 2) are folded into their neighbours. */
  minShare: number;
}

/** Which kind a section is: heading and wording count alike, the layout a little (it varies within a kind). */
const KIND_WEIGHTS: FeatureWeights = { heading: 1, structure: 0.3, body: 1 };
/** Whether two groups are the same kind, and the sub-clusters: the body only, so that heading variants meet. */
const BODY_WEIGHTS: FeatureWeights = { heading: 0, structure: 0.3, body: 1 };
// Tuned on test/fakes/labelled-sections.ts (bench/clustering.mjs): ARI is flat for seedAt 0.25–0.4 and mergeAt 0.45–0.55.
const TOP_LEVEL: Settings = { cap: 64, seedAt: 0.3, mergeAt: 0.5, minShare: 0.01 };
const SUB_LEVEL: Settings = { cap: 8, seedAt: 0.3, mergeAt: 0.5, minShare: 0.05 };
/** Seeding and the first refinement see an evenly spread sample this large; the whole pool then gets a few passes. */
const SAMPLE_SIZE = 20_000;
const SAMPLE_PASSES = 6;
const FULL_PASSES = 3;

/** Cluster sums, counts and norms; a cluster with count 0 is gone. */
class Centroids {
  readonly sums: Float64Array;
  readonly counts: Int32Array;
  readonly norms: Float64Array;
  private readonly scores: Float64Array;
  /** The sums and norms before the last recompute that measured drift. */
  private previous?: { sums: Float64Array; norms: Float64Array };
  similarity = -Infinity;
  /** After `nearest`: the highest similarity among the other live clusters (-Infinity when there is none). */
  runnerUp = -Infinity;

  constructor(
    private readonly space: VectorSpace,
    readonly stride: number,
  ) {
    this.sums = new Float64Array(space.dimensions * stride);
    this.counts = new Int32Array(stride);
    this.norms = new Float64Array(stride);
    this.scores = new Float64Array(stride);
  }

  /** Sums of the labelled items (label -1: none). */
  static of(space: VectorSpace, items: ArrayLike<number>, labels: Int32Array, stride: number): Centroids {
    return new Centroids(space, stride).recompute(items, labels);
  }

  /**
   * Sums, counts and norms recomputed in place from the labels; with `drift`, also how far each
   * cluster's normalised centroid (sums / norm, or 0 when the norm is 0) moved: drift[c] = |new − old|.
   */
  recompute(items: ArrayLike<number>, labels: Int32Array, drift?: Float64Array): this {
    if (drift) {
      this.previous ??= { sums: new Float64Array(this.sums.length), norms: new Float64Array(this.stride) };
      this.previous.sums.set(this.sums);
      this.previous.norms.set(this.norms);
    }
    this.sums.fill(0);
    this.counts.fill(0);
    this.norms.fill(0);
    for (let j = 0; j < items.length; j++) {
      if (labels[j] < 0) continue;
      this.space.add(items[j], this.sums, this.stride, labels[j]);
      this.counts[labels[j]]++;
    }
    for (let i = 0; i < this.sums.length; i++) this.norms[i % this.stride] += this.sums[i] ** 2;
    this.norms.forEach((squared, c) => (this.norms[c] = Math.sqrt(squared)));
    if (drift) this.measureDrift(drift);
    return this;
  }

  private measureDrift(drift: Float64Array): void {
    const { sums, norms, stride } = this;
    const previous = this.previous!;
    drift.fill(0);
    for (let i = 0; i < sums.length; i += stride) {
      for (let c = 0; c < stride; c++) {
        const now = norms[c] > 0 ? sums[i + c] / norms[c] : 0;
        const before = previous.norms[c] > 0 ? previous.sums[i + c] / previous.norms[c] : 0;
        drift[c] += (now - before) ** 2;
      }
    }
    for (let c = 0; c < stride; c++) drift[c] = Math.sqrt(drift[c]);
  }

  /**
   * The live cluster most similar (cosine) to the item (the first of equals), -1 when there is none;
   * its similarity is left in `similarity`, the next highest in `runnerUp`.
   */
  nearest(item: number): number {
    this.space.score(item, this.sums, this.stride, this.scores);
    let cluster = -1;
    let best = -Infinity;
    let runnerUp = -Infinity;
    for (let c = 0; c < this.stride; c++) {
      if (this.counts[c] === 0) continue;
      const s = this.norms[c] > 0 ? this.scores[c] / this.norms[c] : 0;
      if (s > best) [cluster, runnerUp, best] = [c, best, s];
      else if (s > runnerUp) runnerUp = s;
    }
    this.similarity = best;
    this.runnerUp = runnerUp;
    return cluster;
  }

  /** A deterministic leader–follower pass: join the nearest centroid when close enough, else open a cluster. */
  seed(items: ArrayLike<number>, seedAt: number): Int32Array {
    const labels = new Int32Array(items.length);
    let open = 0;
    for (let j = 0; j < items.length; j++) {
      const cluster = this.nearest(items[j]);
      const joins = cluster >= 0 && (this.similarity >= seedAt || open === this.stride);
      const target = joins ? cluster : open++;
      // |s + x|² = |s|² + 2 s·x + 1 for a unit x, and s·x = similarity · |s|.
      this.norms[target] = Math.sqrt(this.norms[target] ** 2 + 2 * (joins ? this.similarity * this.norms[target] : 0) + 1);
      this.space.add(items[j], this.sums, this.stride, target);
      this.counts[target]++;
      labels[j] = target;
    }
    return labels;
  }
}

/** Far more than rounding can move a similarity (a sum of a few thousand products of numbers of at most 1). */
const ROUNDING_MARGIN = 1e-9;

/**
 * Spherical k-means from the given centroids: reassign every item to its nearest one, recompute,
 * until (nearly) stable. The centroids are left as they were for the last pass (what follows needs
 * only the labels, or recomputes them).
 *
 * Hamerly's bounds skip the items whose nearest cluster cannot have changed: after a pass an item's
 * similarity to its cluster is `own` and to any other at most `other`; when the normalised centroids
 * move by `drift`, a similarity to one moves by at most its drift times the item's length
 * (Cauchy–Schwarz). An item whose bounds stay further apart than rounding could blur keeps its
 * cluster unscored: scoring it would give the same answer.
 */
function refine(space: VectorSpace, items: ArrayLike<number>, labels: Int32Array, centroids: Centroids, passes: number): void {
  const own = new Float64Array(items.length);
  const other = new Float64Array(items.length);
  const drift = new Float64Array(centroids.stride);
  const length = space.longest;
  for (let pass = 0; pass < passes; pass++) {
    if (pass > 0) centroids.recompute(items, labels, drift);
    // The largest drift, and the largest of the others: what any other cluster moved at most.
    let [largest, largestAt, secondLargest] = [0, -1, 0];
    drift.forEach((d, c) => {
      if (d > largest) [secondLargest, largest, largestAt] = [largest, d, c];
      else if (d > secondLargest) secondLargest = d;
    });
    let moved = 0;
    for (let j = 0; j < items.length; j++) {
      if (pass > 0) {
        own[j] -= drift[labels[j]] * length;
        other[j] += (labels[j] === largestAt ? secondLargest : largest) * length;
        if (own[j] - other[j] > ROUNDING_MARGIN) continue;
      }
      const cluster = centroids.nearest(items[j]);
      [own[j], other[j]] = [centroids.similarity, centroids.runnerUp];
      if (cluster !== labels[j]) [labels[j], moved] = [cluster, moved + 1];
    }
    if (moved <= items.length / 1000) break;
  }
}

/**
 * Joins the most similar pair of clusters while they are similar enough, judged in `judge`: the
 * cosine of the cluster means once the mean of all items is subtracted, so that what every section
 * shares (filler, the common layouts) does not make two kinds look alike. Dot products of sums add
 * up under merging, so after one pass over the centroids each merge costs O(k).
 */
function merge(judge: VectorSpace, items: ArrayLike<number>, labels: Int32Array, stride: number, mergeAt: number): void {
  const { sums, counts } = Centroids.of(judge, items, labels, stride);
  const k = stride;
  const dots = new Float64Array(k * k);
  for (let f = 0; f < sums.length; f += k) {
    for (let a = 0; a < k; a++) {
      if (sums[f + a] === 0) continue;
      for (let b = a; b < k; b++) dots[a * k + b] += sums[f + a] * sums[f + b];
    }
  }
  for (let a = 0; a < k; a++) for (let b = 0; b < a; b++) dots[a * k + b] = dots[b * k + a];
  const total = items.length;
  const rows = new Float64Array(k);
  const into = Int32Array.from({ length: k }, (_, c) => c);
  for (;;) {
    rows.fill(0);
    for (let a = 0; a < k; a++) for (let b = 0; b < k; b++) rows[a] += dots[a * k + b];
    const all = rows.reduce((x, y) => x + y, 0) / (total * total);
    // (mean_a − mean) · (mean_b − mean), from the dot products of the sums.
    const centred = (a: number, b: number) => dots[a * k + b] / (counts[a] * counts[b]) - rows[a] / (counts[a] * total) - rows[b] / (counts[b] * total) + all;
    let best = -Infinity;
    let [a, b] = [-1, -1];
    for (let x = 0; x < k; x++) {
      for (let y = x + 1; y < k && counts[x] > 0; y++) {
        if (counts[y] === 0) continue;
        const similarity = centred(x, y) / Math.sqrt(centred(x, x) * centred(y, y));
        if (similarity > best) [best, a, b] = [similarity, x, y];
      }
    }
    if (best < mergeAt) break;
    dots[a * k + a] += 2 * dots[a * k + b] + dots[b * k + b];
    for (let c = 0; c < k; c++) {
      if (c !== a) dots[a * k + c] = dots[c * k + a] = dots[a * k + c] + dots[b * k + c];
    }
    for (let c = 0; c < k; c++) dots[b * k + c] = dots[c * k + b] = 0;
    counts[a] += counts[b];
    counts[b] = 0;
    into[b] = a;
  }
  const root = (c: number): number => (into[c] === c ? c : root(into[c]));
  for (let j = 0; j < labels.length; j++) labels[j] = root(labels[j]);
}

/** Items of clusters below the minimum size move to their nearest remaining cluster (the largest always remains). */
function fold(items: ArrayLike<number>, labels: Int32Array, centroids: Centroids, minSize: number): void {
  const largest = centroids.counts.indexOf(Math.max(...centroids.counts));
  let folded = 0;
  centroids.counts.forEach((count, c) => {
    if (c !== largest && count > 0 && count < minSize) [centroids.counts[c], folded] = [0, folded + 1];
  });
  if (folded === 0) return;
  for (let j = 0; j < items.length; j++) if (centroids.counts[labels[j]] === 0) labels[j] = centroids.nearest(items[j]);
  centroids.recompute(items, labels);
}

/** Renumbers the labels 0..k-1 in order of first appearance; answers k. */
function renumber(labels: Int32Array): number {
  const numbers = new Map<number, number>();
  labels.forEach((label, j) => (labels[j] = numbers.get(label) ?? numbers.set(label, numbers.size).get(label)!));
  return numbers.size;
}

/** Clusters of items 0..count-1 (canonical order): each item's cluster and its similarity to that cluster's centroid. */
function partition(space: VectorSpace, judge: VectorSpace, settings: Settings): { labels: Int32Array; similarities: Float64Array } {
  const n = space.count;
  const all = Int32Array.from({ length: n }, (_, j) => j);
  const sample = n > SAMPLE_SIZE ? Int32Array.from({ length: SAMPLE_SIZE }, (_, j) => Math.floor((j * n) / SAMPLE_SIZE)) : all;
  let centroids = new Centroids(space, settings.cap);
  let labels = centroids.seed(sample, settings.seedAt);
  // Only the clusters the seeding opened are scored from here on.
  centroids = Centroids.of(space, sample, labels, renumber(labels));
  refine(space, sample, labels, centroids, SAMPLE_PASSES);
  if (sample !== all) {
    // The whole pool meets the sample's fine clusters, before any merging: an item's nearest fine
    // cluster tells its kind better than the mean of a merged one would.
    centroids.recompute(sample, labels);
    labels = new Int32Array(n).fill(-1);
    refine(space, all, labels, centroids, FULL_PASSES);
  }
  merge(judge, all, labels, centroids.stride, settings.mergeAt);
  centroids = Centroids.of(space, all, labels, renumber(labels));
  fold(all, labels, centroids, Math.max(2, Math.ceil(settings.minShare * n)));
  const similarities = Float64Array.from(labels, (c, j) =>
    centroids.norms[c] > 0 ? space.dot(j, centroids.sums, centroids.stride, c) / centroids.norms[c] : 0,
  );
  return { labels, similarities };
}

/** Groups of item numbers, largest first (ties: the group holding the earliest item), each most similar first. */
function groups(labels: Int32Array, similarities: Float64Array): number[][] {
  const byLabel = new Map<number, number[]>();
  labels.forEach((label, j) => {
    const group = byLabel.get(label);
    if (group) group.push(j);
    else byLabel.set(label, [j]);
  });
  // Items were pushed in canonical order, so each group's first entry is its earliest item.
  return [...byLabel.values()]
    .sort((x, y) => y.length - x.length || x[0] - y[0])
    .map((group) => group.sort((x, y) => similarities[y] - similarities[x] || x - y));
}

/** The text features of the items in canonical order: bodies only, and (when `withKinds`) for telling kinds apart. */
function textSpaces(items: SectionItem[], order: Int32Array, withKinds: boolean): { bodies: SparseSpace; kinds?: SparseSpace } {
  const features = new SectionFeatures(items);
  const bodies = new SparseSpace(features.vectors(BODY_WEIGHTS, order));
  return { bodies, kinds: withKinds ? new SparseSpace(features.vectors(KIND_WEIGHTS, order)) : undefined };
}

/**
 * Indexes sorted by uuid (then content, should two share a uuid). The first six characters of each
 * uuid, as two numbers (three UTF-16 code units each, a missing one as 0), settle most comparisons
 * without comparing strings: where they differ, they differ as the strings do.
 */
function canonicalOrder(items: SectionItem[]): Int32Array {
  const uuids = items.map((item) => item.uuid);
  const code = (s: string, i: number) => (i < s.length ? s.charCodeAt(i) : 0);
  const head = (s: string, from: number) => (code(s, from) * 0x10000 + code(s, from + 1)) * 0x10000 + code(s, from + 2);
  const first = Float64Array.from(uuids, (uuid) => head(uuid, 0));
  const second = Float64Array.from(uuids, (uuid) => head(uuid, 3));
  const key = (i: number) => `${items[i].heading}\u0000${items[i].originalHeading}\u0000${JSON.stringify(items[i].children)}`;
  const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return Int32Array.from(items.keys()).sort((a, b) => first[a] - first[b] || second[a] - second[b] || compare(uuids[a], uuids[b]) || compare(key(a), key(b)));
}

/**
 * Clusters sections by kind (FAQ, pros and cons, conclusion…) and each cluster into sub-clusters.
 * Text features by default; with `vectors` (embeddings in the order of `items`) the top level uses
 * those instead. Deterministic and independent of the input order: items are processed by uuid.
 */
export function clusterItems(items: SectionItem[], options: { vectors?: ArrayLike<number>[] } = {}): Clustering {
  if (items.length === 0) return { clusters: [], subClusters: [] };
  if (options.vectors && options.vectors.length !== items.length) throw new Error(`${options.vectors.length} embeddings for ${items.length} items`);
  const order = canonicalOrder(items);
  const { bodies, kinds } = textSpaces(items, order, !options.vectors);
  const judge = options.vectors ? new DenseSpace(options.vectors, order) : bodies;
  const top = partition(kinds ?? judge, judge, TOP_LEVEL);
  const clusters = groups(top.labels, top.similarities).map((group) => group.map((j) => order[j]));

  const rank = new Int32Array(items.length);
  order.forEach((item, r) => (rank[item] = r));
  const subClusters = clusters.map((cluster) => {
    if (cluster.length <= 2) return [cluster.map((_, position) => position)];
    const positions = Int32Array.from(cluster.keys()).sort((a, b) => rank[cluster[a]] - rank[cluster[b]]);
    const members = new SparseSpace(
      bodies.rows,
      Int32Array.from(positions, (p) => rank[cluster[p]]),
    );
    const sub = partition(members, members, SUB_LEVEL);
    return groups(sub.labels, sub.similarities).map((group) => group.map((j) => positions[j]));
  });
  return { clusters, subClusters };
}
