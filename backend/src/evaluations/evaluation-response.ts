import type { PriceTable } from '../config/price-table';
import { costOf, priceOf, roundUsd, TokenUsage } from '../integrations/openai/prices';
import { sum, summarize, verdictOf } from './evaluation-plan';
import { EvaluationItemResponse, EvaluationListResponse, EvaluationOutputResponse, EvaluationResponse } from './evaluations.dto';
import { EvaluationScores } from './evaluations.repository';
import { EvaluationItemRow, EvaluationOutputRow, EvaluationRow } from './evaluations.schema';

const costAt = (usage: TokenUsage & { model: string }, prices: PriceTable) => costOf(usage, priceOf(usage.model, prices));
const round = (usd: number | null) => (usd === null ? null : roundUsd(usd));

/**
 * An evaluation as the list answers it, and the part of its page that is not its items: progress,
 * each setup's summary with its win rate, the verdict and what it spent, from its scores alone.
 */
export function toEvaluationListResponse(row: EvaluationRow, scores: EvaluationScores, prices: PriceTable): EvaluationListResponse {
  const totals = scores.outputs.map((t) => ({ ...t, costUsd: costAt(t, prices) }));
  const labels = row.variants.map((v) => v.label);
  const summaries = summarize(labels, totals, scores.judgments);
  const items = sum(scores.judgments, (j) => j.items);
  const judgments = sum(scores.judgments, (j) => (j.winner === null ? 0 : j.items));
  const done = sum(totals, (t) => t.outputs);
  const total = totals.some((t) => t.costUsd === null) ? null : sum(totals, (t) => t.costUsd!);
  return {
    _id: row.id,
    status: row.status,
    message: row.message,
    modelId: row.modelId,
    model_name: row.modelName,
    holdout: row.holdout,
    variants: row.variants.map((v) => ({ label: v.label, model: v.model, model_name: v.modelName, examples_count: v.examplesCount })),
    progress: { done, total: items * labels.length },
    summary: summaries.map((s) => ({
      label: s.label,
      outputs: s.outputs,
      mean_similarity: s.meanSimilarity,
      mean_rouge_l: s.meanRougeL,
      prompt_tokens: s.promptTokens,
      completion_tokens: s.completionTokens,
      cost_usd: round(s.costUsd),
      judged: s.judged,
      wins: s.wins,
      losses: s.losses,
      ties: s.ties,
      win_rate: s.winRate,
      win_rate_low: s.winRateLow,
      win_rate_high: s.winRateHigh,
    })),
    judgments,
    verdict: verdictOf(summaries, judgments),
    cost_usd: round(total),
    created_at: row.createdAt,
    started_at: row.startedAt,
    completed_at: row.completedAt,
  };
}

/** An evaluation as its page reads it: what the list answers, and its items with every variant's output (`outputs` are its items'). */
export function toEvaluationResponse(
  row: EvaluationRow,
  scores: EvaluationScores,
  items: EvaluationItemRow[],
  outputs: EvaluationOutputRow[],
  prices: PriceTable,
): EvaluationResponse {
  return {
    ...toEvaluationListResponse(row, scores, prices),
    items: items.map((item): EvaluationItemResponse => ({
      _id: item.id,
      position: item.position,
      example_uuid: item.exampleUuid,
      system: item.system,
      prompt: item.prompt,
      original: item.original,
      outputs: Object.fromEntries(
        outputs
          .filter((o) => o.itemId === item.id)
          .map((o): [string, EvaluationOutputResponse] => [
            o.label,
            {
              text: o.text,
              model: o.model,
              similarity: o.similarity,
              rouge_l: o.rougeL,
              tokens: o.promptTokens + o.completionTokens,
              prompt_tokens: o.promptTokens,
              completion_tokens: o.completionTokens,
              cost_usd: round(costAt(o, prices)),
              examples: o.examples,
            },
          ]),
      ),
      pair: item.pair,
      winner: item.winner,
    })),
  };
}
