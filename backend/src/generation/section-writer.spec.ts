import { modelRow } from '../../../test/support/rows';
import { buildService } from '../../../test/support/unit';
import { SectionSnapshot } from '../articles/articles.schema';
import { CpuPool } from '../cpu-pool/cpu-pool.service';
import { OpenAiChat } from '../integrations/openai/openai-chat';
import { logitBiasMaps, LogitBiasMaps } from '../integrations/openai/tokenizer';
import { LogitBiasGroupsRepository } from '../logit-bias-groups/logit-bias-groups.repository';
import { LogitBiasGroupRow } from '../logit-bias-groups/logit-bias-groups.schema';
import { ModelsRepository } from '../models/models.repository';
import { SectionWriter, TemplateRun } from './section-writer';

const entries = [{ words: ['delve', 'tapestry'], bias: -100 }];
const MAPS: LogitBiasMaps = { o200k_base: { '1': -100, '2': -100 }, cl100k_base: { '3': -100 } };

const list = (logitBias: LogitBiasMaps | null): LogitBiasGroupRow => ({
  id: 'list-1',
  userId: 'user-1',
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

describe(SectionWriter.name, () => {
  async function build(saved: LogitBiasGroupRow) {
    const built = await buildService(SectionWriter, { models: ModelsRepository, biasLists: LogitBiasGroupsRepository, chat: OpenAiChat, cpu: CpuPool });
    built.models.findOwned.mockResolvedValue(modelRow({ baseModel: 'gpt-4o' }));
    built.biasLists.findOwned.mockResolvedValue(saved);
    built.chat.complete.mockImplementation(async (_key, request) => ({
      content: `Text for ${request.messages[1].content.slice(6, 11)}`,
      tokens: 12,
      usage: { promptTokens: 5, completionTokens: 7, cachedTokens: 0 },
    }));
    return built;
  }

  const run = (sections: SectionSnapshot[]): TemplateRun => ({
    userId: 'user-1',
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
    expect(chat.complete.mock.calls[0][1]).toMatchObject({ model: 'gpt-4o', temperature: 0.7, logitBias: MAPS.o200k_base });
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
    expect(chat.complete.mock.calls[0][1].logitBias).toEqual((made as { maps: LogitBiasMaps }).maps.o200k_base);
  });

  it('should give each section the sections written before it, and save each as it arrives', async () => {
    const { sut, chat } = await build(list(MAPS));
    const template = run([section('Intro', { logit_bias_group: null }), section('Body', { logit_bias_group: null })]);

    const written = await sut.write(template);

    expect(written.map((s) => s.heading)).toEqual(['Intro', 'Body']);
    expect(chat.complete.mock.calls[1][1].messages[1].content).toContain(`## Intro\n\n${written[0].content}`);
    expect(chat.complete.mock.calls[0][1].logitBias).toBeUndefined();
    expect(template.save).toHaveBeenCalledTimes(2);
  });
});
