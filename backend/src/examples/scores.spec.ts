import fc from 'fast-check';
import { cosine, fromBytes, nearest, toBytes, unit } from './nearest';
import { rougeL, wilson, words } from './scores';

describe('nearest', () => {
  it('should pick the vectors nearest in meaning, the earlier on a tie, at most count', () => {
    const vectors = [
      [1, 0, 0],
      [0, 1, 0],
      [0.9, 0.1, 0],
      [1, 0, 0],
      [0, 0, 1],
    ].map(unit);
    expect(nearest([1, 0, 0], vectors, 3)).toEqual([0, 3, 2]);
    expect(nearest([0, 0, 5], vectors, 1)).toEqual([4]);
    expect(nearest([1, 0, 0], vectors, 0)).toEqual([]);
    expect(nearest([1, 0, 0], vectors, 10)).toHaveLength(5);
    expect(nearest([1, 0, 0], [], 3)).toEqual([]);
  });

  it('should rank unit vectors by cosine similarity, whatever the query’s length', () => {
    expect(nearest([2, 0], [unit([0, 5]), unit([10, 1])], 1)).toEqual([1]);
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.integer({ min: -5, max: 5 }), { minLength: 3, maxLength: 3 }), { minLength: 1, maxLength: 30 }),
        fc.array(fc.integer({ min: -5, max: 5 }), { minLength: 3, maxLength: 3 }),
        fc.integer({ min: 1, max: 8 }),
        (raw, query, count) => {
          const vectors = raw.map(unit);
          // The same as sorting every score (ties by index), done the slow way.
          const scores = vectors.map((v, index) => ({ index, score: cosine(unit(query), v) }));
          const expected = scores
            .sort((a, b) => b.score - a.score || a.index - b.index)
            .slice(0, count)
            .map((s) => s.score);
          const got = nearest(query, vectors, count).map((i) => scores.find((s) => s.index === i)!.score);
          expect(got).toHaveLength(expected.length);
          got.forEach((score, i) => expect(score).toBeCloseTo(expected[i], 5));
        },
      ),
    );
    expect(cosine([3, 4], [6, 8])).toBeCloseTo(1);
    expect(cosine([1, 0], [0, 1])).toBe(0);
    expect(cosine([0, 0], [1, 1])).toBe(0);
  });

  it('should keep vectors as float32 bytes and read them back', () => {
    const vector = [0.5, -0.25, 1e-3, 0];
    expect(Array.from(fromBytes(toBytes(vector)))).toEqual(Array.from(Float32Array.from(vector)));
  });
});

describe('rougeL', () => {
  it('should score the longest common word subsequence as an F1 in [0, 1]', () => {
    expect(rougeL('the cat sat on the mat', 'the cat sat on the mat')).toBe(1);
    // Reference 6 words, candidate 4, common subsequence "the cat the mat" (4): P = 1, R = 4/6.
    expect(rougeL('the cat the mat', 'the cat sat on the mat')).toBeCloseTo((2 * 1 * (4 / 6)) / (1 + 4 / 6));
    expect(rougeL('Nothing alike here', 'entirely different words')).toBe(0);
    expect(rougeL('', '')).toBe(1);
    expect(rougeL('', 'some words')).toBe(0);
  });

  it('should ignore case and punctuation, and take any script', () => {
    expect(words('Hello, WORLD! Ça va? 42')).toEqual(['hello', 'world', 'ça', 'va', '42']);
    expect(rougeL('Hello, world!', 'hello world')).toBe(1);
  });
});

describe('wilson', () => {
  it('should give the 95 % interval of a proportion', () => {
    const { low, high } = wilson(15, 20);
    expect(low).toBeCloseTo(0.531, 2);
    expect(high).toBeCloseTo(0.888, 2);
    expect(wilson(10, 20).low).toBeLessThan(0.5);
    expect(wilson(0, 0)).toEqual({ low: 0, high: 1 });
    expect(wilson(20, 20).high).toBe(1);
  });
});
