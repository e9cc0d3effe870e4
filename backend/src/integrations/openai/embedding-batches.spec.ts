import fc from 'fast-check';
import { batchesWithoutCounting, planEmbeddingBatches } from './embedding-batches';
import { EMBEDDING_LIMITS } from './model-catalogue';
import { encodeText } from './tokenizer';

const WORDS = ['house', 'river', 'garden', 'window', 'market', 'yellow', 'silver', 'winter', 'forest', 'mountain'];
/** About one cl100k token per word. */
const text = (words: number, offset = 0) => Array.from({ length: words }, (_, i) => WORDS[(i + offset) % WORDS.length]).join(' ');
const tokens = (input: string) => encodeText(input, 'cl100k_base').length;

describe('planEmbeddingBatches', () => {
  it('should keep short texts whole and in order, in batches of at most maxInputs', () => {
    const texts = Array.from({ length: 7 }, (_, i) => `section ${i}`);
    const plan = planEmbeddingBatches(texts, 'text-embedding-3-small', 3);
    expect(plan).toEqual({ batches: [texts.slice(0, 3), texts.slice(3, 6), texts.slice(6)], truncated: 0 });
  });

  it('should cut a text over 8,192 tokens to its first 8,192 and count it', () => {
    const long = text(9_000);
    expect(tokens(long)).toBeGreaterThan(EMBEDDING_LIMITS.inputTokens);
    const plan = planEmbeddingBatches(['short', long], 'text-embedding-3-small', 256);
    expect(plan.truncated).toBe(1);
    const cut = plan.batches[0][1];
    expect(tokens(cut)).toBeLessThanOrEqual(EMBEDDING_LIMITS.inputTokens);
    expect(tokens(cut)).toBeGreaterThan(EMBEDDING_LIMITS.inputTokens - 16);
    expect(long.startsWith(cut)).toBe(true);
  });

  it('should start a new request before the inputs pass 300,000 tokens', () => {
    const texts = Array.from({ length: 40 }, (_, i) => text(8_000, i));
    const plan = planEmbeddingBatches(texts, 'text-embedding-3-small', 256);
    expect(plan.batches.length).toBeGreaterThan(1);
    expect(plan.batches.flat()).toEqual(texts);
    for (const batch of plan.batches) expect(batch.reduce((sum, input) => sum + tokens(input), 0)).toBeLessThanOrEqual(EMBEDDING_LIMITS.requestTokens);
  });

  it('should send an empty text as a space and read "<|endoftext|>" as plain text', () => {
    const plan = planEmbeddingBatches(['', 'about <|endoftext|> markers'], 'text-embedding-3-small', 256);
    expect(plan.batches).toEqual([[' ', 'about <|endoftext|> markers']]);
  });
});

describe('batchesWithoutCounting', () => {
  it('should leave texts over 2,048 characters to the tokenizer', () => {
    expect(batchesWithoutCounting(['short', 'x'.repeat(2_049)], 256)).toBeNull();
  });

  it('should keep the texts in order, an empty one as a space, in batches of at most maxInputs', () => {
    expect(batchesWithoutCounting(['a', '', 'c'], 2)).toEqual([['a', ' '], ['c']]);
  });

  it('should make only batches OpenAI accepts, whatever the characters', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.string({ unit: 'binary', maxLength: 2_048 }).map((t) => t.slice(0, 2_048)),
          { maxLength: 60 },
        ),
        (texts) => {
          const batches = batchesWithoutCounting(texts, 256)!;
          expect(batches.flat()).toEqual(texts.map((t) => t || ' '));
          for (const batch of batches) {
            const counts = batch.map(tokens);
            expect(Math.max(...counts)).toBeLessThanOrEqual(EMBEDDING_LIMITS.inputTokens);
            expect(counts.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(EMBEDDING_LIMITS.requestTokens);
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
