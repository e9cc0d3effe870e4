import { Tiktoken } from 'js-tiktoken/lite';

export const TOKENIZER_FAMILIES = ['o200k_base', 'cl100k_base'] as const;
export type TokenizerFamily = (typeof TOKENIZER_FAMILIES)[number];

/** OpenAI's chat completions accept at most this many entries in `logit_bias`. */
export const LOGIT_BIAS_MAX_TOKENS = 300;

const encoders = new Map<TokenizerFamily, Tiktoken>();

/**
 * The rank tables are large (about 150 MB of heap for o200k_base, 65 MB for cl100k_base) and take
 * a second to load: loaded on first use, once, in the CPU worker thread that tokenises (see
 * cpu-pool/), never on the server's event loop.
 */
function encoder(family: TokenizerFamily): Tiktoken {
  let found = encoders.get(family);
  if (!found) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const ranks = family === 'o200k_base' ? require('js-tiktoken/ranks/o200k_base') : require('js-tiktoken/ranks/cl100k_base');
    found = new Tiktoken(ranks.default ?? ranks);
    encoders.set(family, found);
  }
  return found;
}

/**
 * The tokens of a text as OpenAI counts them. Special-token markers such as "<|endoftext|>" in
 * the text are ordinary text to the API, so they are encoded as text here too (never refused).
 */
export function encodeText(text: string, family: TokenizerFamily): number[] {
  return encoder(family).encode(text, [], []);
}

export function decodeTokens(tokens: number[], family: TokenizerFamily): string {
  return encoder(family).decode(tokens);
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
