import { BadRequestException, ConflictException } from '@nestjs/common';
import { modelRow, scope as SCOPE } from '../../../test/support/rows';
import { buildService } from '../../../test/support/unit';
import { ArticlesRepository } from '../articles/articles.repository';
import { ArticleRow } from '../articles/articles.schema';
import { ClientsRepository } from '../clients/clients.repository';
import { IntegrationError } from '../common/integration-error';
import { APP_CONFIG } from '../config/config.module';
import { GenerationError } from '../generation/generation-error';
import { UnknownPlaceholderError } from '../generation/placeholders';
import { SectionWriter, TemplateRun, WrittenSection } from '../generation/section-writer';
import { DEFAULT_PRICES } from '../config/price-table';
import { JobsService } from '../jobs/jobs.service';
import { ModelsRepository } from '../models/models.repository';
import { SectionsRepository } from '../sections/sections.repository';
import { SectionRow } from '../sections/sections.schema';
import { WorkspaceSettingsService } from '../workspaces/settings.service';
import { ownedBy } from '../workspaces/scope';
import { PreviewEvents } from './preview-events';
import { PreviewsRepository } from './previews.repository';
import { PreviewRow, PreviewSectionRow } from './previews.schema';
import { PREVIEW_QUEUE, PreviewsService, SECTION_PREVIEW_TYPE } from './previews.service';

const snapshot = (heading: string) => ({
  section: `section-${heading}`,
  heading,
  systemPrompt: 'Be brief.',
  userPrompt: 'Write {{section_heading}} of {{title}} about {{Keyword}}.',
  model: 'model-1',
  temperature: 0.7,
  logit_bias_group: null,
});

const article: ArticleRow = {
  id: 'article-1',
  ...ownedBy(SCOPE),
  articleTitle: 'Guide',
  articleType: 'Guide',
  notes: '',
  bulk: false,
  sections: [snapshot('Intro'), snapshot('Body')],
  createdAt: new Date(0),
  updatedAt: new Date(0),
};

const previewRow = (overrides: Partial<PreviewRow> = {}): PreviewRow => ({
  id: 'preview-1',
  ...ownedBy(SCOPE),
  articleId: 'article-1',
  sectionId: null,
  articleTitle: 'Guide',
  articleType: 'Guide',
  template: article.sections,
  title: 'Best laptops',
  properties: { Keyword: 'gaming' },
  clientId: null,
  clientName: null,
  variants: [{ modelId: null, modelName: null }],
  status: 'running',
  message: null,
  leaseUntil: null,
  attempts: 1,
  createdAt: new Date(0),
  startedAt: null,
  completedAt: null,
  ...overrides,
});

const written = (position: number, heading: string, model = 'gpt-4o'): WrittenSection => ({
  position,
  heading,
  content: `${heading} text`,
  vendor: 'openai',
  reasoningEffort: null,
  reasoningTokens: 0,
  examples: null,
  tokens: 30,
  model,
  temperature: 0.7,
  logitBiasGroup: null,
  systemMessage: 'Be brief.',
  userMessage: `Write ${heading}.`,
  promptTokens: 10,
  completionTokens: 20,
  cachedTokens: 0,
  durationMs: 300,
});

describe(PreviewsService.name, () => {
  async function build() {
    const built = await buildService(
      PreviewsService,
      {
        previews: PreviewsRepository,
        articles: ArticlesRepository,
        sections: SectionsRepository,
        clients: ClientsRepository,
        models: ModelsRepository,
        settings: WorkspaceSettingsService,
        writer: SectionWriter,
        queue: JobsService,
      },
      [PreviewEvents, { provide: APP_CONFIG, useValue: { generationConcurrency: 0, generationRetrySeconds: 30, openAiPrices: DEFAULT_PRICES } }],
    );
    built.articles.findOwned.mockResolvedValue(article);
    built.writer.check.mockResolvedValue();
    built.settings.getSecret.mockResolvedValue('sk-key');
    built.previews.create.mockImplementation(async ({ scope, ...values }) => previewRow({ ...values, ...ownedBy(scope), status: 'queued', attempts: 0 }));
    built.queue.send.mockResolvedValue(null as never);
    built.previews.start.mockImplementation(async () => previewRow());
    built.previews.renewLease.mockResolvedValue();
    built.previews.saveSection.mockResolvedValue();
    built.previews.complete.mockResolvedValue();
    built.previews.fail.mockResolvedValue();
    built.previews.sections.mockResolvedValue([]);
    return built;
  }

  describe('create', () => {
    it('should keep the article’s template as it is now, one variant with each section’s model, and queue it at once', async () => {
      const { sut, previews, queue } = await build();

      const answer = await sut.create(SCOPE, { articleId: 'article-1', title: 'Best laptops', properties: { Keyword: 'gaming' } });

      expect(previews.create).toHaveBeenCalledWith(
        expect.objectContaining({ template: article.sections, variants: [{ modelId: null, modelName: null }], properties: { Keyword: 'gaming' } }),
      );
      expect(queue.send).toHaveBeenCalledWith(PREVIEW_QUEUE, { jobId: 'preview-1' }, { singletonKey: 'preview-1' });
      expect(answer).toMatchObject({ status: 'queued', sections_total: 2, variants: [{ model: null, sections: [] }] });
    });

    it('should try a section alone as a template of one, titled after it, of type Section', async () => {
      const { sut, sections, previews } = await build();
      sections.findOwned.mockResolvedValue({
        id: 'section-9',
        ...ownedBy(SCOPE),
        name: 'FAQ',
        model: 'model-1',
        temperature: 0.5,
        logitBiasGroup: null,
        systemMessage: 'You answer.',
        userMessage: 'Three questions on {{title}}.',
        notes: '',
        version: 2,
        createdAt: new Date(0),
        updatedAt: new Date(0),
      } as SectionRow);

      await sut.create(SCOPE, { sectionId: 'section-9', title: 'Best laptops' });

      expect(previews.create).toHaveBeenCalledWith(
        expect.objectContaining({
          articleTitle: 'FAQ',
          articleType: SECTION_PREVIEW_TYPE,
          template: [expect.objectContaining({ section: 'section-9', heading: 'FAQ', userPrompt: 'Three questions on {{title}}.' })],
        }),
      );
    });

    it('should refuse another operator’s model, naming the field, and store nothing', async () => {
      const { sut, models, previews } = await build();
      models.findOwned.mockImplementation(async (_user, id) => (id === 'mine' ? modelRow({ id: 'mine' }) : null));

      const error = await sut.create(SCOPE, { articleId: 'article-1', title: 'T', models: ['mine', 'theirs'] }).catch((e: unknown) => e);

      expect(error).toBeInstanceOf(BadRequestException);
      expect((error as BadRequestException).getResponse()).toMatchObject({ errors: [{ field: 'models.1' }] });
      expect(previews.create).not.toHaveBeenCalled();
    });

    it('should answer an unknown placeholder on `properties` and a template problem on the template’s field', async () => {
      const { sut, writer, previews } = await build();
      writer.check.mockRejectedValueOnce(new UnknownPlaceholderError('Unknown placeholder {{Keyword}} in section "Intro".'));
      const placeholder = await sut.create(SCOPE, { articleId: 'article-1', title: 'T' }).catch((e: BadRequestException) => e.getResponse());
      writer.check.mockRejectedValueOnce(new GenerationError('The article "Guide" has no sections.'));
      const empty = await sut.create(SCOPE, { articleId: 'article-1', title: 'T' }).catch((e: BadRequestException) => e.getResponse());

      expect(placeholder).toMatchObject({ errors: [{ field: 'properties', message: 'Unknown placeholder {{Keyword}} in section "Intro".' }] });
      expect(empty).toMatchObject({ errors: [{ field: 'articleId', message: 'The article "Guide" has no sections.' }] });
      expect(previews.create).not.toHaveBeenCalled();
    });

    it('should be a 409 without an OpenAI key, storing nothing', async () => {
      const { sut, settings, previews } = await build();
      settings.getSecret.mockResolvedValue(null);

      await expect(sut.create(SCOPE, { articleId: 'article-1', title: 'T' })).rejects.toBeInstanceOf(ConflictException);
      expect(previews.create).not.toHaveBeenCalled();
    });
  });

  describe('run', () => {
    it('should write every variant with its model, send each section to the stream as it is saved, and complete', async () => {
      const { sut, previews, writer } = await build();
      previews.start.mockResolvedValue(
        previewRow({
          variants: [
            { modelId: 'model-a', modelName: 'A' },
            { modelId: 'model-b', modelName: 'B' },
          ],
        }),
      );
      const events = (sut as unknown as { events: PreviewEvents }).events;
      const seen: unknown[] = [];
      events.subscribe('preview-1', (change) => change.section && seen.push(change.section));
      writer.write.mockImplementation(async (run: TemplateRun) => {
        await run.save(written(0, 'Intro', run.modelId!));
        return [];
      });

      await sut.run('preview-1');

      expect(writer.write.mock.calls.map(([run]) => run.modelId)).toEqual(['model-a', 'model-b']);
      expect(previews.saveSection).toHaveBeenCalledWith(expect.objectContaining({ previewId: 'preview-1', variant: 1, model: 'model-b' }));
      expect(seen).toEqual([expect.objectContaining({ variant: 0, heading: 'Intro' }), expect.objectContaining({ variant: 1, heading: 'Intro' })]);
      expect(previews.complete).toHaveBeenCalledWith('preview-1');
      expect(previews.fail).not.toHaveBeenCalled();
    });

    it('should reuse the sections a failed attempt wrote, each variant its own', async () => {
      const { sut, previews, writer } = await build();
      previews.start.mockResolvedValue(
        previewRow({
          attempts: 2,
          variants: [
            { modelId: 'model-a', modelName: 'A' },
            { modelId: 'model-b', modelName: 'B' },
          ],
        }),
      );
      previews.sections.mockResolvedValue([
        { ...written(0, 'Intro'), id: 's1', previewId: 'preview-1', variant: 1, createdAt: new Date(0) } as PreviewSectionRow,
      ]);
      writer.write.mockResolvedValue([]);

      await sut.run('preview-1');

      const [first, second] = writer.write.mock.calls.map(([run]) => run.done);
      expect(first?.size).toBe(0);
      expect([...second!.keys()]).toEqual([0]);
    });

    it('should fail the preview once every variant has stopped, with the first failure’s message', async () => {
      const { sut, previews, writer } = await build();
      previews.start.mockResolvedValue(
        previewRow({
          variants: [
            { modelId: 'model-a', modelName: 'A' },
            { modelId: 'model-b', modelName: 'B' },
          ],
        }),
      );
      let finishSecond!: () => void;
      writer.write
        .mockRejectedValueOnce(new GenerationError('The model of section "Intro" no longer exists; choose another in the section and update the article.'))
        .mockImplementationOnce(() => new Promise((resolve) => (finishSecond = () => resolve([]))));

      const running = sut.run('preview-1');
      await new Promise((resolve) => setImmediate(resolve));
      expect(previews.fail).not.toHaveBeenCalled();
      finishSecond();
      await running;

      expect(previews.fail).toHaveBeenCalledWith(
        'preview-1',
        'The model of section "Intro" no longer exists; choose another in the section and update the article.',
      );
      expect(previews.complete).not.toHaveBeenCalled();
    });

    it('should hand a passing fault back to the queue, waiting twice as long each attempt', async () => {
      const { sut, previews, writer, queue } = await build();
      previews.start.mockResolvedValue(previewRow({ attempts: 2 }));
      previews.retryLater.mockResolvedValue();
      writer.write.mockRejectedValue(new IntegrationError('OpenAI', 'was overloaded.', 503));

      await sut.run('preview-1');

      expect(previews.retryLater).toHaveBeenCalledWith('preview-1', expect.any(Date), 'OpenAI: was overloaded. Trying again in 60 s.');
      expect(queue.send).toHaveBeenCalledWith(PREVIEW_QUEUE, { jobId: 'preview-1' }, { singletonKey: 'preview-1', startAfter: 60 });
      expect(previews.fail).not.toHaveBeenCalled();
    });
  });

  describe('get', () => {
    it('should answer each variant’s sections with their cost, and a null cost for a model without a known price', async () => {
      const { sut, previews } = await build();
      previews.findOwned.mockResolvedValue(previewRow({ status: 'completed' }));
      previews.sections.mockResolvedValue([
        { ...written(0, 'Intro', 'gpt-4o'), id: 's1', previewId: 'preview-1', variant: 0, createdAt: new Date(0) },
        { ...written(1, 'Body', 'ft:unknown-model'), id: 's2', previewId: 'preview-1', variant: 0, createdAt: new Date(0) },
      ] as PreviewSectionRow[]);

      const answer = await sut.get(SCOPE, 'preview-1');

      const [intro, body] = answer.variants[0].sections;
      expect(intro.cost_usd).toBeGreaterThan(0);
      expect(body.cost_usd).toBeNull();
      expect(answer.usage.cost_usd).toBeNull();
    });
  });
});
