import { Tiktoken } from 'js-tiktoken/lite';

export const TOKENIZER_FAMILIES = ['o200k_base', 'cl100k_base'] as const;
export type TokenizerFamily = (typeof TOKENIZER_FAMILIES)[number];

/** OpenAI's chat completions accept at most this many entries in `logit_bias`. */
export const LOGIT_BIAS_MAX_TOKENS = 300;

const encoders = new Map<TokenizerFamily, Tiktoken>();

/** The rank tables are a few MB each: loaded on first use, once. */
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

/** gpt-4o and newer (and models fine-tuned from them) use o200k_base; gpt-4 and gpt-3.5 cl100k_base. */
export function familyForModel(model: string): TokenizerFamily {
  const base = model.startsWith('ft:') ? model.split(':')[1] : model;
  return /^(gpt-4o|gpt-4\.1|gpt-4\.5|gpt-5|o\d)/.test(base) ? 'o200k_base' : 'cl100k_base';
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

/** `logit_bias` for a list of groups: every token of every form of every word gets its group's bias. */
export function logitBiasFor(entries: { words: string[]; bias: number }[], family: TokenizerFamily): Record<string, number> {
  const bias: Record<string, number> = {};
  for (const entry of entries) {
    for (const word of entry.words) {
      for (const form of tokensOfWord(word, family).forms) for (const token of form.tokens) bias[String(token)] = entry.bias;
    }
  }
  return bias;
}
