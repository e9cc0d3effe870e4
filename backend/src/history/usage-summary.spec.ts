import { DEFAULT_PRICES } from '../config/price-table';
import type { ModelTokens } from './history.repository';
import { spendBreakdown, vendorLabel } from './usage-summary';

const part = (over: Partial<ModelTokens>): ModelTokens => ({
  model: 'gpt-4o',
  vendor: 'openai',
  promptTokens: 1_000_000,
  completionTokens: 0,
  cachedTokens: 0,
  batch: false,
  ...over,
});

describe('spendBreakdown', () => {
  it('should make one row of a model written at once and in bulk, each part at its price', () => {
    const { by_model } = spendBreakdown([part({}), part({ batch: true })], DEFAULT_PRICES);
    expect(by_model).toEqual([{ model: 'gpt-4o', vendor: 'OpenAI', prompt_tokens: 2_000_000, completion_tokens: 0, cost_usd: 3.75 }]);
  });

  it('should keep apart one model name served by two vendors, and sum each vendor', () => {
    const { by_model, by_vendor } = spendBreakdown(
      [part({}), part({ vendor: 'openai-compatible' }), part({ model: 'claude-sonnet-4-6', vendor: 'anthropic' })],
      DEFAULT_PRICES,
    );
    expect(by_model.map((m) => [m.model, m.vendor, m.cost_usd])).toEqual([
      ['claude-sonnet-4-6', 'Anthropic', 3],
      ['gpt-4o', 'OpenAI', 2.5],
      ['gpt-4o', 'OpenAI-compatible', 2.5],
    ]);
    expect(by_vendor.map((v) => [v.vendor, v.cost_usd])).toEqual([
      ['Anthropic', 3],
      ['OpenAI', 2.5],
      ['OpenAI-compatible', 2.5],
    ]);
  });

  it("should answer a vendor's cost unknown, and last, when one of its models has no known price", () => {
    const { by_vendor } = spendBreakdown(
      [part({}), part({ model: 'llama-3.3-70b', vendor: 'openai' }), part({ model: 'claude-haiku-4-5', vendor: 'anthropic' })],
      DEFAULT_PRICES,
    );
    expect(by_vendor.map((v) => [v.vendor, v.cost_usd])).toEqual([
      ['Anthropic', 1],
      ['OpenAI', null],
    ]);
  });
});

describe('vendorLabel', () => {
  it("should name OpenAI and each provider's vendor as Home shows them", () => {
    expect(['openai', 'anthropic', 'gemini', 'openai-compatible'].map((v) => vendorLabel(v as ModelTokens['vendor']))).toEqual([
      'OpenAI',
      'Anthropic',
      'Google Gemini',
      'OpenAI-compatible',
    ]);
  });
});
