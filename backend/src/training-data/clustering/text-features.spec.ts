import { BodyWordHasher, IndexList, STOP_WORDS, endsInQuestion, hash, isLabelled, splitLength, words } from './text-features';
import { prng } from './cluster';

/** What the body words of a text have always been: `words`, stop words left out, each hashed as `b:${word}`. */
const expected = (text: string) => words(text).flatMap((w) => (STOP_WORDS.has(w) ? [] : [hash(`b:${w}`)]));

function hashed(text: string): number[] {
  const out = new IndexList();
  new BodyWordHasher().push(text, out);
  return [...out.values.subarray(0, out.length)];
}

describe(BodyWordHasher.name, () => {
  it.each([
    ['plain words, stop words and plurals', 'The best tips for choosing shoes: this is what does the job.'],
    ['numbers, prices and percentages', 'Save $50 or 20% on 3 pairs; $ alone, $$5, 5$, %, abc%def and cats% stay as they were.'],
    ['apostrophes, straight and curly, anywhere', "Don't worry, it’s fine: ’tis the season's $'5 and 5'% deal."],
    ['the plural rules', 'dies ties ies xies does this bus us is as ss glass status basis series species'],
    ['capitals', 'ELSEWHERE THESE THOSE WHOSE Questions FAQS'],
    ['other non-ASCII letters, lower-cased as toLowerCase does', 'İstanbul \u212Aelvin ÅNGSTRÖM café Ｆｕｌｌ naïve ΣΊΣΥΦΟΣ'],
    ['white space of every kind', 'a\u00a0b\u2003c\u2028d\te\nf'],
    ['nothing', ''],
  ])('should hash the same body words as words() when the text has %s', (_name, text) => {
    expect(hashed(text)).toEqual(expected(text));
  });

  it('should hash the same body words as words() for random texts of letters, digits, signs and apostrophes', () => {
    const alphabet = [..."aAbBeEiIsSuUyYzZ09 $%'’.,-\n", 'İ', '\u212A', 'é', 'ß'];
    const random = prng(18);
    const hasher = new BodyWordHasher();
    for (let n = 0; n < 2000; n++) {
      const text = Array.from({ length: Math.floor(random() * 30) }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
      const out = new IndexList();
      hasher.push(text, out);
      expect([...out.values.subarray(0, out.length)]).toEqual(expected(text));
    }
  });

  it('should keep the words in order across texts longer than its buffer', () => {
    const long = 'word '.repeat(5000) + 'The END of tips';
    const out = new IndexList();
    const hasher = new BodyWordHasher();
    hasher.push('first', out);
    hasher.push(long, out);
    hasher.push('last ones', out);
    expect([...out.values.subarray(0, out.length)]).toEqual([...expected('first'), ...expected(long), ...expected('last ones')]);
  });
});

describe(splitLength.name, () => {
  it('should count as split(/\\s+/) does for every UTF-16 code unit between letters, alone and doubled', () => {
    const differing: number[] = [];
    for (let c = 0; c < 0x10000; c++) {
      const ch = String.fromCharCode(c);
      for (const text of [`a${ch}b`, `${ch}${ch}`]) if (splitLength(text) !== text.split(/\s+/).length) differing.push(c);
    }
    expect(differing).toEqual([]);
  });

  it.each(['', ' ', 'one', ' leading', 'trailing ', '  two  spaces  ', 'tab\tand\nnew line'])('should count as split(/\\s+/) does for %j', (text) => {
    expect(splitLength(text)).toBe(text.split(/\s+/).length);
  });
});

describe('the layout tests written without regular expressions', () => {
  /** Random texts of letters, colons, question marks and white space of several kinds. */
  function texts(seed: number): string[] {
    const alphabet = [...'ab :?.\t\n', '\u00a0', '\u2003', '\u2028', '\ufeff', 'é'];
    const random = prng(seed);
    return Array.from({ length: 3000 }, () =>
      Array.from({ length: Math.floor(random() * 40) }, () => alphabet[Math.floor(random() * alphabet.length)]).join(''),
    );
  }

  it.each(['What is it?', 'Why? ', 'Why?\u00a0\n', '?', 'No', 'Is it? No.', '', '  '])('should find a final question mark as /\\?\\s*$/ does in %j', (text) => {
    expect(endsInQuestion(text)).toBe(/\?\s*$/.test(text));
  });

  it('should find a final question mark as /\\?\\s*$/ does in random texts', () => {
    expect(texts(1).filter((text) => endsInQuestion(text) !== /\?\s*$/.test(text))).toEqual([]);
  });

  it.each(['Battery: 10 hours', ':no label', 'a:b', 'Label:', `${'x'.repeat(30)}: thirty`, `${'x'.repeat(31)}: too long`, 'one: two: three', 'a:\u2003b'])(
    'should find a label as /^[^:]{1,30}:\\s/ does in %j',
    (text) => {
      expect(isLabelled(text)).toBe(/^[^:]{1,30}:\s/.test(text));
    },
  );

  it('should find a label as /^[^:]{1,30}:\\s/ does in random texts', () => {
    expect(texts(2).filter((text) => isLabelled(text) !== /^[^:]{1,30}:\s/.test(text))).toEqual([]);
  });
});
