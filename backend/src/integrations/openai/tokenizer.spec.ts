import { Tiktoken } from 'js-tiktoken/lite';
import { decodeTokens, encodeText, logitBiasFor, logitBiasMaps, TOKENIZER_FAMILIES, tokensOfWord, wordForms } from './tokenizer';

describe('encodeText and decodeTokens', () => {
  const text = 'Delve into the tapestry: naïve café, 漢字 and emoji 🙂🙂, <|endoftext|>, 1,234.56 lines\n\n  indented\tcode();';

  it.each(TOKENIZER_FAMILIES)('should encode as js-tiktoken itself does and decode back to the text (%s)', (family) => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const module = require(`js-tiktoken/ranks/${family}`);
    const tokens = new Tiktoken(module.default ?? module).encode(text, [], []);
    expect(encodeText(text, family)).toEqual(tokens);
    expect(decodeTokens(tokens, family)).toBe(text);
    expect(text.startsWith(decodeTokens(tokens.slice(0, 3), family))).toBe(true);
  });
});

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
  const madeUp = (n: number) => Array.from({ length: n }, (_, i) => `${(i * 7919 + 104729).toString(36)}ly`);

  it('should give every token of every form its group bias, a later group winning a shared token', () => {
    const bias = logitBiasFor([{ words: ['hello'], bias: -100 }], 'o200k_base')!;
    expect(bias['40617']).toBe(-100);
    expect(Object.values(bias).every((b) => b === -100)).toBe(true);
    expect(Object.keys(bias).length).toBeGreaterThanOrEqual(4);
    const both = logitBiasFor(
      [
        { words: ['hello'], bias: -100 },
        { words: ['Hello', 'world'], bias: 5 },
      ],
      'o200k_base',
    )!;
    expect(both['40617']).toBe(-100);
    expect(Object.values(both)).toContain(5);
  });

  it('should count a token once however many words and forms give it', () => {
    const one = Object.keys(logitBiasFor([{ words: ['hello'], bias: 1 }], 'o200k_base')!).length;
    expect(logitBiasFor([{ words: ['hello', 'hello', 'Hello'], bias: 1 }], 'o200k_base', one)).not.toBeNull();
    expect(logitBiasFor([{ words: ['hello'], bias: 1 }], 'o200k_base', one - 1)).toBeNull();
  });

  it('should stop as soon as the limit is passed, however many words remain', () => {
    const words = madeUp(1000);
    expect(Object.keys(logitBiasFor([{ words, bias: 1 }], 'cl100k_base')!).length).toBeGreaterThan(900);
    expect(logitBiasFor([{ words, bias: 1 }], 'cl100k_base', 300)).toBeNull();
  });
});

describe('logitBiasMaps', () => {
  it('should make the map for every tokenizer family, or name the first the list is too long for', () => {
    const entries = [{ words: ['delve', 'tapestry'], bias: -100 }];
    expect(logitBiasMaps(entries, 300)).toEqual({
      maps: { o200k_base: logitBiasFor(entries, 'o200k_base'), cl100k_base: logitBiasFor(entries, 'cl100k_base') },
    });
    expect(logitBiasMaps(entries, 3)).toEqual({ over: 'o200k_base' });
  });
});
