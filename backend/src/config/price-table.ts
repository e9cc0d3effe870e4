/**
 * What OpenAI (and Anthropic) charge, in US dollars per million tokens: the table Quire ships and the reader of
 * OPENAI_PRICES_FILE, which replaces it. Part of the settings (AppConfig.openAiPrices, checked at
 * start-up); the computation of a cost from it is integrations/openai/prices.ts.
 *
 * Source: OpenAI's pricing page (developers.openai.com/api/docs/pricing, "Standard" tier and the
 * fine-tuning table), as quoted by pages that read it, read on PRICES_READ_ON; it could not be
 * opened from the machine this was written on. A price two quotes disagree on, or that no quote
 * gives, is left out (unknown), never guessed: a model without a price costs `null`. The models
 * OpenAI has shut down (gpt-4, gpt-4-32k, gpt-3.5-turbo, gpt-3.5-turbo-16k) are no longer on the
 * page and have none. OPENAI_PRICES_FILE replaces the whole table (see parsePriceTable).
 */
export const PRICES_READ_ON = '2026-11-23';

/** Dollars per million tokens. `cachedInput` null: unknown (a cost with cached tokens is then unknown too). */
export interface TokenPrice {
  input: number;
  cachedInput: number | null;
  output: number;
}

export interface PriceTable {
  /** yyyy-MM-dd: when the prices were read. */
  readOn: string;
  /** Inference prices of base models, by alias (snapshots of the catalogue's models share them). */
  models: Record<string, TokenPrice>;
  /** Inference prices of models fine-tuned from a snapshot (`ft:<snapshot>:…`), by that snapshot. */
  fineTuned: Record<string, TokenPrice>;
  /** Training prices of fine-tuning, dollars per million trained tokens, by snapshot. */
  training: Record<string, number>;
}

export const DEFAULT_PRICES: PriceTable = {
  readOn: PRICES_READ_ON,
  models: {
    'gpt-4o': { input: 2.5, cachedInput: 1.25, output: 10 },
    'gpt-4o-mini': { input: 0.15, cachedInput: 0.075, output: 0.6 },
    'gpt-4.1': { input: 2, cachedInput: 0.5, output: 8 },
    'gpt-4.1-mini': { input: 0.4, cachedInput: 0.1, output: 1.6 },
    'gpt-4.1-nano': { input: 0.1, cachedInput: 0.025, output: 0.4 },
    'gpt-5': { input: 1.25, cachedInput: 0.125, output: 10 },
    'gpt-5-mini': { input: 0.25, cachedInput: 0.025, output: 2 },
    'gpt-5-nano': { input: 0.05, cachedInput: 0.005, output: 0.4 },
    o1: { input: 15, cachedInput: 7.5, output: 60 },
    'o4-mini': { input: 1.1, cachedInput: 0.275, output: 4.4 },
    // o3 and o3-mini: the quotes disagree (o3's cached input, o3-mini's every price), so they are unknown.
    // Anthropic's, from its pricing page (platform.claude.com/docs/about-claude/pricing, "Model pricing";
    // cachedInput is its "Cache Hits & Refreshes"), by the ids its listing names and their aliases.
    'claude-opus-4-6': { input: 5, cachedInput: 0.5, output: 25 },
    'claude-opus-4-5': { input: 5, cachedInput: 0.5, output: 25 },
    'claude-opus-4-5-20251101': { input: 5, cachedInput: 0.5, output: 25 },
    'claude-sonnet-4-6': { input: 3, cachedInput: 0.3, output: 15 },
    'claude-sonnet-4-5': { input: 3, cachedInput: 0.3, output: 15 },
    'claude-sonnet-4-5-20250929': { input: 3, cachedInput: 0.3, output: 15 },
    'claude-haiku-4-5': { input: 1, cachedInput: 0.1, output: 5 },
    'claude-haiku-4-5-20251001': { input: 1, cachedInput: 0.1, output: 5 },
  },
  fineTuned: {
    'gpt-4o-2024-08-06': { input: 3.75, cachedInput: 1.875, output: 15 },
    'gpt-4o-mini-2024-07-18': { input: 0.3, cachedInput: 0.15, output: 1.2 },
    'gpt-4.1-2025-04-14': { input: 3, cachedInput: 0.75, output: 12 },
    'gpt-4.1-mini-2025-04-14': { input: 0.8, cachedInput: 0.2, output: 3.2 },
  },
  training: {
    'gpt-4o-2024-08-06': 25,
    'gpt-4o-mini-2024-07-18': 3,
  },
};

const isPrice = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;

function tokenPrice(value: unknown, where: string): TokenPrice {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error(`${where} must be an object {input, cachedInput, output}`);
  const v = value as Record<string, unknown>;
  const unknown = Object.keys(v).filter((key) => !['input', 'cachedInput', 'output'].includes(key));
  if (unknown.length > 0) throw new Error(`${where} has an unknown field "${unknown[0]}" (expected input, cachedInput, output)`);
  if (!isPrice(v.input)) throw new Error(`${where}.input must be a number of dollars per million tokens, at least 0`);
  if (!isPrice(v.output)) throw new Error(`${where}.output must be a number of dollars per million tokens, at least 0`);
  if (v.cachedInput !== undefined && v.cachedInput !== null && !isPrice(v.cachedInput))
    throw new Error(`${where}.cachedInput must be a number of dollars per million tokens, at least 0, or null`);
  return { input: v.input, cachedInput: (v.cachedInput as number | null | undefined) ?? null, output: v.output };
}

function record<T>(value: unknown, where: string, each: (item: unknown, where: string) => T): Record<string, T> {
  if (value === undefined) return {};
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error(`${where} must be an object keyed by model`);
  const out: Record<string, T> = {};
  for (const [key, item] of Object.entries(value)) out[key] = each(item, `${where}.${key}`);
  return out;
}

/**
 * Reads an OPENAI_PRICES_FILE's text: `{readOn: "yyyy-MM-dd", models: {alias: {input, cachedInput?,
 * output}}, fineTuned?: {snapshot: {…}}, training?: {snapshot: number}}`, dollars per million
 * tokens. Throws an Error saying what is wrong (the caller names the variable).
 */
export function parsePriceTable(text: string): PriceTable {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`is not JSON (${(error as Error).message})`);
  }
  if (!json || typeof json !== 'object' || Array.isArray(json)) throw new Error('must hold a JSON object {readOn, models, fineTuned?, training?}');
  const j = json as Record<string, unknown>;
  const unknown = Object.keys(j).filter((key) => !['readOn', 'models', 'fineTuned', 'training'].includes(key));
  if (unknown.length > 0) throw new Error(`has an unknown field "${unknown[0]}" (expected readOn, models, fineTuned, training)`);
  if (typeof j.readOn !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(j.readOn)) throw new Error('readOn must be the date the prices were read, yyyy-MM-dd');
  if (j.models === undefined) throw new Error('models is required');
  return {
    readOn: j.readOn,
    models: record(j.models, 'models', tokenPrice),
    fineTuned: record(j.fineTuned, 'fineTuned', tokenPrice),
    training: record(j.training, 'training', (item, where) => {
      if (!isPrice(item)) throw new Error(`${where} must be a number of dollars per million trained tokens, at least 0`);
      return item;
    }),
  };
}
