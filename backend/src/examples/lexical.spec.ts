import { lexicalNearest } from './lexical';

describe('lexicalNearest', () => {
  const TEXTS = [
    'Write the introduction about budget laptops battery.',
    'Write the introduction about coffee espresso grind.',
    'Write the introduction about winter cycling gloves.',
    'Write the introduction about gaming laptops screens.',
  ];

  it('should choose the texts sharing the most telling words with the message, nearest first', () => {
    expect(lexicalNearest('Write the introduction about laptops with a long battery life.', TEXTS, 2)).toEqual([0, 3]);
  });

  it('should weigh a word every text has as nothing: only the rarer words decide', () => {
    // "write", "the", "introduction" and "about" are in every text; "espresso" in one.
    expect(lexicalNearest('Write the introduction about espresso.', TEXTS, 1)).toEqual([1]);
  });

  it("should read words in any script and any case, and ignore the message's words no text has", () => {
    expect(lexicalNearest('CYCLING in the Ålps, unheard-of words', TEXTS, 1)).toEqual([2]);
    expect(lexicalNearest('über', ['Kaffee und Kuchen', 'ÜBER alles'], 1)).toEqual([1]);
  });

  it('should keep the set order between texts as near as each other, as embeddings do', () => {
    expect(lexicalNearest('nothing in common', TEXTS, 3)).toEqual([0, 1, 2]);
  });

  it('should answer none for no count or no texts, and every text when asked for more', () => {
    expect(lexicalNearest('laptops', TEXTS, 0)).toEqual([]);
    expect(lexicalNearest('laptops', [], 3)).toEqual([]);
    expect(lexicalNearest('laptops', TEXTS, 10)).toHaveLength(4);
  });
});
