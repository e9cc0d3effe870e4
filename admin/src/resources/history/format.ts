/**
 * Figures as the API gives them, written for people: every digit the API answers is shown (a cost
 * is rounded to the millionth of a dollar by the server, and shown to the millionth here), so the
 * screens and the API show the same numbers.
 */
const COUNT = new Intl.NumberFormat('en-US');
const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 6 });

export const formatCount = (n: number) => COUNT.format(n);

/** Dollars, or `unknown` (the screen's "price unknown") when the API answers null. */
export const formatUsd = (usd: number | null | undefined, unknown: string) => (usd === null || usd === undefined ? unknown : USD.format(usd));

/** A duration: "850 ms", "12.4 s", "3 min 5 s". */
export function formatDuration(ms: number | null | undefined, none: string): string {
  if (ms === null || ms === undefined) return none;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}
