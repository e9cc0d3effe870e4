import fc from 'fast-check';
import { holdoutOf, pairsFor, summarize, verdictOf } from './evaluation-plan';

describe('holdoutOf', () => {
  const set = Array.from({ length: 30 }, (_, i) => ({ uuid: `example-${i}` }));

  it('should hold out the same examples whatever the set’s order', () => {
    const shuffled = [...set].reverse();
    expect(holdoutOf(shuffled, 5)).toEqual(holdoutOf(set, 5));
    expect(holdoutOf(set, 5)).toHaveLength(5);
  });

  it('should keep the examples held out before when one is added (unless it sorts first)', () => {
    const before = holdoutOf(set, 5).map((e) => e.uuid);
    const after = holdoutOf([...set, { uuid: 'example-new' }], 6).map((e) => e.uuid);
    expect(after.filter((uuid) => uuid !== 'example-new').slice(0, 5)).toEqual(before);
  });
});

describe('pairsFor', () => {
  it('should judge every pair of variants about as often, each in both orders', () => {
    const pairs = pairsFor(['A', 'B', 'C'], 30, () => 0.7);
    const counts = new Map<string, number>();
    for (const pair of pairs) counts.set([...pair].sort().join(), (counts.get([...pair].sort().join()) ?? 0) + 1);
    expect([...counts.values()]).toEqual([10, 10, 10]);
    expect(pairsFor(['A', 'B'], 2, () => 0.2)).toEqual([
      ['A', 'B'],
      ['A', 'B'],
    ]);
    expect(pairsFor(['A', 'B'], 1, () => 0.9)).toEqual([['B', 'A']]);
  });

  it('should pair two different variants of the evaluation on every item', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 4 }), fc.integer({ min: 1, max: 50 }), (n, items) => {
        const labels = Array.from({ length: n }, (_, i) => `v${i}`);
        for (const [a, b] of pairsFor(labels, items)) {
          expect(a).not.toBe(b);
          expect(labels).toEqual(expect.arrayContaining([a, b]));
        }
      }),
    );
  });
});

describe('summarize and verdictOf', () => {
  /** One output's totals. */
  const output = (label: string, similarity: number | null, costUsd: number | null = 0.001) => ({
    label,
    outputs: 1,
    scored: similarity === null ? 0 : 1,
    similaritySum: similarity ?? 0,
    rougeLSum: 0.5,
    promptTokens: 10,
    completionTokens: 5,
    costUsd,
  });
  const judged = (winner: string | null, pair: [string, string] = ['A', 'B'], items = 1) => ({ pair, winner, items });

  it('should count wins, losses and ties per variant, a tie as half a win', () => {
    const [a, b] = summarize(['A', 'B'], [output('A', 0.9), output('A', null), output('B', 0.5)], [judged('A'), judged('tie'), judged('B'), judged(null)]);
    expect(a).toMatchObject({ outputs: 2, meanSimilarity: 0.9, judged: 3, wins: 1, losses: 1, ties: 1, winRate: 0.5 });
    expect(b).toMatchObject({ outputs: 1, meanSimilarity: 0.5, wins: 1, losses: 1, ties: 1 });
    expect(a.winRateLow!).toBeLessThan(0.5);
    expect(a.winRateHigh!).toBeGreaterThan(0.5);
    expect(a.costUsd).toBeCloseTo(0.002);
  });

  it('should sum a variant’s totals over the models it wrote with, and count each judgment as often as its items', () => {
    const [a, b] = summarize(
      ['A', 'B'],
      [{ ...output('A', 0.8), outputs: 3, scored: 2, similaritySum: 1.6, rougeLSum: 0.9 }, { ...output('A', 0.2), rougeLSum: 0.3 }, output('B', 0.5)],
      [judged('A', ['A', 'B'], 3), judged('B', ['B', 'A'], 1), judged(null, ['A', 'B'], 6)],
    );
    expect(a).toMatchObject({ outputs: 4, promptTokens: 20, judged: 4, wins: 3, losses: 1, ties: 0, winRate: 0.75 });
    expect(a.meanSimilarity).toBeCloseTo(0.6);
    expect(a.meanRougeL).toBeCloseTo(0.3);
    expect(b).toMatchObject({ outputs: 1, judged: 4, wins: 1, losses: 3 });
  });

  it('should leave the cost unknown when one output’s price is', () => {
    expect(summarize(['A'], [output('A', 1), output('A', 1, null)], [])[0].costUsd).toBeNull();
  });

  it('should give no verdict before 20 judgments, saying how many more it takes', () => {
    const items = Array.from({ length: 19 }, () => judged('A'));
    expect(verdictOf(summarize(['A', 'B'], [], items), 19)).toEqual({ decided: false, better: null, text: 'Judge 1 more pair for a verdict (19 of 20).' });
  });

  it('should name the better variant when its win rate is surely over a half', () => {
    const items = [...Array.from({ length: 17 }, () => judged('B')), ...Array.from({ length: 3 }, () => judged('A'))];
    const verdict = verdictOf(summarize(['A', 'B'], [], items), 20);
    expect(verdict).toMatchObject({ decided: true, better: 'B' });
    expect(verdict.text).toMatch(/^B writes better: it wins 85 % of its 20 judged pairs \(95 % interval \d+ %–\d+ %\)\.$/);
  });

  it('should call a close result noise', () => {
    const items = [...Array.from({ length: 11 }, () => judged('B')), ...Array.from({ length: 9 }, () => judged('A'))];
    const verdict = verdictOf(summarize(['A', 'B'], [], items), 20);
    expect(verdict).toMatchObject({ decided: true, better: null });
    expect(verdict.text).toContain('within the noise');
  });
});
