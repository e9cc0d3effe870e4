import { EMBEDDING_LIMITS, tokenizerFor } from './model-catalogue';
import { decodeTokens, encodeText, TokenizerFamily } from './tokenizer';

export interface EmbeddingPlan {
  /** The texts in their order, split into requests OpenAI accepts. */
  batches: string[][];
  /** How many texts were longer than one input may be, and were cut to their first tokens. */
  truncated: number;
}

/**
 * Splits texts (kept in order) into embedding requests OpenAI accepts: an input of at most 8,192
 * tokens (a longer text is cut to its first 8,192), a request of at most 300,000 tokens summed over
 * its inputs and at most `maxInputs` inputs. An empty text is sent as a space, since OpenAI refuses
 * empty inputs. Counted with the model's own tokenizer; runs in a worker thread (cpu-pool/).
 */
export function planEmbeddingBatches(texts: string[], model: string, maxInputs: number): EmbeddingPlan {
  const family = tokenizerFor(model);
  const batches: string[][] = [];
  let batch: string[] = [];
  let batchTokens = 0;
  let truncated = 0;
  for (const text of texts) {
    let input = text || ' ';
    let tokens = encodeText(input, family).length;
    if (tokens > EMBEDDING_LIMITS.inputTokens) {
      ({ input, tokens } = truncate(input, family));
      truncated++;
    }
    if (batch.length > 0 && (batch.length >= maxInputs || batchTokens + tokens > EMBEDDING_LIMITS.requestTokens)) {
      batches.push(batch);
      batch = [];
      batchTokens = 0;
    }
    batch.push(input);
    batchTokens += tokens;
  }
  if (batch.length > 0) batches.push(batch);
  return { batches, truncated };
}

/**
 * The text of the first 8,192 tokens. Decoding can end inside a character, which then counts
 * differently when encoded again, so the cut is checked and moved back until it fits.
 */
function truncate(text: string, family: TokenizerFamily): { input: string; tokens: number } {
  const all = encodeText(text, family);
  for (let keep = EMBEDDING_LIMITS.inputTokens; ; keep -= 8) {
    const input = decodeTokens(all.slice(0, keep), family);
    const tokens = encodeText(input, family).length;
    if (tokens <= EMBEDDING_LIMITS.inputTokens) return { input, tokens };
  }
}

/** A character is at most 4 bytes of UTF-8, so at most 4 tokens: this many characters always fit one input. */
const SURELY_FITS_CHARS = Math.floor(EMBEDDING_LIMITS.inputTokens / 4);

/**
 * The batches for texts short enough to need no counting (each at most 2,048 characters, so within
 * 8,192 tokens; each batch at most `maxInputs` and 75,000 characters, so within 300,000 tokens), in
 * order; null when one is longer and planEmbeddingBatches (in a worker thread) must count them.
 */
export function batchesWithoutCounting(texts: string[], maxInputs: number): string[][] | null {
  if (texts.some((text) => text.length > SURELY_FITS_CHARS)) return null;
  const batches: string[][] = [];
  let batch: string[] = [];
  let chars = 0;
  for (const text of texts) {
    const input = text || ' ';
    if (batch.length > 0 && (batch.length >= maxInputs || (chars + input.length) * 4 > EMBEDDING_LIMITS.requestTokens)) {
      batches.push(batch);
      batch = [];
      chars = 0;
    }
    batch.push(input);
    chars += input.length;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}
