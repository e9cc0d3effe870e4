import { Tiktoken } from 'js-tiktoken/lite';

export const TOKENIZER_FAMILIES = ['o200k_base', 'cl100k_base'] as const;
export type TokenizerFamily = (typeof TOKENIZER_FAMILIES)[number];

/** OpenAI's chat completions accept at most this many entries in `logit_bias`. */
export const LOGIT_BIAS_MAX_TOKENS = 300;

const encoders = new Map<TokenizerFamily, Tiktoken>();

/** js-tiktoken's rank tables, which its Tiktoken keeps as (internal) fields. */
interface RankTables {
  /** Bytes of a token, joined with commas → its rank: all that encoding reads. */
  rankMap: Map<string, number>;
  /** Rank → bytes: read only to decode. */
  textMap: Map<number, Uint8Array>;
}

/** js-tiktoken's ranks module: the split pattern, special tokens and `bpe_ranks` ("! offset token token …" lines of base64). */
type Ranks = ConstructorParameters<typeof Tiktoken>[0];

/**
 * The tables are large and take a while to build: built on first use, once, in the CPU worker
 * thread that tokenises (see cpu-pool/), never on the server's event loop. Only the table encoding
 * reads is built (Tiktoken's constructor builds both, and the two tables of both families took
 * 140 MB and 0.6 s a family; the encoding table alone takes 55 MB and 0.35 s); the decoding table
 * is made from it on the first decode.
 */
function encoder(family: TokenizerFamily): Tiktoken {
  let found = encoders.get(family);
  if (!found) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const module = family === 'o200k_base' ? require('js-tiktoken/ranks/o200k_base') : require('js-tiktoken/ranks/cl100k_base');
    found = encodingOnly(module.default ?? module);
    encoders.set(family, found);
  }
  return found;
}

function encodingOnly(ranks: Ranks): Tiktoken {
  const tiktoken = new Tiktoken({ ...ranks, bpe_ranks: '' });
  const tables = tiktoken as unknown as RankTables;
  // A js-tiktoken that keeps its tables otherwise builds them its own way.
  if (!(tables.rankMap instanceof Map) || !(tables.textMap instanceof Map)) return new Tiktoken(ranks);
  for (const line of ranks.bpe_ranks.split('\n')) {
    const [, offset, ...tokens] = line.split(' ');
    tokens.forEach((token, i) => tables.rankMap.set(Buffer.from(token, 'base64').join(','), Number.parseInt(offset, 10) + i));
  }
  return tiktoken;
}

/** The encoder, with its decoding table made from the encoding table the first time it is asked. */
function decoder(family: TokenizerFamily): Tiktoken {
  const tiktoken = encoder(family);
  const { rankMap, textMap } = tiktoken as unknown as RankTables;
  if (textMap.size === 0) for (const [bytes, rank] of rankMap) textMap.set(rank, Uint8Array.from(bytes.split(','), Number));
  return tiktoken;
}

/**
 * The tokens of a text as OpenAI counts them. Special-token markers such as "<|endoftext|>" in
 * the text are ordinary text to the API, so they are encoded as text here too (never refused).
 */
export function encodeText(text: string, family: TokenizerFamily): number[] {
  return encoder(family).encode(text, [], []);
}

export function decodeTokens(tokens: number[], family: TokenizerFamily): string {
  return decoder(family).decode(tokens);
}

/** The forms a word takes in running text: as written, after a space, and capitalised. */
export function wordForms(word: string): string[] {
  const capitalised = word.charAt(0).toUpperCase() + word.slice(1);
  return [...new Set([word, ` ${word}`, capitalised, ` ${capitalised}`])];
}

export interface WordTokens {
  word: string;
  forms: { text: string; tokens: number[] }[];
}

export function tokensOfWord(word: string, family: TokenizerFamily): WordTokens {
  const enc = encoder(family);
  return { word, forms: wordForms(word).map((text) => ({ text, tokens: enc.encode(text) })) };
}

/** A bias list's `logit_bias` for each tokenizer family. */
export type LogitBiasMaps = Record<TokenizerFamily, Record<string, number>>;

/**
 * `logit_bias` for a list of groups: every token of every form of every word gets its group's bias
 * (a later group's, where two share a token). Null as soon as it passes `limit` distinct token ids:
 * a list that is too long is known after limit + 1 tokens, however many words it holds.
 */
export function logitBiasFor(entries: { words: string[]; bias: number }[], family: TokenizerFamily, limit = Infinity): Record<string, number> | null {
  const enc = encoder(family);
  const bias: Record<string, number> = {};
  let size = 0;
  for (const entry of entries) {
    for (const word of entry.words) {
      for (const form of wordForms(word)) {
        for (const token of enc.encode(form)) {
          const key = String(token);
          if (!(key in bias) && ++size > limit) return null;
          bias[key] = entry.bias;
        }
      }
    }
  }
  return bias;
}

/** A list's `logit_bias` for every tokenizer family, or the first family in which it passes `limit` tokens. */
export function logitBiasMaps(entries: { words: string[]; bias: number }[], limit = Infinity): { maps: LogitBiasMaps } | { over: TokenizerFamily } {
  const maps = {} as LogitBiasMaps;
  for (const family of TOKENIZER_FAMILIES) {
    const map = logitBiasFor(entries, family, limit);
    if (!map) return { over: family };
    maps[family] = map;
  }
  return { maps };
}
