import { modelRow, scope } from '../../../test/support/rows';
import { buildService } from '../../../test/support/unit';
import { SectionSnapshot } from '../sections/sections.schema';
import { CpuPool } from '../cpu-pool/cpu-pool.service';
import { planChat } from '../integrations/openai/chat-parameters';
import { ProviderChat } from '../connections/provider-chat';
import type { ModelConnectionRow } from '../connections/connections.schema';
import { ChatAnswer, ChatAsk, ChatMessage, OpenAiChat } from '../integrations/openai/openai-chat';
import { logitBiasMaps, LogitBiasMaps } from '../integrations/openai/tokenizer';
import { LogitBiasGroupsRepository } from '../logit-bias-groups/logit-bias-groups.repository';
import { LogitBiasGroupRow } from '../logit-bias-groups/logit-bias-groups.schema';
import { ModelsRepository } from '../models/models.repository';
import { ownedBy } from '../workspaces/scope';
import { ExampleChooser } from '../examples/example-chooser';
import { GenerationError } from './generation-error';
import { SectionWriter, TemplateRun } from './section-writer';

const entries = [{ words: ['delve', 'tapestry'], bias: -100 }];
const MAPS: LogitBiasMaps = { o200k_base: { '1': -100, '2': -100 }, cl100k_base: { '3': -100 } };

const list = (logitBias: LogitBiasMaps | null): LogitBiasGroupRow => ({
  id: 'list-1',
  ...ownedBy(scope),
  name: 'Words to avoid',
  entries,
  words: ['delve', 'tapestry'],
  wordCount: 2,
  logitBias,
  createdAt: new Date(0),
  updatedAt: new Date(0),
});

const section = (heading: string, overrides: Partial<SectionSnapshot> = {}): SectionSnapshot => ({
  section: `section-${heading}`,
  heading,
  systemPrompt: 'Be brief.',
  userPrompt: 'Write {{section_heading}} of {{title}}. So far: {{previous_sections}}',
  model: 'model-1',
  temperature: 0.7,
  logit_bias_group: 'list-1',
  ...overrides,
});

const LOGIT_BIAS_REFUSED = "Unsupported parameter: 'logit_bias' is not supported with this model.";

/**
 * OpenAI as the chat client answers it: the plan for what the section asks given what OpenAI has
 * refused (`refused`), and a text (`write`, from the messages sent; by default some words of the user message).
 */
function answering(refused: Record<string, { reason: string }>, write = (messages: ChatMessage[]) => `Text for ${messages[1].content.slice(6, 11)}`) {
  return async (_key: string, ask: ChatAsk): Promise<ChatAnswer> => {
    const plan = planChat(ask.desired, { refused, accepted: [] });
    const messages = ask.messages(plan);
    return { content: write(messages), tokens: 12, usage: { promptTokens: 5, completionTokens: 7, cachedTokens: 0, reasoningTokens: 0 }, plan, messages };
  };
}

describe(SectionWriter.name, () => {
  async function build(saved: LogitBiasGroupRow) {
    const built = await buildService(SectionWriter, {
      models: ModelsRepository,
      biasLists: LogitBiasGroupsRepository,
      chat: OpenAiChat,
      cpu: CpuPool,
      chooser: ExampleChooser,
      providers: ProviderChat,
    });
    built.models.findOwned.mockResolvedValue(modelRow({ baseModel: 'gpt-4o' }));
    built.biasLists.findOwned.mockResolvedValue(saved);
    built.chat.complete.mockImplementation(answering({}));
    return built;
  }

  const run = (sections: SectionSnapshot[]): TemplateRun => ({
    scope,
    openAiKey: 'sk-key',
    title: 'Best laptops',
    template: { articleTitle: 'Guide', articleType: 'Guide', sections },
    clientName: '',
    properties: {},
    save: jest.fn().mockResolvedValue(undefined),
  });

  it('should send the bias map kept with the list for the model’s tokenizer, loading no tokenizer', async () => {
    const { sut, chat, cpu } = await build(list(MAPS));

    await sut.write(run([section('Intro'), section('Body')]));

    expect(chat.complete).toHaveBeenCalledTimes(2);
    expect(chat.complete.mock.calls[0][1]).toMatchObject({ model: 'gpt-4o', desired: { temperature: 0.7, logitBias: MAPS.o200k_base, reasoningEffort: null } });
    expect(cpu.run).not.toHaveBeenCalled();
  });

  it('should make and keep the maps of a list saved before they were kept', async () => {
    const { sut, chat, cpu, biasLists } = await build(list(null));
    const made = logitBiasMaps(entries, 300);
    cpu.run.mockResolvedValue(made as never);
    biasLists.keepMaps.mockResolvedValue();

    await sut.write(run([section('Intro')]));

    expect(cpu.run).toHaveBeenCalledWith('logitBiasMaps', { entries, limit: 300 });
    expect(biasLists.keepMaps).toHaveBeenCalledWith('list-1', entries, (made as { maps: LogitBiasMaps }).maps);
    expect(chat.complete.mock.calls[0][1].desired.logitBias).toEqual((made as { maps: LogitBiasMaps }).maps.o200k_base);
  });

  it('should give each section the sections written before it, and save each as it arrives', async () => {
    const { sut, chat } = await build(list(MAPS));
    const template = run([section('Intro', { logit_bias_group: null }), section('Body', { logit_bias_group: null })]);

    const written = await sut.write(template);

    expect(written.map((s) => s.heading)).toEqual(['Intro', 'Body']);
    const sent = (call: number) => (template.save as jest.Mock).mock.calls[call][0];
    expect(sent(1).userMessage).toContain(`## Intro\n\n${written[0].content}`);
    expect(chat.complete.mock.calls[0][1].desired.logitBias).toBeUndefined();
    expect(template.save).toHaveBeenCalledTimes(2);
  });

  describe('a model on another provider', () => {
    const PROVIDER = '6c0a3c3e-1d1f-4c36-9a77-1f0a0f6f9b10';

    it('should write through the provider, with no OpenAI key needed', async () => {
      const { sut, chat, models, providers } = await build(list(MAPS));
      models.findOwned.mockResolvedValue(modelRow({ baseModel: 'claude-sonnet-4-6', connectionId: PROVIDER }));
      const provider = { id: PROVIDER, kind: 'anthropic', name: 'Claude' } as ModelConnectionRow;
      providers.provider.mockResolvedValue(provider);
      providers.write.mockImplementation(async (_provider, ask) => answering({})('', ask));
      const save = jest.fn(async () => undefined);

      await sut.write({ ...run([section('Intro')]), openAiKey: null, save });

      expect(chat.complete).not.toHaveBeenCalled();
      expect(providers.provider).toHaveBeenCalledTimes(1);
      expect(providers.write).toHaveBeenCalledWith(provider, expect.objectContaining({ model: 'claude-sonnet-4-6' }), 'section "Intro"');
      // The section keeps the vendor that wrote it (Home's spend per vendor).
      expect(save).toHaveBeenCalledWith(expect.objectContaining({ model: 'claude-sonnet-4-6', vendor: 'anthropic' }));
    });

    it('should say no OpenAI key is saved when a section on OpenAI is to be written without one', async () => {
      const { sut } = await build(list(MAPS));

      await expect(sut.write({ ...run([section('Intro')]), openAiKey: null })).rejects.toThrow(
        'No OpenAI API key is saved: add it in OpenAI Settings on Home.',
      );
    });
  });

  describe('an example set', () => {
    const PAIRS: ChatMessage[] = [
      { role: 'user', content: 'Write the intro of Cheap phones.' },
      { role: 'assistant', content: 'Phones need not cost much.' },
      { role: 'user', content: 'Write the intro of Best laptops.' },
      { role: 'assistant', content: 'Laptops for every budget.' },
    ];
    const USED = [
      { uuid: 'ex-laptops', words: 'Write the intro of Best laptops.' },
      { uuid: 'ex-phones', words: 'Write the intro of Cheap phones.' },
    ];

    it('should send the chosen examples as pairs between the system message and its own user message, and record them', async () => {
      const { sut, chat, chooser } = await build(list(MAPS));
      chooser.choose.mockResolvedValue({ messages: PAIRS, used: USED, available: 5 });
      const template = run([section('Intro', { logit_bias_group: null, examples_model: 'set-1', examples_count: 2 })]);

      await sut.write(template);

      expect(chooser.choose).toHaveBeenCalledWith({
        apiKey: 'sk-key',
        modelId: 'set-1',
        count: 2,
        message: expect.stringContaining('Write Intro of Best laptops'),
      });
      const messages = chat.complete.mock.calls[0][1].messages(planChat({ temperature: 0.7, reasoningEffort: null }, { refused: {}, accepted: [] }));
      expect(messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user', 'assistant', 'user']);
      expect(messages.slice(1, 5)).toEqual(PAIRS);
      const saved = (template.save as jest.Mock).mock.calls[0][0];
      expect(saved.userMessage).toContain('Write Intro of Best laptops');
      expect(saved.examples).toEqual(USED);
    });

    it('should write without examples, recording none ([]), when the set is empty', async () => {
      const { sut, chat, chooser } = await build(list(MAPS));
      chooser.choose.mockResolvedValue({ messages: [], used: [], available: 0 });
      const template = run([section('Intro', { logit_bias_group: null, examples_model: 'set-1' })]);

      await sut.write(template);

      expect(chooser.choose).toHaveBeenCalledWith(expect.objectContaining({ count: 3 }));
      expect(chat.complete.mock.calls[0][1].messages(planChat({ temperature: 0.7, reasoningEffort: null }, { refused: {}, accepted: [] }))).toHaveLength(2);
      expect((template.save as jest.Mock).mock.calls[0][0].examples).toEqual([]);
    });

    it('should choose nothing for a section without a set, or asking for none, and record null', async () => {
      const { sut, chooser } = await build(list(MAPS));
      const template = run([
        section('Intro', { logit_bias_group: null }),
        section('Body', { logit_bias_group: null, examples_model: 'set-1', examples_count: 0 }),
      ]);

      await sut.write(template);

      expect(chooser.choose).not.toHaveBeenCalled();
      expect((template.save as jest.Mock).mock.calls.map((call) => call[0].examples)).toEqual([null, null]);
    });

    it('should refuse before writing when the set is no longer one of the user’s models', async () => {
      const { sut, models, chat } = await build(list(MAPS));
      models.findOwned.mockImplementation(async (_user, id) => (id === 'set-1' ? null : modelRow({ baseModel: 'gpt-4o' })));
      const template = run([section('Intro', { examples_model: 'set-1' })]);

      await expect(sut.check(template)).rejects.toThrow(
        new GenerationError('The example set of section "Intro" no longer exists; choose another in the section and update the article.'),
      );
      await expect(sut.write(template)).rejects.toThrow(GenerationError);
      expect(chat.complete).not.toHaveBeenCalled();
    });
  });

  describe('a word list on a model that refuses logit_bias', () => {
    it('should name the words to avoid in the instructions and write the section once when none is used', async () => {
      const { sut, chat } = await build(list(MAPS));
      chat.complete.mockImplementation(answering({ logit_bias: { reason: LOGIT_BIAS_REFUSED } }, () => 'A plain, clear text.'));
      const template = { ...run([section('Intro')]), omitted: jest.fn().mockResolvedValue(undefined) };

      await sut.write(template);

      expect(chat.complete).toHaveBeenCalledTimes(1);
      const saved = (template.save as jest.Mock).mock.calls[0][0];
      expect(saved.systemMessage).toBe('Be brief.\n\nAvoid these words: delve, tapestry.');
      expect(template.omitted).toHaveBeenCalledWith({
        position: 0,
        section: 'Intro',
        model: 'gpt-4o',
        parameters: ['logit_bias'],
        reasons: { logit_bias: LOGIT_BIAS_REFUSED },
      });
    });

    it('should write a section that used one once more, naming it, and pay and count both', async () => {
      const { sut, chat } = await build(list(MAPS));
      const texts = ['We Delve into laptops.', 'We look at laptops.'];
      chat.complete.mockImplementation(answering({ logit_bias: { reason: LOGIT_BIAS_REFUSED } }, () => texts.shift()!));
      const template = { ...run([section('Intro')]), omitted: jest.fn().mockResolvedValue(undefined) };

      const [written] = await sut.write(template);

      expect(chat.complete).toHaveBeenCalledTimes(2);
      const second = chat.complete.mock.calls[1][1];
      const again = second.messages(planChat(second.desired, { refused: { logit_bias: { reason: LOGIT_BIAS_REFUSED } }, accepted: [] }));
      expect(again.slice(2)).toEqual([
        { role: 'assistant', content: 'We Delve into laptops.' },
        { role: 'user', content: 'Your answer used words it must not use. Write it again, saying the same without them.\nAvoid these words: delve.' },
      ]);
      expect(written.content).toBe('We look at laptops.');
      expect(written.tokens).toBe(24);
      expect((template.save as jest.Mock).mock.calls[0][0]).toMatchObject({
        content: 'We look at laptops.',
        promptTokens: 10,
        completionTokens: 14,
        tokens: 24,
      });
      expect(template.omitted).toHaveBeenCalledWith(expect.objectContaining({ rewritten: ['delve'] }));
      expect(template.omitted.mock.calls[0][0]).not.toHaveProperty('slipped');
    });

    it('should keep a section whose word slips through twice, and say which word', async () => {
      const { sut, chat } = await build(list(MAPS));
      chat.complete.mockImplementation(answering({ logit_bias: { reason: LOGIT_BIAS_REFUSED } }, () => 'A rich TAPESTRY.'));
      const template = { ...run([section('Intro')]), omitted: jest.fn().mockResolvedValue(undefined) };

      const [written] = await sut.write(template);

      expect(chat.complete).toHaveBeenCalledTimes(2);
      expect(written.content).toBe('A rich TAPESTRY.');
      expect(template.omitted).toHaveBeenCalledWith(expect.objectContaining({ rewritten: ['tapestry'], slipped: ['tapestry'] }));
    });

    it('should neither name the words nor check the text where logit_bias was sent', async () => {
      const { sut, chat } = await build(list(MAPS));
      chat.complete.mockImplementation(answering({}, () => 'We delve.'));
      const template = { ...run([section('Intro')]), omitted: jest.fn().mockResolvedValue(undefined) };

      await sut.write(template);

      expect(chat.complete).toHaveBeenCalledTimes(1);
      expect((template.save as jest.Mock).mock.calls[0][0].systemMessage).toBe('Be brief.');
      expect(template.omitted).not.toHaveBeenCalled();
    });
  });
});
