import { Registry } from 'prom-client';
import { buildService } from '../../../test/support/unit';
import { Metrics } from '../metrics/metrics';
import { AuditRepository } from '../workspaces/audit.repository';
import { RowTemplates } from '../generation/row-templates';
import { CpuPool } from '../cpu-pool/cpu-pool.service';
import { ProviderChat } from '../connections/provider-chat';
import type { ArticleRow } from '../articles/articles.schema';
import { ClientsRepository } from '../clients/clients.repository';
import { ArticlesRepository } from '../articles/articles.repository';
import type { ClientRow } from '../clients/clients.schema';
import { APP_CONFIG } from '../config/config.module';
import type { PriceTable } from '../config/price-table';
import { BudgetStop, BudgetWait } from '../generation/article-budget';
import { GenerationError } from '../generation/generation-error';
import { ArticleQueue } from '../generation/article-queue';
import { GenerationRepository } from '../generation/generation.repository';
import type { GenerationJobRow } from '../generation/generation.schema';
import { BudgetsRepository } from './budgets.repository';
import type { BudgetRow } from './budgets.schema';
import { usd, BudgetsService } from './budgets.service';
import { monthOf } from '../common/month';

const job = { id: 'job-1', workspaceId: 'workspace-1', pageProperties: {}, reservedUsd: null, spentUsd: 0, sectionsDone: 0 } as unknown as GenerationJobRow;
const section = (heading: string) => ({
  section: heading,
  heading,
  systemPrompt: 'You write.',
  userPrompt: 'Write.',
  model: 'model-1',
  temperature: 0.5,
  logit_bias_group: null,
});
const article = { id: 'article-1', bulk: false, sections: [section('Intro'), section('Body')] } as unknown as ArticleRow;
const client = { id: 'client-1', name: 'Acme' } as ClientRow;
const budget = (clientId: string | null, monthlyLimitUsd: number, articleId: string | null = null) =>
  ({ id: 'budget-1', workspaceId: 'workspace-1', clientId, articleId, monthlyLimitUsd }) as BudgetRow;

describe(BudgetsService.name, () => {
  async function build(models: PriceTable['models'] = { 'gpt-x': { input: 1, cachedInput: 0.5, output: 2 } }) {
    const prices: PriceTable = { readOn: '2026-11-23', models, fineTuned: {}, training: {} };
    const built = await buildService(
      BudgetsService,
      {
        budgets: BudgetsRepository,
        clients: ClientsRepository,
        articles: ArticlesRepository,
        jobs: GenerationRepository,
        queue: ArticleQueue,
        audit: AuditRepository,
        rowTemplates: RowTemplates,
        cpu: CpuPool,
        providers: ProviderChat,
      },
      [
        { provide: APP_CONFIG, useValue: { openAiPrices: prices } },
        { provide: Metrics, useValue: { registry: new Registry() } },
      ],
    );
    // OpenAI's tokenizer, as the CPU pool runs it: four characters a token here, so that the figures below read easily.
    built.cpu.run.mockImplementation(async (_task, input) => (input as { texts: string[] }).texts.map((text) => Math.ceil(text.length / 4)) as never);
    built.budgets.estimatedModels.mockResolvedValue([{ id: 'model-1', name: 'gpt-x', connectionId: null, mostWritten: 1000 }]);
    built.jobs.sections.mockResolvedValue([]);
    built.budgets.spentAndReserved.mockResolvedValue({ spentUsd: 0, reservedUsd: null, clientId: null });
    return built;
  }

  describe('reserve', () => {
    it("should hold the article's estimate against its limits, with its client", async () => {
      const { sut, budgets } = await build();
      budgets.hold.mockResolvedValue(null);
      await sut.reserve(job, article, client);
      expect(budgets.hold).toHaveBeenCalledWith(job, { clientId: 'client-1', articleId: 'article-1' }, expect.any(Number), monthOf(new Date()).key);
      expect(budgets.hold.mock.calls[0][2]).toBeGreaterThan(0);
    });

    it("should count an OpenAI model's prompts with its tokenizer, each prompt once a server", async () => {
      const { sut, budgets, cpu } = await build();
      budgets.hold.mockResolvedValue(null);
      cpu.run.mockImplementation(async (_task, input) => (input as { texts: string[] }).texts.map(() => 1000) as never);
      await sut.reserve(job, article, null);
      expect(cpu.run).toHaveBeenCalledWith('countTokens', { texts: expect.arrayContaining(['You write.\nWrite.']), family: 'o200k_base' });
      // Two sections of 1,000 prompt tokens and 1,000 written, at $1 and $2 a million.
      expect(budgets.hold.mock.calls[0][2]).toBeCloseTo((2 * (1000 + 2000)) / 1e6, 9);

      // The same prompts again are not sent to the pool again.
      await sut.reserve(job, article, null);
      expect(cpu.run).toHaveBeenCalledTimes(1);
      expect(budgets.hold.mock.calls[1][2]).toBe(budgets.hold.mock.calls[0][2]);
    });

    it("should count a provider's prompts by its vendor's count endpoint once a server, and at four characters a token where it cannot count", async () => {
      const { sut, budgets, cpu, providers } = await build();
      budgets.hold.mockResolvedValue(null);
      budgets.estimatedModels.mockResolvedValue([{ id: 'model-1', name: 'gpt-x', connectionId: 'provider-1', mostWritten: 1000 }]);
      providers.countTokens.mockResolvedValue([700]);
      await sut.reserve(job, article, null);
      expect(cpu.run).not.toHaveBeenCalled();
      expect(providers.countTokens).toHaveBeenCalledWith({ workspaceId: 'workspace-1' }, 'provider-1', 'gpt-x', ['You write.\nWrite.']);
      expect(budgets.hold.mock.calls[0][2]).toBeCloseTo((2 * (700 + 2000)) / 1e6, 9);
      await sut.reserve(job, article, null);
      expect(providers.countTokens).toHaveBeenCalledTimes(1);

      // A vendor that fails to count: the prompts by length, and the vendor not asked again at the next row.
      const byLength = (2 * (Math.ceil('You write.\nWrite.'.length / 4) + 2000)) / 1e6;
      budgets.estimatedModels.mockResolvedValue([{ id: 'model-1', name: 'gpt-x', connectionId: 'provider-3', mostWritten: 1000 }]);
      providers.countTokens.mockRejectedValue(new Error('Anthropic is overloaded (count the tokens of a prompt for gpt-x); try again in a minute.'));
      await sut.reserve(job, article, null);
      await sut.reserve(job, article, null);
      expect(providers.countTokens).toHaveBeenCalledTimes(2);
      expect(budgets.hold.mock.calls[2][2]).toBeCloseTo(byLength, 9);
      expect(budgets.hold.mock.calls[3][2]).toBeCloseTo(byLength, 9);

      // A vendor with no count endpoint (an OpenAI-compatible server): by length too.
      budgets.estimatedModels.mockResolvedValue([{ id: 'model-1', name: 'gpt-x', connectionId: 'provider-2', mostWritten: 1000 }]);
      providers.countTokens.mockResolvedValue(null);
      await sut.reserve(job, article, null);
      expect(budgets.hold.mock.calls[4][2]).toBeCloseTo(byLength, 9);
    });

    it('should reserve nothing again for an article that has reserved (a bulk article woken for its next round)', async () => {
      const { sut, budgets } = await build();
      await sut.reserve({ ...job, spentUsd: 0.1, reservedUsd: 0.3 }, article, null);
      expect(budgets.hold).not.toHaveBeenCalled();
    });

    it('should make the article wait, saying how much is left and how much it needs, until the month turns', async () => {
      const { sut, budgets } = await build();
      budgets.hold.mockResolvedValue({ budget: budget('client-1', 1), usedUsd: 0.58 });
      const waited = await sut.reserve(job, article, client).catch((error: unknown) => error);
      expect(waited).toBeInstanceOf(BudgetWait);
      const month = monthOf(new Date());
      expect(waited).toMatchObject({ clientId: 'client-1', articleId: 'article-1', until: month.next });
      expect((waited as Error).message).toMatch(
        new RegExp(
          `^Waiting: the client's budget for ${month.name} has \\$0\\.42 left and this article needs about \\$\\d+\\.\\d+\\. It starts by itself when the limit is raised or the month turns\\.$`,
        ),
      );
    });

    it("should name the template's budget when that is the limit the article does not fit in", async () => {
      const { sut, budgets } = await build();
      budgets.hold.mockResolvedValue({ budget: budget(null, 1, 'article-1'), usedUsd: 0.99 });
      await expect(sut.reserve(job, article, client)).rejects.toThrow(/^Waiting: the template's budget for \w+ has \$0\.01 left and this article needs about /);
    });

    it('should say so when the article needs more than the whole limit', async () => {
      const { sut, budgets } = await build();
      budgets.hold.mockResolvedValue({ budget: budget(null, 0.0001), usedUsd: 0 });
      await expect(sut.reserve(job, article, null)).rejects.toThrow(
        /^Waiting: this article needs about \$\d+\.\d+, more than the workspace's budget of \$0\.0001 a month; raise the limit to write it\.$/,
      );
    });

    it('should stop an article whose model has no known price where a limit would have to hold it', async () => {
      const { sut, budgets } = await build({});
      budgets.hold.mockResolvedValue({ budget: budget(null, 5), usedUsd: 0 });
      await expect(sut.reserve(job, article, null)).rejects.toThrow(BudgetStop);
      expect(budgets.hold.mock.calls[0][2]).toBeNull();
    });
  });

  describe('create', () => {
    it('should refuse a limit for a client and a template at once, and a template of another workspace', async () => {
      const { sut, budgets, clients, articles } = await build();
      await expect(sut.create({ workspaceId: 'workspace-1', userId: 'user-1' }, { clientId: 'client-1', articleId: 'article-1' }, 5)).rejects.toThrow(
        'Set a limit for a client or for a template, not both at once.',
      );
      articles.findOwned.mockResolvedValue(null);
      await expect(sut.create({ workspaceId: 'workspace-1', userId: 'user-1' }, { clientId: null, articleId: 'article-9' }, 5)).rejects.toThrow(
        'article_id must be the _id of one of your article templates, or null',
      );
      expect(clients.findOwned).not.toHaveBeenCalled();
      expect(budgets.set).not.toHaveBeenCalled();
    });
  });

  describe('beforeSection', () => {
    it('should ask nothing while the article has cost no more than it reserved', async () => {
      const { sut, budgets } = await build();
      budgets.spentAndReserved.mockResolvedValue({ spentUsd: 0.002, reservedUsd: 0.005, clientId: null });
      await sut.beforeSection(job, article, 1);
      expect(budgets.hold).not.toHaveBeenCalled();
    });

    it('should reserve the rest again once the vendor cost more than reserved, and stop the article when it does not fit', async () => {
      const { sut, budgets } = await build();
      budgets.spentAndReserved.mockResolvedValue({ spentUsd: 0.006, reservedUsd: 0.005, clientId: 'client-1' });
      budgets.hold.mockResolvedValueOnce(null);
      await sut.beforeSection(job, article, 1);
      // What it spent, and the one section left.
      expect(budgets.hold).toHaveBeenCalledWith(
        { ...job, spentUsd: 0.006 },
        { clientId: 'client-1', articleId: 'article-1' },
        0.006 + (Math.ceil('You write.\nWrite.'.length / 4) + 2000) / 1e6,
        expect.any(String),
      );

      budgets.hold.mockResolvedValueOnce({ budget: budget('client-1', 0.0065), usedUsd: 0.006 });
      await expect(sut.beforeSection(job, article, 1)).rejects.toThrow(
        /^Stopped before section "Body": the client's budget for \w+ has \$0\.0005 left and the rest of this article needs about \$0\.0020\. The sections written are kept; raise the limit and retry it\.$/,
      );
    });
  });

  describe('estimateRows', () => {
    it('should add up what the rows at the start value would reserve, counting those that name no template or an unpriced model', async () => {
      const { sut, rowTemplates } = await build();
      const scope = { workspaceId: 'workspace-1', userId: null };
      const priced = (await sut.estimateTemplate(scope, article)).usd!;
      rowTemplates.rowsToStart.mockResolvedValue({ startValue: 'Start Generating', rows: [{ Type: 'Guide' }, { Type: 'Nope' }, { Type: 'Guide' }] });
      rowTemplates.templateFor.mockImplementation(async (_scope, properties) => {
        if (properties.Type === 'Guide') return article;
        throw new GenerationError('No article template has the type "Nope" (the page\'s Type property).');
      });

      expect(await sut.estimateRows(scope)).toEqual({ startValue: 'Start Generating', rows: 3, usd: 2 * priced, unpriced: 0, withoutTemplate: 1 });

      // Anything but a row's own fault is not an estimate.
      rowTemplates.templateFor.mockRejectedValue(new Error('connection reset'));
      await expect(sut.estimateRows(scope)).rejects.toThrow('connection reset');
    });

    it('should leave out the rows whose model has no known price, counted', async () => {
      const { sut, rowTemplates } = await build({});
      rowTemplates.rowsToStart.mockResolvedValue({ startValue: 'Start Generating', rows: [{ Type: 'Guide' }] });
      rowTemplates.templateFor.mockResolvedValue(article);
      expect(await sut.estimateRows({ workspaceId: 'workspace-1', userId: null })).toMatchObject({ rows: 1, usd: 0, unpriced: 1 });
    });
  });

  describe('ended', () => {
    it('should warn of a limit at 80 % and at 100 % of its month, once each whichever server sees it, then start the waiting articles', async () => {
      const { sut, budgets, audit, queue } = await build();
      const spend = (spentUsd: number) => [{ budget: budget('client-1', 10), clientName: 'Acme', articleName: null, spentUsd, heldUsd: 0, waiting: 0 }];
      budgets.markWarned.mockResolvedValue(true);
      audit.record.mockResolvedValue();
      queue.startWaiting.mockResolvedValue();

      budgets.list.mockResolvedValue(spend(7.9));
      await sut.ended('workspace-1');
      expect(budgets.markWarned).not.toHaveBeenCalled();
      expect(queue.startWaiting).toHaveBeenCalledWith('workspace-1');

      budgets.list.mockResolvedValue(spend(8));
      await sut.ended('workspace-1');
      expect(budgets.markWarned).toHaveBeenLastCalledWith('budget-1', expect.stringMatching(/^\d{4}-\d{2}$/), 80);
      expect(audit.record).toHaveBeenCalledWith({ userId: null, name: 'Quire', role: 'owner', workspaceId: 'workspace-1' }, 'warn', 'budgets', 'budget-1', {
        after: expect.objectContaining({ percent: 80, client_name: 'Acme', monthly_limit_usd: 10, spent_usd: 8 }),
      });

      // Another server warned of it first: no second event.
      budgets.markWarned.mockResolvedValue(false);
      budgets.list.mockResolvedValue(spend(10.5));
      await sut.ended('workspace-1');
      expect(budgets.markWarned).toHaveBeenLastCalledWith('budget-1', expect.any(String), 100);
      expect(audit.record).toHaveBeenCalledTimes(1);
    });
  });
});

describe('usd', () => {
  it.each([
    [0, '$0.00'],
    [0.42, '$0.42'],
    [12.345, '$12.35'],
    [0.0042, '$0.0042'],
  ])('should write %d as %s', (amount, words) => {
    expect(usd(amount)).toBe(words);
  });
});
