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

export interface ScoredOutput {
  label: string;
  similarity: number | null;
  rougeL: number;
  promptTokens: number;
  completionTokens: number;
  /** Null when the model's price is unknown. */
  costUsd: number | null;
}

export interface JudgedItem {
  pair: [string, string];
  winner: string | null;
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

const mean = (values: number[]) => (values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length);

/** Per variant: mean scores, what it spent, and how people judged it. */
export function summarize(labels: string[], outputs: ScoredOutput[], items: JudgedItem[]): VariantSummary[] {
  return labels.map((label) => {
    const own = outputs.filter((o) => o.label === label);
    const scored = own.filter((o) => o.similarity !== null);
    const judged = items.filter((item) => item.winner !== null && item.pair.includes(label));
    const wins = judged.filter((item) => item.winner === label).length;
    const ties = judged.filter((item) => item.winner === TIE).length;
    const losses = judged.length - wins - ties;
    const interval = judged.length > 0 ? wilson(wins + ties / 2, judged.length) : null;
    return {
      label,
      outputs: own.length,
      meanSimilarity: mean(scored.map((o) => o.similarity!)),
      meanRougeL: mean(own.map((o) => o.rougeL)),
      promptTokens: own.reduce((sum, o) => sum + o.promptTokens, 0),
      completionTokens: own.reduce((sum, o) => sum + o.completionTokens, 0),
      costUsd: own.some((o) => o.costUsd === null) ? null : own.reduce((sum, o) => sum + o.costUsd!, 0),
      judged: judged.length,
      wins,
      losses,
      ties,
      winRate: judged.length > 0 ? (wins + ties / 2) / judged.length : null,
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
