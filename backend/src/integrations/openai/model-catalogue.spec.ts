import { fineTuneModelFor, isChatModelId, modelFacts, nameSuggestsReasoning, tokenizerFor } from './model-catalogue';

describe('model-catalogue', () => {
  describe('isChatModelId', () => {
    it.each(['gpt-4o', 'gpt-4o-2024-08-06', 'gpt-4.1-mini', 'gpt-5.4', 'gpt-6-luna', 'gpt-6.1-sol', 'o3', 'gpt-7-nova', 'some-new-model'])(
      'should take %s for a chat model (a rule, so new families count)',
      (id) => expect(isChatModelId(id)).toBe(true),
    );

    it.each([
      'text-embedding-3-small',
      'text-embedding-ada-002',
      'whisper-1',
      'tts-1-hd',
      'gpt-4o-mini-tts',
      'gpt-4o-transcribe',
      'gpt-4o-realtime-preview',
      'gpt-realtime',
      'gpt-audio',
      'gpt-4o-audio-preview',
      'dall-e-3',
      'gpt-image-1',
      'omni-moderation-latest',
      'babbage-002',
      'davinci-002',
      'ft:gpt-4o-2024-08-06:acme:blog:abc',
    ])('should never offer %s as a chat model', (id) => expect(isChatModelId(id)).toBe(false));
  });

  describe('tokenizerFor', () => {
    it.each([
      ['gpt-4', 'cl100k_base'],
      ['gpt-4-0613', 'cl100k_base'],
      ['gpt-4-32k', 'cl100k_base'],
      ['gpt-4-turbo', 'cl100k_base'],
      ['gpt-3.5-turbo', 'cl100k_base'],
      ['text-embedding-3-small', 'cl100k_base'],
      ['gpt-4o', 'o200k_base'],
      ['gpt-4.1-nano', 'o200k_base'],
      ['o3', 'o200k_base'],
      ['gpt-5.6-mini', 'o200k_base'],
      ['gpt-6-luna', 'o200k_base'],
      ['gpt-9-unheard-of', 'o200k_base'],
      ['ft:gpt-4o-2024-08-06:acme:blog:abc', 'o200k_base'],
      ['ft:gpt-3.5-turbo-0125:acme:blog:abc', 'cl100k_base'],
    ])('should encode %s with %s (o200k_base for gpt-4o and every later family, unknown ones included)', (model, family) => {
      expect(tokenizerFor(model)).toBe(family);
    });
  });

  it('should say from the name alone which models likely reason, for the form only', () => {
    expect(['o3', 'o4-mini', 'gpt-5', 'gpt-5.4', 'gpt-6-sol', 'gpt-12-x', 'ft:gpt-5-2025-08-07:a:b:c'].map(nameSuggestsReasoning)).toEqual(Array(7).fill(true));
    expect(['gpt-4o', 'gpt-4.1', 'gpt-3.5-turbo', 'gpt-4o-mini'].map(nameSuggestsReasoning)).toEqual([false, false, false, false]);
  });

  describe('fineTuneModelFor', () => {
    it('should send an alias as its fine-tunable snapshot, and any other model as named', () => {
      expect(fineTuneModelFor('gpt-4o')).toBe('gpt-4o-2024-08-06');
      expect(fineTuneModelFor('gpt-4.1-mini')).toBe('gpt-4.1-mini-2025-04-14');
      expect(fineTuneModelFor('gpt-4o-2024-11-20')).toBe('gpt-4o-2024-11-20');
      expect(fineTuneModelFor('gpt-6-luna')).toBe('gpt-6-luna');
    });
  });

  it('should know a model by its alias, a snapshot or a model tuned from one, for prices', () => {
    expect(modelFacts('gpt-4o-2024-11-20')?.id).toBe('gpt-4o');
    expect(modelFacts('ft:gpt-4o-mini-2024-07-18:acme:blog:x')?.id).toBe('gpt-4o-mini');
    expect(modelFacts('gpt-6-luna')).toBeUndefined();
  });
});
