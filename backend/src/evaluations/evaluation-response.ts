import type { PriceTable } from '../config/price-table';
import { costOf, priceOf, roundUsd } from '../integrations/openai/prices';
import { ScoredOutput, summarize, verdictOf } from './evaluation-plan';
import { EvaluationItemResponse, EvaluationListResponse, EvaluationOutputResponse, EvaluationResponse } from './evaluations.dto';
import type { JudgedItemRow, ScoredOutputRow } from './evaluations.repository';
import { EvaluationItemRow, EvaluationOutputRow, EvaluationRow } from './evaluations.schema';

/** The evaluation's own items of `allItems`, and their outputs of `allOutputs`. */
function ownOf<I extends JudgedItemRow, O extends ScoredOutputRow>(row: EvaluationRow, allItems: I[], allOutputs: O[]): { items: I[]; outputs: O[] } {
  const items = allItems.filter((item) => item.evaluationId === row.id);
  const ids = new Set(items.map((item) => item.id));
  return { items, outputs: allOutputs.filter((o) => ids.has(o.itemId)) };
}

const round = (usd: number | null) => (usd === null ? null : roundUsd(usd));

/**
 * An evaluation as its list answers it: each setup's summary with its win rate, the verdict, its
 * progress and cost — what its items' judgments and outputs' scores and tokens give, not their texts.
 */
export function toEvaluationListResponse(
  row: EvaluationRow,
  allItems: JudgedItemRow[],
  allOutputs: ScoredOutputRow[],
  prices: PriceTable,
): EvaluationListResponse {
  const { items, outputs } = ownOf(row, allItems, allOutputs);
  const scored: ScoredOutput[] = outputs.map((o) => ({ ...o, costUsd: costOf(o, priceOf(o.model, prices)) }));
  const labels = row.variants.map((v) => v.label);
  const summaries = summarize(labels, scored, items);
  const judgments = items.filter((item) => item.winner !== null).length;
  const total = scored.some((o) => o.costUsd === null) ? null : scored.reduce((sum, o) => sum + o.costUsd!, 0);
  return {
    _id: row.id,
    status: row.status,
    message: row.message,
    modelId: row.modelId,
    model_name: row.modelName,
    holdout: row.holdout,
    variants: row.variants.map((v) => ({ label: v.label, model: v.model, model_name: v.modelName, examples_count: v.examplesCount })),
    progress: { done: outputs.length, total: items.length * labels.length },
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

/** An evaluation as its page reads it: as its list answers it, with its items and every variant's output. */
export function toEvaluationResponse(
  row: EvaluationRow,
  allItems: EvaluationItemRow[],
  allOutputs: EvaluationOutputRow[],
  prices: PriceTable,
): EvaluationResponse {
  const { items, outputs } = ownOf(row, allItems, allOutputs);
  const costOfOutput = (o: EvaluationOutputRow) => costOf(o, priceOf(o.model, prices));
  return {
    ...toEvaluationListResponse(row, items, outputs, prices),
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
              cost_usd: round(costOfOutput(o)),
              examples: o.examples,
            },
          ]),
      ),
      pair: item.pair,
      winner: item.winner,
    })),
  };
}
