import type { ContentBlock, SectionItem } from '@quire/shared';

/** Features are hashed into this many dimensions; collisions are rare enough to ignore at this size. */
export const FEATURE_DIMENSIONS = 1 << 16;

/** Row-compressed sparse rows: row i is entries offsets[i]..offsets[i+1]. */
export interface SparseRows {
  offsets: Uint32Array;
  indices: Uint32Array;
  values: Float32Array;
}

/** How much each group of features counts: each group is of about unit length and scaled by its weight before the sum. */
export interface FeatureWeights {
  heading: number;
  structure: number;
  body: number;
}

/** Heading bigrams keep the stop words: "how to", "bottom line" and "wrapping up" name kinds. */
const BIGRAM_WEIGHT = 0.7;

/** Also question words: alone, "what" would tie "what to look for" to "what is a…"; the bigrams keep them. */
const STOP_WORDS = new Set(
  (
    'a an the and or but of for to in on at by from with about into over as is are was were be been it its this that these those ' +
    'your you our we my i me us they them their he she his her if so than then there here can will would should could may might ' +
    'do does did not no yes just very more most also all any some such each which who whom whose when where while up out how what why'
  ).split(' '),
);
const PROS_CONS_CUE =
  /^(pros?|cons?|advantages?|disadvantages?|the good|the bad|what we (didn’t |didn't |don’t |don't )?like|benefits|drawbacks|strengths|weaknesses)\b/i;

/** FNV-1a over the characters, folded into the feature space. */
function hash(token: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) h = Math.imul(h ^ token.charCodeAt(i), 0x01000193);
  return (h >>> 0) & (FEATURE_DIMENSIONS - 1);
}

/** Plural "s" only: enough to join "tips"/"tip" and "questions"/"question". */
function stem(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.endsWith('s') && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

const isWordChar = (c: number) => (c >= 97 && c <= 122) || (c >= 48 && c <= 57);

/** Lower-cased, stemmed words (runs of a–z and 0–9, apostrophes dropped); numbers and prices become "<num>" and "<money>". */
function words(text: string, out: string[] = []): string[] {
  const lower = text.toLowerCase().replace(/[’']/g, '');
  // A hand-written scan of /\$?[a-z0-9]+%?/g: the same words, without a match object per word.
  for (let i = 0; i < lower.length;) {
    const c = lower.charCodeAt(i);
    const money = c === 36 && i + 1 < lower.length && isWordChar(lower.charCodeAt(i + 1));
    if (!money && !isWordChar(c)) {
      i++;
      continue;
    }
    const start = i;
    i += money ? 2 : 1;
    while (i < lower.length && isWordChar(lower.charCodeAt(i))) i++;
    if (i < lower.length && lower.charCodeAt(i) === 37) i++;
    const first = lower.charCodeAt(start);
    out.push(first === 36 ? '<money>' : first <= 57 ? '<num>' : stem(lower.slice(start, i)));
  }
  return out;
}

/** "3. Step 2: Final thoughts?" → "final thoughts". */
function normaliseHeading(heading: string): string {
  return heading
    .toLowerCase()
    .trim()
    .replace(/^(?:(?:step|part|chapter|section|tip|no\.?|#)\s*)?\d+\s*[.):\-–—]?\s*/, '')
    .replace(/^(?:step|part)\s*\d+\s*[.):\-–—]?\s*/, '')
    .replace(/[\s.:;!?,]+$/, '');
}

/**
 * Headings that name a well-known kind of section, in their common wordings. A site rarely words
 * its conclusions or FAQs the same way twice, and with few sections the bodies alone cannot tell
 * that "Final thoughts" and "The bottom line" are one kind; such a heading becomes its kind.
 */
const HEADING_KINDS: [string, RegExp][] = [
  ['faq', /\b(faqs?|frequently asked questions?|common questions|questions (and|&) answers|your questions|q ?(&|and) ?a)\b/],
  [
    'proscons',
    /\b(pros (and|&) cons|the good (and|&) the bad|what we liked|advantages (and|&) disadvantages|benefits (and|&) drawbacks|strengths (and|&) weaknesses)\b/,
  ],
  ['mistakes', /\b(mistakes|pitfalls|what not to do)\b/],
  ['comparison', /\b(vs\.?|versus|compared|comparison|head-to-head|how (it|they) (compares?|stacks? up)|alternatives to)\b/],
  ['buying', /^(how to (choose|pick|buy)\b|buying guide|what to look for|things to consider|factors to consider|before you buy|choosing the right)/],
  ['howto', /^(how to\b|step[- ]by[- ]step\b|steps to\b|instructions$)/],
  [
    'conclusion',
    /^(conclusions?|final (thoughts|words|verdict)|(the )?bottom line|wrapping up|wrap-?up|in (conclusion|closing)|(the |our )?verdict|to sum up)$/,
  ],
  ['summary', /^(summary|in summary|quick summary|(key )?takeaways?|tl;?dr|recap|the short version)$/],
  ['intro', /^(introduction|intro|overview|background|at a glance)$/],
  ['tips', /\b(tips|tricks|best practices)\b/],
  ['features', /^(key features|main features|features|specifications|specs|tech specs|highlights)$/],
  ['needs', /^(what (you'?ll|you will|you) need|materials|tools (and|&) materials|equipment|supplies|what to (bring|pack|wear))\b/],
  ['pricing', /^(pricing|prices?|costs?|plans (and|&) pricing|price (and|&) availability|cost breakdown)$/],
];

function headingKind(normalised: string): string | null {
  for (const [kind, pattern] of HEADING_KINDS) if (pattern.test(normalised)) return kind;
  return null;
}

function blockTexts(block: ContentBlock): string[] {
  if ('items' in block) return block.items;
  return 'text' in block ? [block.text] : [];
}

function bucket(value: number, edges: number[]): number {
  let b = 0;
  while (b < edges.length && value >= edges[b]) b++;
  return b;
}

/** Tokens about the layout: which blocks, how many, questions, pros/cons labels, numbered steps. */
function structureTokens(item: SectionItem): string[] {
  const blocks = item.children.filter((b) => b.type !== 'hr');
  const tokens: string[] = [`blocks:${bucket(blocks.length, [2, 3, 5, 9])}`];
  if (/\?\s*$/.test(item.originalHeading)) tokens.push('heading:question');
  const counts = new Map<string, number>();
  let questions = 0;
  let texts = 0;
  let listItems = 0;
  let labelled = 0;
  let listWords = 0;
  for (const block of blocks) {
    counts.set(block.type, (counts.get(block.type) ?? 0) + 1);
    for (const text of blockTexts(block)) {
      texts++;
      if (/\?\s*$/.test(text)) questions++;
      if (PROS_CONS_CUE.test(text) && text.length < 40) tokens.push('cue:pros-cons');
      if (/^step\s*\d+/i.test(text)) tokens.push('cue:step');
      if (block.type === 'ul' || block.type === 'ol') {
        listItems++;
        listWords += text.split(/\s+/).length;
        if (/^[^:]{1,30}:\s/.test(text)) labelled++;
      }
    }
  }
  for (const [type, count] of counts) {
    tokens.push(`has:${type}`, `share:${type}:${bucket(count / blocks.length, [0.25, 0.5, 0.75])}`);
    if (count > 1) tokens.push(`several:${type}`);
  }
  if (counts.get('h3') && counts.get('p')) tokens.push('pattern:h3-p');
  if (texts > 0) tokens.push(`questions:${bucket(questions / texts, [0.01, 0.2, 0.4])}`);
  if (listItems > 0) {
    tokens.push(`list-items:${bucket(listItems, [3, 5, 8])}`, `list-words:${bucket(listWords / listItems, [4, 7, 11])}`);
    tokens.push(`labelled-items:${bucket(labelled / listItems, [0.01, 0.5])}`);
  }
  return tokens;
}

/** Growable typed arrays for rows, so 100,000 sections cost a few bytes per entry. */
class RowBuilder {
  private indices = new Uint32Array(1 << 16);
  private values = new Float32Array(1 << 16);
  private size = 0;
  private readonly offsets: Uint32Array;
  private rows = 0;

  constructor(count: number) {
    this.offsets = new Uint32Array(count + 1);
  }

  push(index: number, value: number): void {
    if (this.size === this.indices.length) {
      const indices = new Uint32Array(this.size * 2);
      const values = new Float32Array(this.size * 2);
      indices.set(this.indices);
      values.set(this.values);
      this.indices = indices;
      this.values = values;
    }
    this.indices[this.size] = index;
    this.values[this.size++] = value;
  }

  endRow(): void {
    this.offsets[++this.rows] = this.size;
  }

  build(): SparseRows {
    return { offsets: this.offsets, indices: this.indices.slice(0, this.size), values: this.values.slice(0, this.size) };
  }
}

/** Sums weights per dimension for one item; `touched` keeps clearing proportional to what was added. */
class Accumulator {
  private readonly weights = new Float64Array(FEATURE_DIMENSIONS);
  private readonly touched: number[] = [];

  add(index: number, weight: number): void {
    if (this.weights[index] === 0) this.touched.push(index);
    this.weights[index] += weight;
  }

  addRow(rows: SparseRows, row: number, scale: number): void {
    if (scale === 0) return;
    for (let p = rows.offsets[row]; p < rows.offsets[row + 1]; p++) this.add(rows.indices[p], rows.values[p] * scale);
  }

  /** Moves the sums into `target`, scaled to length `scale`. */
  flushInto(target: Accumulator, scale: number): void {
    let norm = 0;
    for (const i of this.touched) norm += this.weights[i] ** 2;
    const factor = norm > 0 ? scale / Math.sqrt(norm) : 0;
    for (const i of this.touched) {
      if (factor > 0) target.add(i, this.weights[i] * factor);
      this.weights[i] = 0;
    }
    this.touched.length = 0;
  }

  /** Appends the sums as one L2-normalised row (in the order first added) and clears them. */
  emit(out: RowBuilder): void {
    let norm = 0;
    for (const i of this.touched) norm += this.weights[i] ** 2;
    const factor = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    for (const i of this.touched) {
      if (this.weights[i] !== 0) out.push(i, this.weights[i] * factor);
      this.weights[i] = 0;
    }
    this.touched.length = 0;
    out.endRow();
  }
}

/** Item indexes grouped by article, in order of first appearance. */
function groupByArticle(items: SectionItem[]): number[][] {
  const articles = new Map<string, number[]>();
  items.forEach((item, i) => {
    const sections = articles.get(item.article_uuid);
    if (sections) sections.push(i);
    else articles.set(item.article_uuid, [i]);
  });
  return [...articles.values()];
}

/** The same rows in item order: item i's row is rows' row `rowOf[i]`. */
function reorder(rows: SparseRows, rowOf: Uint32Array): SparseRows {
  const out = new RowBuilder(rowOf.length);
  for (const r of rowOf) {
    for (let p = rows.offsets[r]; p < rows.offsets[r + 1]; p++) out.push(rows.indices[p], rows.values[p]);
    out.endRow();
  }
  return out.build();
}

/**
 * A pool of sections read once (words hashed, idf counted over the pool, subject words found per
 * article) and turned into sparse, L2-normalised vectors with any group weights. Linear in the pool.
 */
export class SectionFeatures {
  /** Heading and body rows are each of unit length before subject words are discounted. */
  private readonly headings: SparseRows;
  private readonly bodies: SparseRows;
  private readonly structures: SparseRows;

  constructor(items: SectionItem[]) {
    const hashes = new Map<string, number>();
    const cached = (token: string) => hashes.get(token) ?? hashes.set(token, hash(token)).get(token)!;
    const bodyHashes = new Map<string, number>();
    const bodyHash = (word: string) => bodyHashes.get(word) ?? bodyHashes.set(word, hash(`b:${word}`)).get(word)!;
    const bodyWords = new RowBuilder(items.length);
    const structures = new RowBuilder(items.length);
    const headingWords: string[][] = [];
    const scratch: string[] = [];
    for (const item of items) {
      scratch.length = 0;
      for (const block of item.children) for (const text of blockTexts(block)) words(text, scratch);
      for (const w of scratch) if (!STOP_WORDS.has(w)) bodyWords.push(bodyHash(w), 1);
      bodyWords.endRow();
      for (const token of structureTokens(item)) structures.push(cached(`s:${token}`), 1);
      structures.endRow();
      const heading = normaliseHeading(item.heading || item.originalHeading).replace(/’/g, "'");
      const kind = headingKind(heading);
      headingWords.push(kind ? [`<kind:${kind}>`] : words(heading).filter((w) => w !== '<num>'));
    }
    this.structures = structures.build();
    const tokens = bodyWords.build();
    const idf = inverseDocumentFrequency(tokens);

    const headings = new RowBuilder(items.length);
    const bodies = new RowBuilder(items.length);
    const rowOf = new Uint32Array(items.length);
    // Per-dimension scratch arrays (a dimension is a hashed word), reset through the lists of what was touched.
    const sectionsUsing = new Int32Array(FEATURE_DIMENSIONS);
    const used: number[] = [];
    const seenIn = new Int32Array(FEATURE_DIMENSIONS).fill(-1);
    const ownedBy = new Int32Array(FEATURE_DIMENSIONS).fill(-1);
    const termCounts = new Int32Array(FEATURE_DIMENSIONS);
    const terms: number[] = [];
    const headingHashes = headingWords.map((ws) => ws.map((w) => bodyHash(w)));
    let row = 0;
    for (const sections of groupByArticle(items)) {
      for (const h of used) sectionsUsing[h] = 0;
      used.length = 0;
      const use = (h: number, i: number) => {
        if (seenIn[h] === i) return;
        seenIn[h] = i;
        if (sectionsUsing[h]++ === 0) used.push(h);
      };
      for (const i of sections) {
        for (const h of headingHashes[i]) use(h, i);
        for (let p = tokens.offsets[i]; p < tokens.offsets[i + 1]; p++) use(tokens.indices[p], i);
      }
      for (const i of sections) {
        for (const h of headingHashes[i]) ownedBy[h] = i;
        for (let p = tokens.offsets[i]; p < tokens.offsets[i + 1]; p++) ownedBy[tokens.indices[p]] = i;
        // A word the article's other sections also use names its subject ("running shoes"), not the
        // kind of section: it keeps only the share of them that do not use it.
        const others = sections.length - 1;
        const weight = (h: number) => (others === 0 ? 1 : 1 - (sectionsUsing[h] - (ownedBy[h] === i ? 1 : 0)) / others);
        const ws = headingWords[i];
        const kept = ws.filter((w) => !STOP_WORDS.has(w));
        const headingNorm = Math.sqrt(kept.length + Math.max(0, ws.length - 1) * BIGRAM_WEIGHT ** 2) || 1;
        for (const w of kept) headings.push(cached(`h:${w}`), weight(bodyHash(w)) / headingNorm);
        for (let j = 1; j < ws.length; j++) {
          const discount = Math.min(weight(bodyHash(ws[j - 1])), weight(bodyHash(ws[j])));
          headings.push(cached(`hh:${ws[j - 1]} ${ws[j]}`), (BIGRAM_WEIGHT * discount) / headingNorm);
        }
        headings.endRow();

        // Terms in the order of their first use in the section, as the rows have always been written.
        terms.length = 0;
        for (let p = tokens.offsets[i]; p < tokens.offsets[i + 1]; p++) if (termCounts[tokens.indices[p]]++ === 0) terms.push(tokens.indices[p]);
        let bodyNorm = 0;
        for (const h of terms) bodyNorm += ((1 + Math.log(termCounts[h])) * idf[h]) ** 2;
        bodyNorm = Math.sqrt(bodyNorm) || 1;
        for (const h of terms) bodies.push(h, ((1 + Math.log(termCounts[h])) * idf[h] * weight(h)) / bodyNorm);
        for (const h of terms) termCounts[h] = 0;
        bodies.endRow();
        rowOf[i] = row++;
      }
    }
    this.headings = reorder(headings.build(), rowOf);
    this.bodies = reorder(bodies.build(), rowOf);
  }

  /** One L2-normalised row per item: the heading, structure and body groups, each of about unit length, weighted. */
  vectors(weights: FeatureWeights): SparseRows {
    const group = new Accumulator();
    const row = new Accumulator();
    const out = new RowBuilder(this.bodies.offsets.length - 1);
    for (let i = 0; i + 1 < this.bodies.offsets.length; i++) {
      row.addRow(this.headings, i, weights.heading);
      row.addRow(this.bodies, i, weights.body);
      group.addRow(this.structures, i, 1);
      group.flushInto(row, weights.structure);
      row.emit(out);
    }
    return out.build();
  }
}

/** Smoothed idf of each hashed word over the rows. */
function inverseDocumentFrequency(rows: SparseRows): Float64Array {
  const count = rows.offsets.length - 1;
  const documentFrequency = new Uint32Array(FEATURE_DIMENSIONS);
  const lastSeen = new Int32Array(FEATURE_DIMENSIONS).fill(-1);
  for (let i = 0; i < count; i++) {
    for (let p = rows.offsets[i]; p < rows.offsets[i + 1]; p++) {
      const h = rows.indices[p];
      if (lastSeen[h] !== i) [lastSeen[h], documentFrequency[h]] = [i, documentFrequency[h] + 1];
    }
  }
  return Float64Array.from(documentFrequency, (df) => Math.log((count + 1) / (df + 1)) + 1);
}
