import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../../config/config';
import { isChatModelId, modelFacts } from './model-catalogue';
import { DEFAULT_PRICES, parsePriceTable, PRICES_READ_ON } from '../../config/price-table';
import { costOf, priceOf, roundUsd, trainingCostOf } from './prices';

const usage = (promptTokens: number, completionTokens: number, cachedTokens = 0) => ({ promptTokens, completionTokens, cachedTokens });

describe('costOf', () => {
  it('should price uncached prompt tokens at the input price, cached ones at the cached price, completions at the output price', () => {
    const price = { input: 2.5, cachedInput: 1.25, output: 10 };
    expect(costOf(usage(1_000_000, 0), price)).toBe(2.5);
    expect(costOf(usage(0, 1_000_000), price)).toBe(10);
    expect(costOf(usage(1200, 300, 1024), price)).toBeCloseTo((176 * 2.5 + 1024 * 1.25 + 300 * 10) / 1e6, 12);
    expect(costOf(usage(0, 0), price)).toBe(0);
  });

  it('should be null, never 0, for an unknown price, or cached tokens without a cached price', () => {
    expect(costOf(usage(10, 10), null)).toBeNull();
    expect(costOf(usage(10, 10, 5), { input: 1, cachedInput: null, output: 1 })).toBeNull();
    expect(costOf(usage(10, 10, 0), { input: 1, cachedInput: null, output: 1 })).toBe(20 / 1e6);
  });

  it('should round answers to the millionth of a dollar', () => {
    expect(roundUsd(0.0000014999)).toBe(0.000001);
    expect(roundUsd(1.2345675)).toBeCloseTo(1.234568, 9);
  });
});

describe('priceOf', () => {
  it('should price a model by its alias, its snapshots, and fine-tuned models by their snapshot', () => {
    expect(priceOf('gpt-4o', DEFAULT_PRICES)).toEqual({ input: 2.5, cachedInput: 1.25, output: 10 });
    expect(priceOf('gpt-4o-2024-11-20', DEFAULT_PRICES)).toEqual(priceOf('gpt-4o', DEFAULT_PRICES));
    expect(priceOf('ft:gpt-4o-mini-2024-07-18:acme:blog:abc', DEFAULT_PRICES)).toEqual({ input: 0.3, cachedInput: 0.15, output: 1.2 });
    expect(priceOf('ft:gpt-4-0613:acme::x', DEFAULT_PRICES)).toBeNull();
    expect(priceOf('gpt-4', DEFAULT_PRICES)).toBeNull();
    expect(priceOf('davinci-002', DEFAULT_PRICES)).toBeNull();
  });

  it('should price chat models by the alias their snapshots are known under, with the date the prices were read', () => {
    expect(DEFAULT_PRICES.readOn).toBe(PRICES_READ_ON);
    for (const model of Object.keys(DEFAULT_PRICES.models).filter((id) => !id.startsWith('claude-'))) {
      expect(isChatModelId(model)).toBe(true);
      expect(modelFacts(model)?.id).toBe(model);
    }
  });

  it("should price Anthropic's models by the ids its listing names, cached prompt tokens at its cache-hit price", () => {
    const usage = { promptTokens: 1_000_000, completionTokens: 1_000_000, cachedTokens: 0 };
    expect(costOf(usage, priceOf('claude-sonnet-4-6', DEFAULT_PRICES))).toBe(18);
    expect(costOf({ ...usage, cachedTokens: 1_000_000 }, priceOf('claude-haiku-4-5-20251001', DEFAULT_PRICES))).toBeCloseTo(5.1, 6);
    expect(priceOf('claude-7-imaginary', DEFAULT_PRICES)).toBeNull();
  });

  it('should price training by trained tokens and the snapshot', () => {
    expect(trainingCostOf(2_000_000, 'gpt-4o-2024-08-06', DEFAULT_PRICES)).toBe(50);
    expect(trainingCostOf(2_000_000, 'gpt-4-0613', DEFAULT_PRICES)).toBeNull();
  });
});

describe('parsePriceTable and OPENAI_PRICES_FILE', () => {
  const file = (content: string) => {
    const path = join(mkdtempSync(join(tmpdir(), 'quire-prices-')), 'prices.json');
    writeFileSync(path, content);
    return path;
  };
  const dataDir = () => mkdtempSync(join(tmpdir(), 'quire-config-'));

  it('should read a table, cachedInput optional (unknown), fineTuned and training optional', () => {
    expect(parsePriceTable(JSON.stringify({ readOn: '2027-01-02', models: { 'gpt-4o': { input: 1, output: 4 } } }))).toEqual({
      readOn: '2027-01-02',
      models: { 'gpt-4o': { input: 1, cachedInput: null, output: 4 } },
      fineTuned: {},
      training: {},
    });
  });

  it('should replace the built-in table at start', () => {
    const table = {
      readOn: '2027-01-02',
      models: { 'gpt-4o': { input: 1, cachedInput: 0.5, output: 4 } },
      fineTuned: {},
      training: { 'gpt-4o-2024-08-06': 20 },
    };
    expect(loadConfig({ DATA_DIR: dataDir(), OPENAI_PRICES_FILE: file(JSON.stringify(table)) }).openAiPrices).toEqual(table);
    expect(loadConfig({ DATA_DIR: dataDir() }).openAiPrices).toBe(DEFAULT_PRICES);
  });

  it.each([
    ['{', /^OPENAI_PRICES_FILE is not JSON/],
    ['[]', /^OPENAI_PRICES_FILE must hold a JSON object/],
    [JSON.stringify({ models: {} }), /^OPENAI_PRICES_FILE readOn must be the date the prices were read, yyyy-MM-dd/],
    [JSON.stringify({ readOn: '2027-01-02' }), /^OPENAI_PRICES_FILE models is required/],
    [JSON.stringify({ readOn: '2027-01-02', models: { 'gpt-4o': { input: -1, output: 1 } } }), /^OPENAI_PRICES_FILE models\.gpt-4o\.input must be a number/],
    [JSON.stringify({ readOn: '2027-01-02', models: { 'gpt-4o': { input: 1, output: '2' } } }), /^OPENAI_PRICES_FILE models\.gpt-4o\.output must be a number/],
    [
      JSON.stringify({ readOn: '2027-01-02', models: { 'gpt-4o': { input: 1, output: 2, cached: 1 } } }),
      /^OPENAI_PRICES_FILE models\.gpt-4o has an unknown field "cached"/,
    ],
    [JSON.stringify({ readOn: '2027-01-02', models: {}, training: { x: 'a' } }), /^OPENAI_PRICES_FILE training\.x must be a number/],
    [JSON.stringify({ readOn: '2027-01-02', models: {}, extra: 1 }), /^OPENAI_PRICES_FILE has an unknown field "extra"/],
  ])('should stop at start with a config error naming OPENAI_PRICES_FILE for %s', (content, message) => {
    const run = () => loadConfig({ DATA_DIR: dataDir(), OPENAI_PRICES_FILE: file(content) });
    expect(run).toThrow(ConfigError);
    expect(run).toThrow(message);
  });

  it('should say when the file cannot be read', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), OPENAI_PRICES_FILE: '/nonexistent/prices.json' })).toThrow(
      /^OPENAI_PRICES_FILE cannot be read \(ENOENT\): \/nonexistent\/prices\.json$/,
    );
  });
});
