import { DEFAULT_PRICES } from '../../config/price-table';
import { spentUsd, totalOf } from './usage';

describe('spentUsd and totalOf', () => {
  const gpt4o = { model: 'gpt-4o', promptTokens: 1000, completionTokens: 500, cachedTokens: 0 };

  it("should price a section's tokens with its model's price", () => {
    expect(spentUsd(gpt4o, DEFAULT_PRICES)).toBeCloseTo((1000 * 2.5 + 500 * 10) / 1e6, 12);
    expect(spentUsd({ ...gpt4o, cachedTokens: 200 }, DEFAULT_PRICES)).toBeCloseTo((800 * 2.5 + 200 * 1.25 + 500 * 10) / 1e6, 12);
  });

  it('should price a section written through the Batch API at half, cached tokens included', () => {
    expect(spentUsd({ ...gpt4o, batch: true }, DEFAULT_PRICES)).toBeCloseTo(spentUsd(gpt4o, DEFAULT_PRICES)! / 2, 12);
    expect(spentUsd({ ...gpt4o, cachedTokens: 200, batch: true }, DEFAULT_PRICES)).toBeCloseTo((800 * 2.5 + 200 * 1.25 + 500 * 10) / 2e6, 12);
    expect(totalOf([gpt4o, { ...gpt4o, batch: true }], DEFAULT_PRICES).cost_usd).toBe(0.01125);
    expect(spentUsd({ ...gpt4o, model: 'gpt-4', batch: true }, DEFAULT_PRICES)).toBeNull();
  });

  it('should be null for an unknown model or a section written before the split was recorded', () => {
    expect(spentUsd({ ...gpt4o, model: 'gpt-4' }, DEFAULT_PRICES)).toBeNull();
    expect(spentUsd({ model: null, promptTokens: null, completionTokens: null, cachedTokens: null }, DEFAULT_PRICES)).toBeNull();
  });

  it('should sum tokens, and the cost only when every part is known, rounded to the millionth', () => {
    expect(totalOf([gpt4o, gpt4o], DEFAULT_PRICES)).toEqual({ prompt_tokens: 2000, completion_tokens: 1000, cost_usd: 0.015 });
    expect(totalOf([gpt4o, { ...gpt4o, model: 'gpt-4' }], DEFAULT_PRICES)).toEqual({ prompt_tokens: 2000, completion_tokens: 1000, cost_usd: null });
    expect(totalOf([], DEFAULT_PRICES)).toEqual({ prompt_tokens: 0, completion_tokens: 0, cost_usd: 0 });
  });
});
