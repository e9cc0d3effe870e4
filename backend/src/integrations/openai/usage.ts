import type { PriceTable } from '../../config/price-table';
import { BATCH_PRICE, costOf, priceOf, roundUsd } from './prices';

/** Tokens of one section, or of a sum of them, with the model that spent them (null: written before Quire recorded it). */
export interface SpentTokens {
  model: string | null;
  promptTokens: number | null;
  completionTokens: number | null;
  cachedTokens: number | null;
  /** Written through OpenAI's Batch API: at half the price. */
  batch?: boolean;
}

/**
 * The one computation of what tokens cost, used by every answer (a section, an entry, the usage
 * summary): the model's price × the tokens, unrounded (round at the answer with roundUsd). Null
 * when the price or the split of the tokens is unknown.
 */
export function spentUsd(spent: SpentTokens, prices: PriceTable): number | null {
  if (spent.model === null || spent.promptTokens === null || spent.completionTokens === null) return null;
  const usd = costOf(
    { promptTokens: spent.promptTokens, completionTokens: spent.completionTokens, cachedTokens: spent.cachedTokens ?? 0 },
    priceOf(spent.model, prices),
  );
  return usd === null || !spent.batch ? usd : usd * BATCH_PRICE;
}

/** Tokens and cost summed; the cost is null when any part's is unknown (never a partial sum shown as the total). */
export function totalOf(parts: SpentTokens[], prices: PriceTable): { prompt_tokens: number; completion_tokens: number; cost_usd: number | null } {
  let cost: number | null = 0;
  let prompt = 0;
  let completion = 0;
  for (const part of parts) {
    prompt += part.promptTokens ?? 0;
    completion += part.completionTokens ?? 0;
    const usd = spentUsd(part, prices);
    cost = cost === null || usd === null ? null : cost + usd;
  }
  return { prompt_tokens: prompt, completion_tokens: completion, cost_usd: cost === null ? null : roundUsd(cost) };
}
