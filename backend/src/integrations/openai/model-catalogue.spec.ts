import {
  catalogueEntry,
  CHAT_MODEL_IDS,
  chatParametersFor,
  fineTuneTarget,
  isFineTunable,
  isReasoningModel,
  MODEL_CATALOGUE,
  shutDownOn,
  SPEC_BASE_MODELS,
  tokenizerFor,
} from './model-catalogue';

const today = new Date('2026-11-22T12:00:00Z');

describe('MODEL_CATALOGUE', () => {
  it("should start with spec §9's five base models, in order", () => {
    expect(CHAT_MODEL_IDS.slice(0, 5)).toEqual([...SPEC_BASE_MODELS]);
    expect(SPEC_BASE_MODELS[0]).toBe('gpt-4o');
  });

  it('should know the chat models the issue names, and no id twice', () => {
    for (const id of ['gpt-4.1', 'gpt-4.1-mini', 'gpt-4.1-nano', 'gpt-4o-mini', 'gpt-5', 'gpt-5-mini', 'o1', 'o3', 'o3-mini', 'o4-mini']) {
      expect(CHAT_MODEL_IDS).toContain(id);
    }
    const ids = MODEL_CATALOGUE.flatMap((m) => [m.id, ...m.snapshots]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('should never offer an embedding model as a chat model', () => {
    expect(CHAT_MODEL_IDS).not.toContain('text-embedding-3-small');
  });
});

describe('tokenizerFor', () => {
  it.each([
    ['gpt-4o', 'o200k_base'],
    ['gpt-4o-2024-08-06', 'o200k_base'],
    ['ft:gpt-4o-2024-08-06:acme:blog:abc123', 'o200k_base'],
    ['ft:gpt-4.1-mini-2025-04-14:acme::x', 'o200k_base'],
    ['gpt-5-mini', 'o200k_base'],
    ['o3', 'o200k_base'],
    ['gpt-4', 'cl100k_base'],
    ['gpt-4-32k', 'cl100k_base'],
    ['gpt-3.5-turbo-16k', 'cl100k_base'],
    ['ft:gpt-3.5-turbo-0125:acme::x', 'cl100k_base'],
    ['text-embedding-3-small', 'cl100k_base'],
    ['gpt-4.5-preview', 'o200k_base'],
  ])('should pick the tokenizer of %s', (model, family) => {
    expect(tokenizerFor(model)).toBe(family);
  });
});

describe('isReasoningModel', () => {
  it.each([
    ['o1', true],
    ['o3-mini', true],
    ['o4-mini-2025-04-16', true],
    ['gpt-5', true],
    ['gpt-5-nano-2025-08-07', true],
    ['o5', true],
    ['gpt-4o', false],
    ['gpt-4.1-mini', false],
    ['ft:gpt-4o-mini-2024-07-18:acme::x', false],
    ['gpt-3.5-turbo', false],
  ])('should tell whether %s is a reasoning model', (model, reasoning) => {
    expect(isReasoningModel(model)).toBe(reasoning);
    expect(chatParametersFor(model)).toEqual({ temperature: !reasoning, logitBias: !reasoning });
  });
});

describe('fineTuneTarget', () => {
  it('should map an alias to the snapshot OpenAI fine-tunes', () => {
    expect(fineTuneTarget('gpt-4o', today)).toEqual({ snapshot: 'gpt-4o-2024-08-06' });
    expect(fineTuneTarget('gpt-4.1-nano', today)).toEqual({ snapshot: 'gpt-4.1-nano-2025-04-14' });
  });

  it('should refuse a model without a fine-tunable snapshot, naming the ones that have one', () => {
    expect(fineTuneTarget('o3', today)).toEqual({
      refused:
        'o3 cannot be fine-tuned: OpenAI offers no snapshot of it for fine-tuning. Fine-tunable base models: gpt-4o, gpt-4.1, gpt-4.1-mini, gpt-4.1-nano, gpt-4o-mini.',
    });
  });

  it('should refuse a model after its shut-down date, and not before', () => {
    expect(fineTuneTarget('gpt-4', today)).toEqual({ refused: 'gpt-4 cannot be fine-tuned: OpenAI shut it down on 2026-10-23.' });
    expect(fineTuneTarget('gpt-4', new Date('2026-10-22'))).toEqual({ snapshot: 'gpt-4-0613' });
    expect(isFineTunable('gpt-3.5-turbo-16k', new Date('2020-01-01'))).toBe(false);
  });

  it('should refuse a model it does not know', () => {
    expect(fineTuneTarget('davinci-002', today)).toEqual({ refused: 'davinci-002 is not a chat model Quire knows, so it cannot be fine-tuned.' });
  });
});

describe('shutDownOn', () => {
  it('should give the date only once it has come', () => {
    const gpt432k = catalogueEntry('gpt-4-32k')!;
    expect(shutDownOn(gpt432k, today)).toBe('2025-06-06');
    expect(shutDownOn(gpt432k, new Date('2025-06-05T23:00:00Z'))).toBeNull();
    expect(shutDownOn(catalogueEntry('gpt-4o')!, today)).toBeNull();
  });
});
