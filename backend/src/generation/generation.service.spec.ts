import { generationJobRow as job, scope as SCOPE } from '../../../test/support/rows';
import { buildService, portMock } from '../../../test/support/unit';
import { IntegrationError } from '../common/integration-error';
import { APP_CONFIG } from '../config/config.module';
import { NotionClient, NotionPage, StatusProperty } from '../integrations/notion/notion.client';
import { JobsService } from '../jobs/jobs.service';
import { ArticleQueue } from './article-queue';
import { ARTICLE_BUDGET, ArticleBudget, BudgetWait } from './article-budget';
import { DEFAULT_STATUS_CONFIG } from '../workspaces/settings.dto';
import { WorkspaceSettingsService } from '../workspaces/settings.service';
import { WorkspaceSettingsRepository } from '../workspaces/settings.repository';
import { NotionWebhooksRepository } from '../notion-webhooks/notion-webhooks.repository';
import { ArticleFailures } from './article-failures';
import { ArticleWriter, GenerationError } from './article-writer';
import { GenerationRepository } from './generation.repository';
import { GENERATION_QUEUE, GenerationService, JOB_ATTEMPTS } from './generation.service';
import { NotionSettingsReader } from './notion-settings';
import { SECTION_DEFERRAL, SectionDeferral } from './section-deferral';

const { start, inProgress, error: errorValue } = DEFAULT_STATUS_CONFIG.values;
const STATUS: StatusProperty = { id: 'st', name: 'Status', type: 'status', options: Object.values(DEFAULT_STATUS_CONFIG.values) };

const page = (id: string): NotionPage => ({
  object: 'page',
  id,
  url: `https://notion.so/${id}`,
  properties: { Name: { type: 'title', title: [{ plain_text: `Title ${id}` }] } },
});

describe(GenerationService.name, () => {
  async function build({ secrets = { NOTION_SECRET: 'ntn_secret', DATABASE_ID: 'db', OPENAI_API_KEY: 'sk-key' } as Record<string, string | null> } = {}) {
    const deferral = portMock<SectionDeferral>('SectionDeferral', ['defer', 'park', 'reopened']);
    const budget = portMock<ArticleBudget>('ArticleBudget', ['reserve', 'beforeSection', 'ended']);
    const built = await buildService(
      GenerationService,
      {
        jobs: GenerationRepository,
        queue: JobsService,
        connections: WorkspaceSettingsService,
        workspaceRows: WorkspaceSettingsRepository,
        webhooks: NotionWebhooksRepository,
        notion: NotionClient,
        writer: ArticleWriter,
      },
      [
        { provide: APP_CONFIG, useValue: { generationRetrySeconds: 30 } },
        { provide: SECTION_DEFERRAL, useValue: deferral },
        { provide: ARTICLE_BUDGET, useValue: budget },
        NotionSettingsReader,
        ArticleFailures,
        ArticleQueue,
      ],
    );
    deferral.reopened.mockResolvedValue();
    built.connections.getSecrets.mockImplementation(async (_user, names) => ({
      secrets: Object.fromEntries(names.map((name) => [name, secrets[name] ?? null])) as never,
      statusConfig: DEFAULT_STATUS_CONFIG,
    }));
    built.notion.dataSource.mockResolvedValue({ id: 'source-1', name: 'Articles', count: 1 });
    built.notion.statusProperty.mockResolvedValue(STATUS);
    built.notion.setStatus.mockResolvedValue();
    built.notion.propertyReader.mockReturnValue({ pageTitle: async () => '', relationIds: async () => [] });
    // The poll reads the rows to start as they come: the same rows each test gives pagesWithStatus.
    built.notion.eachPageWithStatus.mockImplementation(async function* (...args) {
      yield* await built.notion.pagesWithStatus(...args);
    });
    built.queue.send.mockResolvedValue(null as never);
    built.jobs.fail.mockResolvedValue();
    budget.ended.mockResolvedValue();
    return { ...built, budget };
  }

  describe('poll', () => {
    it('should claim each row at the start value, set it in progress and queue its job', async () => {
      const { sut, jobs, notion, queue } = await build();
      notion.pagesWithStatus.mockImplementation(async (_s, _d, _p, value) => (value === start ? [page('page-1')] : []));
      jobs.claim.mockResolvedValue(job({ id: 'job-1', status: 'queued' }));

      const report = await sut.poll(SCOPE);

      expect(jobs.claim).toHaveBeenCalledWith({
        scope: SCOPE,
        notionPageId: 'page-1',
        notionPageUrl: 'https://notion.so/page-1',
        title: 'Title page-1',
        pageProperties: { Name: 'Title page-1' },
      });
      expect(notion.setStatus).toHaveBeenCalledWith('ntn_secret', 'page-1', STATUS, inProgress);
      expect(queue.send).toHaveBeenCalledWith(GENERATION_QUEUE, { jobId: 'job-1' }, { singletonKey: 'job-1' });
      expect(report).toMatchObject({ found: 1, claimed: 1, problem: null });
    });

    it('should claim every row before it queues any, so that a bulk round gathers them all', async () => {
      const { sut, jobs, notion, queue } = await build();
      notion.pagesWithStatus.mockImplementation(async (_s, _d, _p, value) => (value === start ? [page('page-1'), page('page-2')] : []));
      const steps: string[] = [];
      jobs.claim.mockImplementation(async ({ notionPageId }) => {
        steps.push(`claim ${notionPageId}`);
        return job({ id: `job-${notionPageId.slice(-1)}`, status: 'queued' });
      });
      queue.send.mockImplementation(async (_queue, data) => {
        steps.push(`queue ${(data as { jobId: string }).jobId}`);
        return null as never;
      });

      expect(await sut.poll(SCOPE)).toMatchObject({ found: 2, claimed: 2 });
      expect(steps).toEqual(['claim page-1', 'claim page-2', 'queue job-1', 'queue job-2']);
    });

    it("should claim the rows as Notion's pages of results come, each page before the next is read", async () => {
      const { sut, jobs, notion } = await build();
      const steps: string[] = [];
      notion.eachPageWithStatus.mockImplementation(async function* (_s, _d, _p, value) {
        if (value !== start) return;
        steps.push('read 1');
        yield page('page-1');
        yield page('page-2');
        steps.push('read 2');
        yield page('page-3');
      });
      notion.pagesWithStatus.mockResolvedValue([]);
      jobs.claim.mockImplementation(async ({ notionPageId }) => {
        steps.push(`claim ${notionPageId}`);
        return job({ id: `job-${notionPageId.slice(-1)}`, status: 'queued' });
      });

      const report = await sut.poll(SCOPE);

      expect(steps).toEqual(['read 1', 'claim page-1', 'claim page-2', 'read 2', 'claim page-3']);
      expect(report).toMatchObject({ found: 3, claimed: 3 });
    });

    it('should leave a row another process claimed alone', async () => {
      const { sut, jobs, notion, queue } = await build();
      notion.pagesWithStatus.mockImplementation(async (_s, _d, _p, value) => (value === start ? [page('page-1')] : []));
      jobs.claim.mockResolvedValue(null);

      const report = await sut.poll(SCOPE);

      expect(notion.setStatus).not.toHaveBeenCalled();
      expect(queue.send).not.toHaveBeenCalled();
      expect(report).toMatchObject({ found: 1, claimed: 0 });
    });

    it('should fail the claimed job, not queue it, when the row cannot be set in progress', async () => {
      const { sut, jobs, notion, queue } = await build();
      notion.pagesWithStatus.mockImplementation(async (_s, _d, _p, value) => (value === start ? [page('page-1')] : []));
      jobs.claim.mockResolvedValue(job({ id: 'job-1', status: 'queued' }));
      notion.setStatus.mockRejectedValue(new IntegrationError('Notion', 'refused to set the page status.', 400));

      await sut.poll(SCOPE);

      expect(jobs.fail).toHaveBeenCalledWith('job-1', 'Notion: refused to set the page status.');
      expect(queue.send).not.toHaveBeenCalled();
    });

    it('should report missing Notion settings instead of throwing', async () => {
      const { sut, jobs } = await build({ secrets: { OPENAI_API_KEY: 'sk-key' } });

      const report = await sut.poll(SCOPE);

      expect(report.problem).toBe('Notion is not set up: save the Notion secret and database id in Notion Settings on Home.');
      expect(jobs.claim).not.toHaveBeenCalled();
      expect(sut.lastReport(SCOPE)).toBe(report);
    });

    it('should fail a row left in progress that no job of this Quire writes, and mark it as an error', async () => {
      const { sut, jobs, notion } = await build();
      notion.pagesWithStatus.mockImplementation(async (_s, _d, _p, value) => (value === inProgress ? [page('page-9')] : []));
      jobs.latestForPage.mockResolvedValue(null);
      jobs.claim.mockResolvedValue(job({ id: 'orphan', notionPageId: 'page-9' }));

      await sut.poll(SCOPE);

      expect(jobs.fail).toHaveBeenCalledWith(
        'orphan',
        `The page was "${inProgress}" but Quire had no job writing it; set its status back to "${start}" to write it.`,
      );
      expect(notion.setStatus).toHaveBeenCalledWith('ntn_secret', 'page-9', STATUS, errorValue);
    });
  });

  describe('run', () => {
    it('should do nothing when the job has ended or another process holds its lease', async () => {
      const { sut, jobs, writer } = await build();
      jobs.start.mockResolvedValue(null);

      await sut.run('job-1');

      expect(writer.write).not.toHaveBeenCalled();
    });

    it('should write the article with the user’s keys and fail nothing', async () => {
      const { sut, jobs, writer } = await build();
      jobs.start.mockResolvedValue(job());
      writer.write.mockResolvedValue('written');

      await sut.run('job-1');

      expect(writer.write).toHaveBeenCalledWith(expect.objectContaining({ openAiKey: 'sk-key' }));
      await expect(writer.write.mock.calls[0][0].notion).resolves.toMatchObject({ secret: 'ntn_secret', status: STATUS, statusConfig: DEFAULT_STATUS_CONFIG });
      expect(jobs.fail).not.toHaveBeenCalled();
    });

    it('should tell the budgets once an article is written, which may have spent less than it held (the waiting ones try again)', async () => {
      const { sut, jobs, writer, budget } = await build();
      jobs.start.mockResolvedValue(job());
      writer.write.mockResolvedValue('written');

      await sut.run('job-1');

      expect(budget.ended).toHaveBeenCalledWith(job().workspaceId);
    });

    it('should leave an article that does not fit in a budget waiting, its row in progress, until the month turns', async () => {
      const { sut, jobs, writer, notion } = await build();
      jobs.start.mockResolvedValue(job());
      jobs.waitForBudget.mockResolvedValue();
      const until = new Date('2026-12-01T00:00:00Z');
      writer.write.mockRejectedValue(
        new BudgetWait("Waiting: the client's budget for November has $0.42 left and this article needs about $0.61.", 'client-1', 'article-1', until),
      );

      await sut.run('job-1');

      expect(jobs.waitForBudget).toHaveBeenCalledWith(
        'job-1',
        { clientId: 'client-1', articleId: 'article-1' },
        "Waiting: the client's budget for November has $0.42 left and this article needs about $0.61.",
        until,
      );
      expect(jobs.fail).not.toHaveBeenCalled();
      expect(notion.setStatus).not.toHaveBeenCalled();
    });

    it('should hand its worker’s slot over once the sections are written, and deliver after', async () => {
      const { sut, jobs, writer } = await build();
      jobs.start.mockResolvedValue(job());
      const handOver = jest.fn();
      writer.write.mockImplementation(async (ctx) => {
        expect(handOver).not.toHaveBeenCalled();
        ctx.sectionsWritten();
        expect(handOver).toHaveBeenCalledTimes(1);
        return 'written';
      });

      await sut.run('job-1', handOver);

      expect(writer.write).toHaveBeenCalled();
      expect(handOver).toHaveBeenCalledTimes(1);
    });

    it("should write without an OpenAI key when none is saved (sections on other providers need none), failing the row with the writer's reason", async () => {
      const { sut, jobs, notion, writer } = await build({ secrets: { NOTION_SECRET: 'ntn_secret', DATABASE_ID: 'db' } });
      jobs.start.mockResolvedValue(job());
      writer.write.mockRejectedValue(new GenerationError('No OpenAI API key is saved: add it in OpenAI Settings on Home.'));

      await sut.run('job-1');

      expect(writer.write).toHaveBeenCalledWith(expect.objectContaining({ openAiKey: null }));
      expect(notion.setStatus).toHaveBeenCalledWith('ntn_secret', 'page-1', STATUS, errorValue);
      expect(jobs.fail).toHaveBeenCalledWith('job-1', 'No OpenAI API key is saved: add it in OpenAI Settings on Home.');
    });

    it('should hand a passing fault back to the queue, waiting twice as long each attempt, leaving the row in progress', async () => {
      const { sut, jobs, notion, writer, queue } = await build();
      jobs.start.mockResolvedValue(job({ attempts: 2 }));
      jobs.retryLater.mockResolvedValue();
      writer.write.mockRejectedValue(new IntegrationError('OpenAI', 'was overloaded.', 503));

      await sut.run('job-1');

      expect(jobs.retryLater).toHaveBeenCalledWith('job-1', expect.any(Date), 'OpenAI: was overloaded. Trying again in 60 s.');
      expect(queue.send).toHaveBeenCalledWith(GENERATION_QUEUE, { jobId: 'job-1' }, { singletonKey: 'job-1', startAfter: 60 });
      expect(jobs.fail).not.toHaveBeenCalled();
      expect(notion.setStatus).not.toHaveBeenCalled();
    });

    it('should fail a passing fault on the last attempt', async () => {
      const { sut, jobs, writer } = await build();
      jobs.start.mockResolvedValue(job({ attempts: JOB_ATTEMPTS }));
      jobs.retryLater.mockResolvedValue();
      writer.write.mockRejectedValue(new IntegrationError('OpenAI', 'was overloaded.', 503));

      await sut.run('job-1');

      expect(jobs.retryLater).not.toHaveBeenCalled();
      expect(jobs.fail).toHaveBeenCalledWith('job-1', 'OpenAI: was overloaded.');
    });

    it('should fail a refusal at once', async () => {
      const { sut, jobs, writer } = await build();
      jobs.start.mockResolvedValue(job({ attempts: 1 }));
      writer.write.mockRejectedValue(new GenerationError('No article template has the type "guide" (the page\'s Type property).'));

      await sut.run('job-1');

      expect(jobs.fail).toHaveBeenCalledWith('job-1', 'No article template has the type "guide" (the page\'s Type property).');
    });

    it('should not show an unexpected error’s text, which may hold anything', async () => {
      const { sut, jobs, writer } = await build();
      jobs.start.mockResolvedValue(job());
      writer.write.mockRejectedValue(new TypeError('Authorization: Bearer sk-secret'));

      await sut.run('job-1');

      expect(jobs.fail).toHaveBeenCalledWith('job-1', 'Unexpected error (TypeError); the server log has the details.');
    });
  });
  describe('testNotion', () => {
    it('should answer what is wrong with the settings as a failed test', async () => {
      const { sut } = await build({ secrets: {} });

      expect(await sut.testNotion(SCOPE)).toEqual({
        ok: false,
        message: 'Notion is not set up: save the Notion secret and database id in Notion Settings on Home.',
      });
    });

    it('should let a database failure through (a 500), not answer it as a failed test of the settings', async () => {
      const { sut, connections } = await build();
      const failure = Object.assign(new Error('Failed query: select … params: ntn_secret'), { code: '57P01' });
      connections.getSecrets.mockRejectedValue(failure);

      await expect(sut.testNotion(SCOPE)).rejects.toBe(failure);
    });
  });
});
