/**
 * How a written text compares with the original it should match (the evaluation's scores), and
 * how sure a win rate is.
 */

/** Lower-case words (letters and digits of any script), as ROUGE tokenises. */
export function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The length of the longest common subsequence of two word lists (two rows of the table at a time). */
function lcs(a: string[], b: string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  let previous = new Uint32Array(b.length + 1);
  let current = new Uint32Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) current[j] = a[i - 1] === b[j - 1] ? previous[j - 1] + 1 : Math.max(previous[j], current[j - 1]);
    [previous, current] = [current, previous];
  }
  return previous[b.length];
}

/** ROUGE-L F1 of a candidate against a reference, in [0, 1] (both empty: 1; one empty: 0). */
export function rougeL(candidate: string, reference: string): number {
  const c = words(candidate);
  const r = words(reference);
  if (c.length === 0 && r.length === 0) return 1;
  const common = lcs(c, r);
  if (common === 0) return 0;
  const precision = common / c.length;
  const recall = common / r.length;
  return (2 * precision * recall) / (precision + recall);
}

/** The Wilson score interval of `successes` in `trials` at 95 % (z = 1.96); [0, 1] with no trials. */
export function wilson(successes: number, trials: number, z = 1.96): { low: number; high: number } {
  if (trials === 0) return { low: 0, high: 1 };
  const p = successes / trials;
  const denominator = 1 + (z * z) / trials;
  const centre = (p + (z * z) / (2 * trials)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / trials + (z * z) / (4 * trials * trials))) / denominator;
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}
