import { parse } from 'yaml';
import { promptfooConfig } from './promptfoo';

describe('promptfooConfig', () => {
  const evaluation = { id: 'eval-1', modelName: 'Blog posts', createdAt: new Date('2026-11-25T10:00:00Z') };
  const variants = [
    { label: 'Tuned, no examples', openAiModel: 'ft:gpt-4o-mini-2024-07-18:org::abc' },
    { label: 'gpt-6 + 3 examples', openAiModel: 'gpt-6' },
  ];
  const items = [
    {
      exampleUuid: 'uuid-1',
      system: 'You write "posts": short.',
      prompt: 'Write about: gardens\nin spring',
      original: 'Gardens wake up.',
      examples: {
        'gpt-6 + 3 examples': [
          { role: 'user' as const, content: 'Write about rivers' },
          { role: 'assistant' as const, content: 'Rivers run.' },
        ],
      },
    },
  ];

  it('should give each variant its prompt and provider, and each held-out example a similarity test', () => {
    const text = promptfooConfig(evaluation, variants, items);
    expect(text.startsWith('# A Promptfoo configuration')).toBe(true);
    const config = parse(text);
    expect(config.prompts).toEqual([
      { label: 'Tuned, no examples', raw: '{{ messages_1.messages | dump }}' },
      { label: 'gpt-6 + 3 examples', raw: '{{ messages_2.messages | dump }}' },
    ]);
    expect(config.providers).toEqual([
      { id: 'openai:chat:ft:gpt-4o-mini-2024-07-18:org::abc', label: 'Tuned, no examples', prompts: ['Tuned, no examples'], config: { omitDefaults: true } },
      { id: 'openai:chat:gpt-6', label: 'gpt-6 + 3 examples', prompts: ['gpt-6 + 3 examples'], config: { omitDefaults: true } },
    ]);
    expect(config.defaultTest.options.provider.embedding.id).toBe('openai:embedding:text-embedding-3-small');
    expect(config.tests).toEqual([
      {
        description: 'Example uuid-1',
        vars: {
          messages_1: {
            messages: [
              { role: 'system', content: 'You write "posts": short.' },
              { role: 'user', content: 'Write about: gardens\nin spring' },
            ],
          },
          messages_2: {
            messages: [
              { role: 'system', content: 'You write "posts": short.' },
              { role: 'user', content: 'Write about rivers' },
              { role: 'assistant', content: 'Rivers run.' },
              { role: 'user', content: 'Write about: gardens\nin spring' },
            ],
          },
        },
        assert: [{ type: 'similar', value: 'Gardens wake up.', threshold: 0.8 }],
      },
    ]);
  });

  it("should name each vendor's Promptfoo provider, an OpenAI-compatible server's address, and the keys to set", () => {
    const text = promptfooConfig(
      evaluation,
      [
        { label: 'GPT', openAiModel: 'gpt-4o-mini' },
        { label: 'Claude', openAiModel: 'claude-sonnet-4-6', provider: { kind: 'anthropic', baseUrl: null } },
        { label: 'Gemini', openAiModel: 'gemini-2.5-flash', provider: { kind: 'gemini', baseUrl: null } },
        { label: 'Llama', openAiModel: 'meta-llama/Llama-3.3-70B-Instruct', provider: { kind: 'openai-compatible', baseUrl: 'http://gpu:8000/v1' } },
      ],
      items,
    );
    expect(parse(text).providers.map((p: { id: string; config: object }) => [p.id, p.config])).toEqual([
      ['openai:chat:gpt-4o-mini', { omitDefaults: true }],
      ['anthropic:messages:claude-sonnet-4-6', {}],
      ['google:gemini-2.5-flash', {}],
      ['openai:chat:meta-llama/Llama-3.3-70B-Instruct', { omitDefaults: true, apiBaseUrl: 'http://gpu:8000/v1' }],
    ]);
    expect(text).toContain('ANTHROPIC_API_KEY');
    expect(text).toContain('GOOGLE_API_KEY');
  });
});
