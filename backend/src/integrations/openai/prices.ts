import { modelFacts } from './model-catalogue';
import type { PriceTable, TokenPrice } from '../../config/price-table';

/**
 * The one computation of a cost from the tokens the API reports, at the prices of the settings'
 * table (config/price-table.ts). Pure functions.
 */

/** Tokens of one request as the API's `usage` reports them; `cachedTokens` are part of `promptTokens`. */
export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
  cachedTokens: number;
}

/** The price of a model, one of its snapshots, or a model fine-tuned from a snapshot; null when unknown. */
export function priceOf(model: string, table: PriceTable): TokenPrice | null {
  if (model.startsWith('ft:')) return table.fineTuned[model.split(':')[1] ?? ''] ?? null;
  return table.models[model] ?? table.models[modelFacts(model)?.id ?? ''] ?? null;
}

/** Cost is reported to the millionth of a dollar. */
export function roundUsd(usd: number): number {
  return Math.round(usd * 1e6) / 1e6;
}

/**
 * Tokens × prices: uncached prompt tokens at the input price, cached ones at the cached price,
 * completion tokens at the output price. Null (never 0) when the price is unknown. Unrounded, so
 * sums of costs stay exact; answers round with roundUsd.
 */
export function costOf(usage: TokenUsage, price: TokenPrice | null): number | null {
  if (!price) return null;
  if (usage.cachedTokens > 0 && price.cachedInput === null) return null;
  const cached = usage.cachedTokens > 0 ? usage.cachedTokens * price.cachedInput! : 0;
  return ((usage.promptTokens - usage.cachedTokens) * price.input + cached + usage.completionTokens * price.output) / 1e6;
}

/** Trained tokens × the snapshot's training price; null when unknown. */
export function trainingCostOf(trainedTokens: number, snapshot: string, table: PriceTable): number | null {
  const price = table.training[snapshot];
  return price === undefined ? null : (trainedTokens * price) / 1e6;
}

/** OpenAI's Batch API costs half the synchronous price, input and output alike. */
export const BATCH_PRICE = 0.5;
