import type { PriceTable } from '../config/price-table';
import { CONNECTION_VENDORS } from '../connections/connection-vendors';
import type { WritingVendor } from '../connections/connections.schema';
import { roundUsd } from '../integrations/openai/prices';
import { spentUsd } from '../integrations/openai/usage';
import type { ModelTokens } from './history.repository';

interface Spent {
  prompt_tokens: number;
  completion_tokens: number;
  cost_usd: number | null;
}

/** The vendor as Home names it. */
export function vendorLabel(vendor: WritingVendor): string {
  return vendor === 'openai' ? 'OpenAI' : CONNECTION_VENDORS[vendor].label;
}

/**
 * Home's spend by model (each model of each vendor one row: a model written both at once and in
 * bulk costs each part at its price) and by vendor, most expensive first (an unknown cost last).
 * A cost is null when any of its parts' price is unknown, never a partial sum.
 */
export function spendBreakdown(
  parts: ModelTokens[],
  prices: PriceTable,
): { by_model: (Spent & { model: string | null; vendor: string })[]; by_vendor: (Spent & { vendor: string })[] } {
  const models = new Map<string, Spent & { model: string | null; vendor: string }>();
  for (const part of parts) {
    const vendor = vendorLabel(part.vendor);
    const key = `${part.model}|${vendor}`;
    const sum = models.get(key) ?? { model: part.model, vendor, prompt_tokens: 0, completion_tokens: 0, cost_usd: 0 };
    add(sum, { prompt_tokens: part.promptTokens, completion_tokens: part.completionTokens, cost_usd: spentUsd(part, prices) });
    models.set(key, sum);
  }
  const by_model = [...models.values()]
    .map((m) => ({ ...m, cost_usd: m.cost_usd === null ? null : roundUsd(m.cost_usd) }))
    .sort((a, b) => byCost(a, b) || String(a.model).localeCompare(String(b.model)) || a.vendor.localeCompare(b.vendor));
  const vendors = new Map<string, Spent & { vendor: string }>();
  for (const m of by_model) {
    const sum = vendors.get(m.vendor) ?? { vendor: m.vendor, prompt_tokens: 0, completion_tokens: 0, cost_usd: 0 };
    add(sum, m);
    vendors.set(m.vendor, sum);
  }
  const by_vendor = [...vendors.values()]
    .map((v) => ({ ...v, cost_usd: v.cost_usd === null ? null : roundUsd(v.cost_usd) }))
    .sort((a, b) => byCost(a, b) || a.vendor.localeCompare(b.vendor));
  return { by_model, by_vendor };
}

function add(sum: Spent, part: Spent): void {
  sum.prompt_tokens += part.prompt_tokens;
  sum.completion_tokens += part.completion_tokens;
  sum.cost_usd = sum.cost_usd === null || part.cost_usd === null ? null : sum.cost_usd + part.cost_usd;
}

const byCost = (a: { cost_usd: number | null }, b: { cost_usd: number | null }) => (b.cost_usd ?? -1) - (a.cost_usd ?? -1);
