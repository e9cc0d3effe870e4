import { familyForModel, logitBiasFor, tokensOfWord, wordForms } from './tokenizer';

describe('wordForms', () => {
  it('should give the plain, leading-space and capitalised forms once each', () => {
    expect(wordForms('delve')).toEqual(['delve', ' delve', 'Delve', ' Delve']);
    expect(wordForms('Delve')).toEqual(['Delve', ' Delve']);
  });
});

describe('familyForModel', () => {
  it.each([
    ['gpt-4o', 'o200k_base'],
    ['gpt-4o-2024-08-06', 'o200k_base'],
    ['ft:gpt-4o-2024-08-06:acme:blog:abc123', 'o200k_base'],
    ['gpt-4', 'cl100k_base'],
    ['gpt-4-32k', 'cl100k_base'],
    ['gpt-3.5-turbo-16k', 'cl100k_base'],
    ['ft:gpt-3.5-turbo-0125:acme::x', 'cl100k_base'],
  ])('should pick the tokenizer of %s', (model, family) => {
    expect(familyForModel(model)).toBe(family);
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
