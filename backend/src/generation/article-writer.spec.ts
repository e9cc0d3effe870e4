import { generationJobRow as job, scope as SCOPE } from '../../../test/support/rows';
import { buildService, portMock } from '../../../test/support/unit';
import { ArticlesRepository } from '../articles/articles.repository';
import { ArticleRow } from '../articles/articles.schema';
import { NotionSettingsReader } from './notion-settings';
import { RowTemplates } from './row-templates';
import { ClientsRepository } from '../clients/clients.repository';
import { IntegrationError } from '../common/integration-error';
import { GoogleDocs } from '../integrations/google/google-docs';
import { NotionClient, StatusProperty } from '../integrations/notion/notion.client';
import { DEFAULT_STATUS_CONFIG } from '../workspaces/settings.dto';
import { GoogleAccessService } from '../users/google-access.service';
import { ownedBy } from '../workspaces/scope';
import { MembersRepository } from '../workspaces/members.repository';
import { SECTION_DEFERRAL, SectionDeferral } from './section-deferral';
import { ARTICLE_BUDGET, ArticleBudget } from './article-budget';
import { ArticleWriter, NotionTarget } from './article-writer';
import { GenerationRepository } from './generation.repository';
import { SectionWriter, TemplateRun } from './section-writer';

const STATUS: StatusProperty = { id: 'st', name: 'Status', type: 'status', options: Object.values(DEFAULT_STATUS_CONFIG.values) };
const TARGET: NotionTarget = { secret: 'ntn_secret', status: STATUS, statusConfig: DEFAULT_STATUS_CONFIG };

const template: ArticleRow = {
  id: 'article-1',
  ...ownedBy(SCOPE),
  articleTitle: 'Guide',
  articleType: 'Guide',
  notes: '',
  bulk: false,
  sections: ['Intro', 'Body'].map((heading) => ({
    section: `section-${heading}`,
    heading,
    systemPrompt: 'Be brief.',
    userPrompt: `Write the ${heading} of {{title}}.`,
    model: 'model-1',
    temperature: 0.7,
    logit_bias_group: null,
  })),
  createdAt: new Date(0),
  updatedAt: new Date(0),
};

describe(ArticleWriter.name, () => {
  async function build() {
    const bulk = portMock<SectionDeferral>('SectionDeferral', ['defer', 'park', 'reopened']);
    const budget = portMock<ArticleBudget>('ArticleBudget', ['reserve', 'beforeSection', 'ended']);
    const built = await buildService(
      ArticleWriter,
      {
        jobs: GenerationRepository,
        articles: ArticlesRepository,
        clients: ClientsRepository,
        sections: SectionWriter,
        notion: NotionClient,
        docs: GoogleDocs,
        google: GoogleAccessService,
        members: MembersRepository,
        notionSettings: NotionSettingsReader,
      },
      [RowTemplates, { provide: SECTION_DEFERRAL, useValue: bulk }, { provide: ARTICLE_BUDGET, useValue: budget }],
    );
    budget.reserve.mockResolvedValue();
    budget.beforeSection.mockResolvedValue();
    built.articles.findByType.mockResolvedValue([template]);
    built.jobs.update.mockResolvedValue();
    built.jobs.sections.mockResolvedValue([]);
    built.jobs.saveSection.mockResolvedValue();
    built.jobs.complete.mockResolvedValue();
    built.jobs.renewLease.mockResolvedValue();
    // The section writer as it behaves: each section saved, then reported (where the writing may be stopped).
    built.sections.write.mockImplementation(async (run: TemplateRun) => {
      const written = [];
      for (const [position, section] of run.template.sections.entries()) {
        await run.save({
          position,
          heading: section.heading,
          content: `${section.heading} text`,
          tokens: 10,
          vendor: 'openai',
          reasoningEffort: null,
          reasoningTokens: 0,
          examples: null,
          model: 'gpt-4o-mini',
          temperature: 0.7,
          logitBiasGroup: null,
          systemMessage: section.systemPrompt,
          userMessage: section.userPrompt,
          promptTokens: 5,
          completionTokens: 10,
          cachedTokens: 0,
          durationMs: 300,
        });
        written.push({ heading: section.heading, content: `${section.heading} text`, tokens: 10 });
        await run.afterEach?.(written.length, written.length * 10);
      }
      return written;
    });
    built.notion.childIds.mockResolvedValue([{ id: 'block-0', type: 'paragraph', text: 'Brief' }]);
    built.notion.append.mockResolvedValue();
    built.notion.setStatus.mockResolvedValue();
    return built;
  }

  const context = (notion: Promise<NotionTarget>, sectionsWritten = jest.fn()) => ({
    job: job({ pageProperties: { Type: 'Guide' } }),
    openAiKey: 'sk-key',
    notion,
    sectionsWritten,
  });

  it('should hand its slot over once the sections are written, before anything is delivered, then deliver', async () => {
    const { sut, notion, jobs } = await build();
    const sectionsWritten = jest.fn(() => {
      expect(jobs.saveSection).toHaveBeenCalledTimes(2);
      expect(notion.append).not.toHaveBeenCalled();
    });

    await sut.write(context(Promise.resolve(TARGET), sectionsWritten));

    expect(sectionsWritten).toHaveBeenCalledTimes(1);
    expect(notion.append).toHaveBeenCalledWith('ntn_secret', 'page-1', expect.any(Array));
    expect(notion.setStatus).toHaveBeenCalledWith('ntn_secret', 'page-1', STATUS, DEFAULT_STATUS_CONFIG.values.complete);
    expect(jobs.complete).toHaveBeenCalledWith('job-1', { viewUrl: 'https://notion.so/page-1', tokens: 20, sectionsDone: 2 });
  });

  it('should wait for Notion’s settings only to deliver, writing the sections meanwhile', async () => {
    const { sut, notion, jobs } = await build();
    let settle!: (target: NotionTarget) => void;
    const writing = sut.write(context(new Promise((resolve) => (settle = resolve))));

    await new Promise((resolve) => setImmediate(resolve));
    expect(jobs.saveSection).toHaveBeenCalledTimes(2);
    expect(notion.childIds).not.toHaveBeenCalled();

    settle(TARGET);
    await writing;
    expect(jobs.complete).toHaveBeenCalled();
  });

  it('should stop after the current section when Notion’s settings are refused, and deliver nothing', async () => {
    const { sut, notion, jobs } = await build();
    const refusal = new IntegrationError('Notion', 'refused the secret (401).', 401);
    const refused = Promise.reject(refusal);
    refused.catch(() => undefined);
    const sectionsWritten = jest.fn();

    await expect(sut.write(context(refused, sectionsWritten))).rejects.toBe(refusal);

    expect(jobs.saveSection).toHaveBeenCalledTimes(1);
    expect(sectionsWritten).not.toHaveBeenCalled();
    expect(notion.append).not.toHaveBeenCalled();
    expect(jobs.complete).not.toHaveBeenCalled();
  });
});
