import { avoidInstruction, rewriteInstruction, usedWords, wordList } from './word-list';

describe('word-list', () => {
  describe('wordList', () => {
    it('should name negative biases as words to avoid and positive ones as words to prefer, ignoring 0', () => {
      expect(
        wordList([
          { words: ['delve', 'tapestry'], bias: -100 },
          { words: ['clear'], bias: 20 },
          { words: ['neutral'], bias: 0 },
          { words: ['delve'], bias: -5 },
        ]),
      ).toEqual({ avoid: ['delve', 'tapestry'], prefer: ['clear'] });
    });

    it('should give nothing when no word has a bias', () => {
      expect(wordList([{ words: ['neutral'], bias: 0 }])).toBeNull();
    });
  });

  describe('usedWords', () => {
    it('should find whole words in any case, and never a word inside a longer one', () => {
      expect(usedWords('We Delve into it; a TAPESTRY of ideas.', ['delve', 'tapestry', 'idea'])).toEqual(['delve', 'tapestry']);
      expect(usedWords('Delved, tapestries and undelve', ['delve', 'tapestry'])).toEqual([]);
      expect(usedWords('Élan vital', ['élan'])).toEqual(['élan']);
      expect(usedWords('a (c++) habit', ['c++'])).toEqual(['c++']);
    });

    it('should find phrases as written', () => {
      expect(usedWords('In today’s fast-paced world, be brief.', ['fast-paced world', 'world'])).toEqual(['fast-paced world', 'world']);
    });
  });

  it('should write the instructions a model reads, naming each word once', () => {
    expect(avoidInstruction({ avoid: ['delve', 'tapestry'], prefer: ['clear'] })).toBe(
      '\n\nAvoid these words: delve, tapestry.\nPrefer these words where they fit: clear.',
    );
    expect(avoidInstruction({ avoid: [], prefer: ['clear'] })).toBe('\n\nPrefer these words where they fit: clear.');
    expect(rewriteInstruction(['delve'])).toContain('Avoid these words: delve.');
  });
});
