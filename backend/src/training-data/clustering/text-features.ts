import type { ContentBlock, SectionItem } from '@quire/shared';

/**
 * Features are hashed into this many dimensions; collisions are rare enough to ignore at this size.
 * A dimension fits in two bytes (Uint16Array): rows of 100,000 sections are large.
 */
export const FEATURE_DIMENSIONS = 1 << 16;

/** Row-compressed sparse rows: row i is entries offsets[i]..offsets[i+1], each a dimension (below FEATURE_DIMENSIONS) and a value. */
export interface SparseRows {
  offsets: Uint32Array;
  indices: Uint16Array;
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
export const STOP_WORDS = new Set(
  (
    'a an the and or but of for to in on at by from with about into over as is are was were be been it its this that these those ' +
    'your you our we my i me us they them their he she his her if so than then there here can will would should could may might ' +
    'do does did not no yes just very more most also all any some such each which who whom whose when where while up out how what why'
  ).split(' '),
);
const PROS_CONS_CUE =
  /^(pros?|cons?|advantages?|disadvantages?|the good|the bad|what we (didn’t |didn't |don’t |don't )?like|benefits|drawbacks|strengths|weaknesses)\b/i;

const FNV_PRIME = 0x01000193;

/** FNV-1a's state after the characters of `token`, from `state`. */
function hashOn(state: number, token: string): number {
  let h = state;
  for (let i = 0; i < token.length; i++) h = Math.imul(h ^ token.charCodeAt(i), FNV_PRIME);
  return h;
}

/** FNV-1a over the characters, folded into the feature space. */
export function hash(token: string): number {
  return (hashOn(0x811c9dc5, token) >>> 0) & (FEATURE_DIMENSIONS - 1);
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
export function words(text: string, out: string[] = []): string[] {
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

/** A growable list of hashed features (below FEATURE_DIMENSIONS, 2¹⁶: two bytes each). */
export class IndexList {
  values = new Uint16Array(1 << 16);
  length = 0;

  push(value: number): void {
    if (this.length === this.values.length) {
      const values = new Uint16Array(this.length * 2);
      values.set(this.values);
      this.values = values;
    }
    this.values[this.length++] = value;
  }
}

const BODY_PREFIX = hashOn(0x811c9dc5, 'b:');
const BODY_MONEY = hash('b:<money>');
const BODY_NUMBER = hash('b:<num>');
const STOP_WORD_LIST = [...STOP_WORDS];
const LONGEST_STOP_WORD = Math.max(...STOP_WORD_LIST.map((word) => word.length));
/** Per body hash: 1 + the index of the stop word with that hash, 0 for none, -1 for several. */
const STOP_WORD_AT = new Int16Array(FEATURE_DIMENSIONS);
STOP_WORD_LIST.forEach((word, k) => {
  const h = hash(`b:${word}`);
  STOP_WORD_AT[h] = STOP_WORD_AT[h] === 0 ? k + 1 : -1;
});

/**
 * The body words of texts as `words` finds them, stop words left out, each hashed as `b:${word}`,
 * without a string per word: a text's characters are lower-cased into a reused buffer, apostrophes
 * dropped, and each word's stem is hashed from there (texts with other non-ASCII characters than ’
 * are lower-cased by `toLowerCase` first, as `words` does).
 */
export class BodyWordHasher {
  private chars = new Uint16Array(1024);

  /** Appends the hashes of the text's body words to `out`, in order. */
  push(text: string, out: IndexList): void {
    let n = this.load(text);
    if (n < 0) n = this.load(text.toLowerCase().replace(/[’']/g, ''), true);
    const chars = this.chars;
    for (let i = 0; i < n;) {
      const c = chars[i];
      const money = c === 36 && i + 1 < n && isWordChar(chars[i + 1]);
      if (!money && !isWordChar(c)) {
        i++;
        continue;
      }
      const start = i;
      i += money ? 2 : 1;
      while (i < n && isWordChar(chars[i])) i++;
      if (i < n && chars[i] === 37) i++;
      if (c === 36) out.push(BODY_MONEY);
      else if (c <= 57) out.push(BODY_NUMBER);
      else this.pushStem(start, i, out);
    }
  }

  /** `stem` of chars[start..end), hashed, unless it is a stop word. */
  private pushStem(start: number, end: number, out: IndexList): void {
    const chars = this.chars;
    let last = end;
    let y = false;
    if (end - start > 3) {
      if (chars[end - 1] === 115 && chars[end - 2] === 101 && chars[end - 3] === 105) [last, y] = [end - 3, true];
      else if (chars[end - 1] === 115 && chars[end - 2] !== 115 && chars[end - 2] !== 117 && chars[end - 2] !== 105) last = end - 1;
    }
    let h = BODY_PREFIX;
    for (let k = start; k < last; k++) h = Math.imul(h ^ chars[k], FNV_PRIME);
    if (y) h = Math.imul(h ^ 121, FNV_PRIME);
    h = (h >>> 0) & (FEATURE_DIMENSIONS - 1);
    const stop = STOP_WORD_AT[h];
    if (stop !== 0 && this.isStopWord(stop, start, last, y)) return;
    out.push(h);
  }

  private isStopWord(stop: number, start: number, last: number, y: boolean): boolean {
    const chars = this.chars;
    if (last - start + (y ? 1 : 0) > LONGEST_STOP_WORD) return false;
    if (stop < 0) return STOP_WORDS.has(String.fromCharCode(...chars.subarray(start, last)) + (y ? 'y' : ''));
    const word = STOP_WORD_LIST[stop - 1];
    if (word.length !== last - start + (y ? 1 : 0)) return false;
    for (let k = start; k < last; k++) if (chars[k] !== word.charCodeAt(k - start)) return false;
    return !y || word.charCodeAt(word.length - 1) === 121;
  }

  /** The text's character codes into the buffer, A–Z lower-cased and apostrophes dropped; -1 when it holds other non-ASCII characters (unless `any`). */
  private load(text: string, any = false): number {
    if (this.chars.length < text.length) this.chars = new Uint16Array(Math.max(text.length, 2 * this.chars.length));
    const chars = this.chars;
    let n = 0;
    for (let i = 0; i < text.length; i++) {
      let c = text.charCodeAt(i);
      if (c >= 65 && c <= 90) c += 32;
      else if (c === 39 || c === 0x2019) continue;
      else if (c >= 128 && !any) return -1;
      chars[n++] = c;
    }
    return n;
  }
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

/** Whether the character code is one of `\s`'s (ECMAScript's white space and line terminators). */
function isSpace(c: number): boolean {
  if (c < 128) return c === 32 || (c >= 9 && c <= 13);
  return (
    c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff
  );
}

/** `text.split(/\s+/).length` without the pieces: one more than the runs of white space. */
export function splitLength(text: string): number {
  let pieces = 1;
  let inSpace = false;
  for (let i = 0; i < text.length; i++) {
    const space = isSpace(text.charCodeAt(i));
    if (space && !inSpace) pieces++;
    inSpace = space;
  }
  return pieces;
}

/** `/\?\s*$/.test(text)`: a question mark, then nothing but white space. */
export function endsInQuestion(text: string): boolean {
  let i = text.length - 1;
  while (i >= 0 && isSpace(text.charCodeAt(i))) i--;
  return i >= 0 && text.charCodeAt(i) === 63;
}

/** `/^[^:]{1,30}:\s/.test(text)`: a label of 1 to 30 characters, a colon and white space ("Battery: 10 hours"). */
export function isLabelled(text: string): boolean {
  const colon = text.indexOf(':');
  return colon >= 1 && colon <= 30 && colon + 1 < text.length && isSpace(text.charCodeAt(colon + 1));
}

/** The layout features are `s:`-prefixed tokens, hashed; each kind of token's hashes per bucket are made once. */
const layoutHash = (token: string) => hash(`s:${token}`);
const bucketHashes = (name: string, edges: number[]) => Array.from({ length: edges.length + 1 }, (_, b) => layoutHash(`${name}:${b}`));
const BLOCK_EDGES = [2, 3, 5, 9];
const SHARE_EDGES = [0.25, 0.5, 0.75];
const QUESTION_EDGES = [0.01, 0.2, 0.4];
const LIST_ITEM_EDGES = [3, 5, 8];
const LIST_WORD_EDGES = [4, 7, 11];
const LABELLED_EDGES = [0.01, 0.5];
const LAYOUT = {
  blocks: bucketHashes('blocks', BLOCK_EDGES),
  headingQuestion: layoutHash('heading:question'),
  prosCons: layoutHash('cue:pros-cons'),
  step: layoutHash('cue:step'),
  h3p: layoutHash('pattern:h3-p'),
  questions: bucketHashes('questions', QUESTION_EDGES),
  listItems: bucketHashes('list-items', LIST_ITEM_EDGES),
  listWords: bucketHashes('list-words', LIST_WORD_EDGES),
  labelled: bucketHashes('labelled-items', LABELLED_EDGES),
};

/**
 * The hashed tokens about the layout: which blocks, how many, questions, pros/cons labels, numbered
 * steps (blocks:2, has:ul, share:ul:3, several:ul, questions:0, list-items:1…), pushed in order.
 */
class LayoutFeatures {
  private readonly counts = new Map<string, number>();
  /** Per block type: has, several, then share for each bucket. */
  private readonly byType = new Map<string, number[]>();

  push(item: SectionItem, out: RowBuilder): void {
    const counts = this.counts;
    counts.clear();
    let blocks = 0;
    for (const block of item.children) if (block.type !== 'hr') blocks++;
    out.push(LAYOUT.blocks[bucket(blocks, BLOCK_EDGES)], 1);
    if (endsInQuestion(item.originalHeading)) out.push(LAYOUT.headingQuestion, 1);
    let questions = 0;
    let texts = 0;
    let listItems = 0;
    let labelled = 0;
    let listWords = 0;
    for (const block of item.children) {
      if (block.type === 'hr') continue;
      counts.set(block.type, (counts.get(block.type) ?? 0) + 1);
      const list = block.type === 'ul' || block.type === 'ol';
      for (const text of blockTexts(block)) {
        texts++;
        if (endsInQuestion(text)) questions++;
        if (text.length < 40 && PROS_CONS_CUE.test(text)) out.push(LAYOUT.prosCons, 1);
        // Only an ASCII s or S can start a match (the regular expression is not a Unicode one).
        if ((text.charCodeAt(0) | 32) === 115 && /^step\s*\d+/i.test(text)) out.push(LAYOUT.step, 1);
        if (list) {
          listItems++;
          listWords += splitLength(text);
          if (isLabelled(text)) labelled++;
        }
      }
    }
    for (const [type, count] of counts) {
      const hashes = this.typeHashes(type);
      out.push(hashes[0], 1);
      out.push(hashes[2 + bucket(count / blocks, SHARE_EDGES)], 1);
      if (count > 1) out.push(hashes[1], 1);
    }
    if (counts.get('h3') && counts.get('p')) out.push(LAYOUT.h3p, 1);
    if (texts > 0) out.push(LAYOUT.questions[bucket(questions / texts, QUESTION_EDGES)], 1);
    if (listItems > 0) {
      out.push(LAYOUT.listItems[bucket(listItems, LIST_ITEM_EDGES)], 1);
      out.push(LAYOUT.listWords[bucket(listWords / listItems, LIST_WORD_EDGES)], 1);
      out.push(LAYOUT.labelled[bucket(labelled / listItems, LABELLED_EDGES)], 1);
    }
  }

  private typeHashes(type: string): number[] {
    let hashes = this.byType.get(type);
    if (!hashes) {
      hashes = [layoutHash(`has:${type}`), layoutHash(`several:${type}`), ...bucketHashes(`share:${type}`, SHARE_EDGES)];
      this.byType.set(type, hashes);
    }
    return hashes;
  }
}

/**
 * Typed arrays for rows, so 100,000 sections cost a few bytes per entry: of the capacity given
 * (at most what the rows will hold, or they grow by doubling).
 */
class RowBuilder {
  private indices: Uint16Array;
  private values: Float32Array;
  private size = 0;
  private readonly offsets: Uint32Array;
  private rows = 0;

  constructor(count: number, capacity = 1 << 16) {
    this.offsets = new Uint32Array(count + 1);
    this.indices = new Uint16Array(Math.max(1, capacity));
    this.values = new Float32Array(Math.max(1, capacity));
  }

  push(index: number, value: number): void {
    if (this.size === this.indices.length) {
      const indices = new Uint16Array(this.size * 2);
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

  /** The rows; the arrays are views of the builder's when they are at least 3/4 full, else copies. */
  build(): SparseRows {
    const view = this.size * 4 >= this.indices.length * 3;
    const indices = view ? this.indices.subarray(0, this.size) : this.indices.slice(0, this.size);
    const values = view ? this.values.subarray(0, this.size) : this.values.slice(0, this.size);
    return { offsets: this.offsets, indices, values };
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

/** What a heading gives its section, worked out once per heading text. */
class HeadingFeatures {
  /** Each word's body hash (`b:`), by which the sections of an article are compared. */
  readonly words: number[];
  /** The words that are not stop words: their `h:` hashes, and their body hashes. */
  readonly unigrams: number[] = [];
  readonly unigramWords: number[] = [];
  /** Each pair of neighbouring words' `hh:` hash. */
  readonly bigrams: number[] = [];
  /** The length of the row before subject words are discounted (1 for none). */
  readonly norm: number;

  constructor(heading: string) {
    const normalised = normaliseHeading(heading).replace(/’/g, "'");
    const kind = headingKind(normalised);
    const ws = kind ? [`<kind:${kind}>`] : words(normalised).filter((w) => w !== '<num>');
    this.words = ws.map((w) => hash(`b:${w}`));
    ws.forEach((w, j) => {
      if (!STOP_WORDS.has(w)) {
        this.unigrams.push(hash(`h:${w}`));
        this.unigramWords.push(this.words[j]);
      }
      if (j > 0) this.bigrams.push(hash(`hh:${ws[j - 1]} ${w}`));
    });
    this.norm = Math.sqrt(this.unigrams.length + Math.max(0, ws.length - 1) * BIGRAM_WEIGHT ** 2) || 1;
  }
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
    const count = items.length;
    // Each section's body words (stop words left out), hashed, in order: section i's are tokens[tokenOffsets[i]..tokenOffsets[i+1]).
    const tokenList = new IndexList();
    const tokenOffsets = new Uint32Array(count + 1);
    const bodyWords = new BodyWordHasher();
    // About seven layout tokens a section.
    const structures = new RowBuilder(count, 8 * count);
    const layout = new LayoutFeatures();
    // Sections share headings ("FAQ", "Conclusion"): each heading text is read once.
    const headingFeatures = new Map<string, HeadingFeatures>();
    const headingOf: HeadingFeatures[] = [];
    for (let i = 0; i < count; i++) {
      const item = items[i];
      for (const block of item.children) for (const text of blockTexts(block)) bodyWords.push(text, tokenList);
      tokenOffsets[i + 1] = tokenList.length;
      layout.push(item, structures);
      structures.endRow();
      const heading = item.heading || item.originalHeading;
      let features = headingFeatures.get(heading);
      if (!features) headingFeatures.set(heading, (features = new HeadingFeatures(heading)));
      headingOf.push(features);
    }
    this.structures = structures.build();
    const tokens = tokenList.values;
    const { idf, distinct } = termStatistics(tokenOffsets, tokens);

    // The heading and body rows are written in item order straight away: each row's length is known.
    const headingOffsets = new Uint32Array(count + 1);
    const bodyOffsets = new Uint32Array(count + 1);
    for (let i = 0; i < count; i++) {
      headingOffsets[i + 1] = headingOffsets[i] + headingOf[i].unigrams.length + headingOf[i].bigrams.length;
      bodyOffsets[i + 1] = bodyOffsets[i] + distinct[i];
    }
    const headings: SparseRows = {
      offsets: headingOffsets,
      indices: new Uint16Array(headingOffsets[count]),
      values: new Float32Array(headingOffsets[count]),
    };
    const bodies: SparseRows = { offsets: bodyOffsets, indices: new Uint16Array(bodyOffsets[count]), values: new Float32Array(bodyOffsets[count]) };
    // Per-dimension scratch arrays (a dimension is a hashed word), reset through the lists of what was touched.
    const sectionsUsing = new Int32Array(FEATURE_DIMENSIONS);
    const used: number[] = [];
    const seenIn = new Int32Array(FEATURE_DIMENSIONS).fill(-1);
    const ownedBy = new Int32Array(FEATURE_DIMENSIONS).fill(-1);
    const termCounts = new Int32Array(FEATURE_DIMENSIONS);
    const termWeights = new Float64Array(FEATURE_DIMENSIONS);
    const terms: number[] = [];
    const use = (h: number, i: number) => {
      if (seenIn[h] === i) return;
      seenIn[h] = i;
      if (sectionsUsing[h]++ === 0) used.push(h);
    };
    // A word the article's other sections also use names its subject ("running shoes"), not the
    // kind of section: in section `current` it keeps only the share of them that do not use it.
    let current = 0;
    let others = 0;
    const weight = (h: number) => (others === 0 ? 1 : 1 - (sectionsUsing[h] - (ownedBy[h] === current ? 1 : 0)) / others);
    for (const sections of groupByArticle(items)) {
      for (const h of used) sectionsUsing[h] = 0;
      used.length = 0;
      for (const i of sections) {
        for (const h of headingOf[i].words) use(h, i);
        for (let p = tokenOffsets[i]; p < tokenOffsets[i + 1]; p++) use(tokens[p], i);
      }
      others = sections.length - 1;
      for (const i of sections) {
        current = i;
        const heading = headingOf[i];
        for (const h of heading.words) ownedBy[h] = i;
        for (let p = tokenOffsets[i]; p < tokenOffsets[i + 1]; p++) ownedBy[tokens[p]] = i;
        let q = headingOffsets[i];
        heading.unigrams.forEach((h, k) => {
          headings.indices[q] = h;
          headings.values[q++] = weight(heading.unigramWords[k]) / heading.norm;
        });
        heading.bigrams.forEach((h, k) => {
          const discount = Math.min(weight(heading.words[k]), weight(heading.words[k + 1]));
          headings.indices[q] = h;
          headings.values[q++] = (BIGRAM_WEIGHT * discount) / heading.norm;
        });

        // Terms in the order of their first use in the section, as the rows have always been written.
        terms.length = 0;
        for (let p = tokenOffsets[i]; p < tokenOffsets[i + 1]; p++) if (termCounts[tokens[p]]++ === 0) terms.push(tokens[p]);
        let bodyNorm = 0;
        for (const h of terms) {
          termWeights[h] = (1 + Math.log(termCounts[h])) * idf[h];
          bodyNorm += termWeights[h] ** 2;
        }
        bodyNorm = Math.sqrt(bodyNorm) || 1;
        q = bodyOffsets[i];
        for (const h of terms) {
          bodies.indices[q] = h;
          bodies.values[q++] = (termWeights[h] * weight(h)) / bodyNorm;
          termCounts[h] = 0;
        }
      }
    }
    this.headings = headings;
    this.bodies = bodies;
  }

  /**
   * One L2-normalised row per item: the heading, structure and body groups, each of about unit
   * length, weighted. Row r is item order[r]'s (item r's without `order`).
   */
  vectors(weights: FeatureWeights, order?: ArrayLike<number>): SparseRows {
    const group = new Accumulator();
    const row = new Accumulator();
    const count = this.bodies.offsets.length - 1;
    // At most every entry of the groups weighed in (fewer when a dimension is shared or sums to 0).
    const size = (rows: SparseRows, weight: number) => (weight === 0 ? 0 : rows.indices.length);
    const capacity = size(this.headings, weights.heading) + size(this.bodies, weights.body) + this.structures.indices.length;
    const out = new RowBuilder(count, capacity);
    for (let r = 0; r < count; r++) {
      const i = order ? order[r] : r;
      row.addRow(this.headings, i, weights.heading);
      row.addRow(this.bodies, i, weights.body);
      group.addRow(this.structures, i, 1);
      group.flushInto(row, weights.structure);
      row.emit(out);
    }
    return out.build();
  }
}

/** Smoothed idf of each hashed word over the rows (row i: indices[offsets[i]..offsets[i+1])), and each row's count of distinct words. */
function termStatistics(offsets: Uint32Array, indices: Uint16Array): { idf: Float64Array; distinct: Uint32Array } {
  const count = offsets.length - 1;
  const documentFrequency = new Uint32Array(FEATURE_DIMENSIONS);
  const distinct = new Uint32Array(count);
  const lastSeen = new Int32Array(FEATURE_DIMENSIONS).fill(-1);
  for (let i = 0; i < count; i++) {
    for (let p = offsets[i]; p < offsets[i + 1]; p++) {
      const h = indices[p];
      if (lastSeen[h] === i) continue;
      lastSeen[h] = i;
      documentFrequency[h]++;
      distinct[i]++;
    }
  }
  return { idf: Float64Array.from(documentFrequency, (df) => Math.log((count + 1) / (df + 1)) + 1), distinct };
}
