import { createHash } from 'node:crypto';
import { JUDGMENTS_FOR_VERDICT, TIE } from '@quire/shared';
import { wilson } from '../examples/scores';

/**
 * The held-out examples: the `count` first of the set ordered by the SHA-256 of their uuids, so the
 * same set always holds out the same examples (and one added later joins at its place).
 */
export function holdoutOf<T extends { uuid: string }>(examples: T[], count: number): T[] {
  const keyed = examples.map((example) => ({ example, key: createHash('sha256').update(example.uuid).digest('hex') }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return keyed.slice(0, count).map((k) => k.example);
}

/**
 * The two variants judged on each item: every pair of variants in turn (so each pair is judged about
 * as often), each shown as A and B in a random order.
 */
export function pairsFor(labels: string[], items: number, random: () => number = Math.random): [string, string][] {
  const combinations: [string, string][] = [];
  for (let i = 0; i < labels.length; i++) for (let j = i + 1; j < labels.length; j++) combinations.push([labels[i], labels[j]]);
  return Array.from({ length: items }, (_, k) => {
    const [a, b] = combinations[k % combinations.length];
    return random() < 0.5 ? [a, b] : [b, a];
  });
}

/** A variant's outputs written with one model, summed: the similarity over the scored ones. */
export interface OutputTotals {
  label: string;
  outputs: number;
  scored: number;
  similaritySum: number;
  rougeLSum: number;
  promptTokens: number;
  completionTokens: number;
}

/** What they cost: null when the model's price is unknown. */
export type PricedTotals = OutputTotals & { costUsd: number | null };

/** How many items have this pair and this judgment (null: not judged yet). */
export interface PairJudgments {
  pair: [string, string];
  winner: string | null;
  items: number;
}

export interface VariantSummary {
  label: string;
  outputs: number;
  meanSimilarity: number | null;
  meanRougeL: number | null;
  promptTokens: number;
  completionTokens: number;
  costUsd: number | null;
  /** Judged pairs it was in, and how they went. */
  judged: number;
  wins: number;
  losses: number;
  ties: number;
  /** (wins + ties / 2) / judged, with its 95 % Wilson interval; null before it is judged. */
  winRate: number | null;
  winRateLow: number | null;
  winRateHigh: number | null;
}

/** `value` summed over `rows`. */
export const sum = <T>(rows: T[], value: (row: T) => number) => rows.reduce((total, row) => total + value(row), 0);

/** Per variant: mean scores, what it spent, and how people judged it. */
export function summarize(labels: string[], totals: PricedTotals[], judgments: PairJudgments[]): VariantSummary[] {
  return labels.map((label) => {
    const own = totals.filter((t) => t.label === label);
    const outputs = sum(own, (t) => t.outputs);
    const scored = sum(own, (t) => t.scored);
    const judged = judgments.filter((j) => j.winner !== null && j.pair.includes(label));
    const count = sum(judged, (j) => j.items);
    const wins = sum(
      judged.filter((j) => j.winner === label),
      (j) => j.items,
    );
    const ties = sum(
      judged.filter((j) => j.winner === TIE),
      (j) => j.items,
    );
    const interval = count > 0 ? wilson(wins + ties / 2, count) : null;
    return {
      label,
      outputs,
      meanSimilarity: scored > 0 ? sum(own, (t) => t.similaritySum) / scored : null,
      meanRougeL: outputs > 0 ? sum(own, (t) => t.rougeLSum) / outputs : null,
      promptTokens: sum(own, (t) => t.promptTokens),
      completionTokens: sum(own, (t) => t.completionTokens),
      costUsd: own.some((t) => t.costUsd === null) ? null : sum(own, (t) => t.costUsd!),
      judged: count,
      wins,
      losses: count - wins - ties,
      ties,
      winRate: count > 0 ? (wins + ties / 2) / count : null,
      winRateLow: interval?.low ?? null,
      winRateHigh: interval?.high ?? null,
    };
  });
}

export interface Verdict {
  /** Whether there were judgments enough to say (JUDGMENTS_FOR_VERDICT). */
  decided: boolean;
  /** The variant that writes better; null when the difference is within the noise, or before it is decided. */
  better: string | null;
  text: string;
}

const percent = (value: number) => `${Math.round(value * 100)} %`;

/**
 * With JUDGMENTS_FOR_VERDICT judgments or more: the variant whose win rate is surely over one half
 * (its 95 % interval above 50 %), the best such one, writes better; else the difference is within
 * the noise. With fewer, how many more it takes.
 */
export function verdictOf(summaries: VariantSummary[], judgments: number): Verdict {
  if (judgments < JUDGMENTS_FOR_VERDICT) {
    const more = JUDGMENTS_FOR_VERDICT - judgments;
    return { decided: false, better: null, text: `Judge ${more} more pair${more === 1 ? '' : 's'} for a verdict (${judgments} of ${JUDGMENTS_FOR_VERDICT}).` };
  }
  const better = summaries
    .filter((s) => s.winRateLow !== null && s.winRateLow > 0.5)
    .sort((a, b) => b.winRate! - a.winRate! || a.label.localeCompare(b.label))[0];
  if (!better)
    return {
      decided: true,
      better: null,
      text: `The difference between the variants is within the noise after ${judgments} judgments: judge more pairs to tell them apart, or take the cheaper one.`,
    };
  return {
    decided: true,
    better: better.label,
    text: `${better.label} writes better: it wins ${percent(better.winRate!)} of its ${better.judged} judged pairs (95 % interval ${percent(better.winRateLow!)}–${percent(better.winRateHigh!)}).`,
  };
}
