import { countTokensUpTo, logitBiasFor, tokensOfWord, wordForms } from './tokenizer';

describe('wordForms', () => {
  it('should give the plain, leading-space and capitalised forms once each', () => {
    expect(wordForms('delve')).toEqual(['delve', ' delve', 'Delve', ' Delve']);
    expect(wordForms('Delve')).toEqual(['Delve', ' Delve']);
  });
});

describe('tokensOfWord', () => {
  it('should encode " hello" as one token in both families, with different ids', () => {
    const o200k = tokensOfWord('hello', 'o200k_base').forms.find((f) => f.text === ' hello')!;
    const cl100k = tokensOfWord('hello', 'cl100k_base').forms.find((f) => f.text === ' hello')!;
    expect(o200k.tokens).toEqual([40617]);
    expect(cl100k.tokens).toEqual([24748]);
  });
});

describe('logitBiasFor', () => {
  it('should give every token of every form its group bias', () => {
    const bias = logitBiasFor([{ words: ['hello'], bias: -100 }], 'o200k_base');
    expect(bias['40617']).toBe(-100);
    expect(Object.values(bias).every((b) => b === -100)).toBe(true);
    expect(Object.keys(bias).length).toBeGreaterThanOrEqual(4);
  });
});

describe('countTokensUpTo', () => {
  const madeUp = (n: number) => Array.from({ length: n }, (_, i) => `${(i * 7919 + 104729).toString(36)}ly`);

  it('should count the distinct token ids of every form of every word', () => {
    expect(countTokensUpTo(['hello'], 'o200k_base', 300)).toBe(Object.keys(logitBiasFor([{ words: ['hello'], bias: 1 }], 'o200k_base')).length);
    expect(countTokensUpTo(['hello', 'hello', 'Hello'], 'o200k_base', 300)).toBe(countTokensUpTo(['hello'], 'o200k_base', 300));
  });

  it('should stop as soon as the limit is passed, however many words remain', () => {
    const words = madeUp(1000);
    expect(Object.keys(logitBiasFor([{ words, bias: 1 }], 'cl100k_base')).length).toBeGreaterThan(900);
    expect(countTokensUpTo(words, 'cl100k_base', 300)).toBe(301);
    expect(countTokensUpTo(words, 'o200k_base', 300)).toBe(301);
  });
});
