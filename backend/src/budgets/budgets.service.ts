import { BadRequestException, ConflictException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import type { ArticleRow } from '../articles/articles.schema';
import type { ClientRow } from '../clients/clients.schema';
import { ClientsRepository } from '../clients/clients.repository';
import { APP_CONFIG } from '../config/config.module';
import { AppConfig } from '../config/config';
import { ArticleBudget, BudgetStop, BudgetWait } from '../generation/article-budget';
import { GenerationRepository } from '../generation/generation.repository';
import type { GenerationJobRow } from '../generation/generation.schema';
import { ArticleQueue } from '../generation/article-queue';
import { GenerationError } from '../generation/generation-error';
import { RowTemplates } from '../generation/row-templates';
import { spentUsd } from '../integrations/openai/usage';
import type { SectionSnapshot } from '../sections/sections.schema';
import { Scope, scopeOf, workspaceScope } from '../workspaces/scope';
import { AuditActor, AuditRepository } from '../workspaces/audit.repository';
import { Metrics } from '../metrics/metrics';
import { Gauge } from 'prom-client';
import { monthOf } from '../common/month';
import { EstimatedModel, estimateSections, SectionEstimate, textsToCount, tokensByLength, totalUsd } from './budget-estimate';
import { CpuPool } from '../cpu-pool/cpu-pool.service';
import { tokenizerFor } from '../integrations/openai/model-catalogue';
import { ProviderChat } from '../connections/provider-chat';
import { BudgetSpend, BudgetsRepository, Overrun, Whose } from './budgets.repository';
import { ArticlesRepository } from '../articles/articles.repository';
import type { BudgetRow } from './budgets.schema';

/** Dollars as History says them: cents, or four decimals below a cent. */
export function usd(amount: number): string {
  return `$${amount > 0 && amount < 0.01 ? amount.toFixed(4) : amount.toFixed(2)}`;
}

/** The shares of a limit the month's spend is warned of (Home's banner, the audit log), highest last. */
export const WARN_AT_PERCENT = [80, 100] as const;

/** Who the audit log names for what Quire itself noticed. */
const QUIRE: Omit<AuditActor, 'workspaceId'> = { userId: null, name: 'Quire', role: 'owner' };

/** How many counted texts a server keeps: a workspace's templates' prompts, many times over. */
const COUNTED_KEPT = 2_000;

/** How long a provider's model whose count failed is estimated by length before its vendor is asked again. */
const COUNT_RETRY_MS = 10 * 60_000;

/** Whose limit it is, as History names it. */
const whose = (budget: BudgetRow) => (budget.clientId ? "the client's budget" : budget.articleId ? "the template's budget" : "the workspace's budget");

/** A limit with its month's spend, as Home and the clients list show it. */
export interface BudgetReport extends BudgetSpend {
  month: string;
  /** The month's spend at its pace so far, carried to the month's end. */
  projectedUsd: number;
}

/** A section's model as an estimate reads it (null: the model is gone). */
type ModelOf = (section: SectionSnapshot) => EstimatedModel | null;

/** What writing the rows at the start value would cost (GET /api/generation/estimate). */
export interface RowsEstimate {
  startValue: string;
  rows: number;
  /** The rows whose template and prices are known. */
  usd: number;
  unpriced: number;
  withoutTemplate: number;
}

/**
 * Monthly spending limits of a workspace and its clients, and the ArticleBudget port the writing
 * calls: an article reserves its estimate against every limit it falls under before it starts,
 * waits when it does not fit, and is checked again between sections once it has cost more than it
 * reserved. A change of a limit starts the articles waiting on the workspace's limits.
 */
@Injectable()
export class BudgetsService implements ArticleBudget {
  private readonly logger = new Logger(BudgetsService.name);
  /** Texts counted, by counter (an OpenAI tokenizer family, or a provider's model) and text: the most recent COUNTED_KEPT. */
  private readonly counts = new Map<string, number>();
  /** Providers' models whose vendor could not count, until when (epoch ms): estimated by length meanwhile, not asked at every row. */
  private readonly uncounted = new Map<string, number>();

  constructor(
    private readonly budgets: BudgetsRepository,
    private readonly clients: ClientsRepository,
    private readonly articles: ArticlesRepository,
    private readonly jobs: GenerationRepository,
    private readonly queue: ArticleQueue,
    private readonly audit: AuditRepository,
    private readonly rowTemplates: RowTemplates,
    private readonly cpu: CpuPool,
    private readonly providers: ProviderChat,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    metrics: Metrics,
  ) {
    // Read at each scrape of /api/metrics: every workspace's limits and the month's spend against them.
    const month = () => monthOf(new Date()).key;
    const gauge = (name: string, help: string, value: (row: { limitUsd: number; spentUsd: number }) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ['workspace', 'client', 'template'] as const,
        registers: [metrics.registry],
        collect: async function (this: Gauge<'workspace' | 'client' | 'template'>) {
          this.reset();
          for (const row of await budgets.everySpend(month()))
            this.set({ workspace: row.workspaceId, client: row.clientId ?? '', template: row.articleId ?? '' }, value(row));
        },
      });
    gauge(
      'quire_budget_limit_usd',
      "Each monthly limit in US dollars, by workspace, client and template (both empty: the workspace's own limit)",
      (row) => row.limitUsd,
    );
    gauge('quire_budget_spent_usd', "What the month's sections under each limit cost, by workspace, client and template", (row) => row.spentUsd);
  }

  async list(scope: Scope, now = new Date()): Promise<BudgetReport[]> {
    const month = monthOf(now);
    const elapsed = Math.max(now.getTime() - month.start.getTime(), 3_600_000);
    const length = month.next.getTime() - month.start.getTime();
    return (await this.budgets.list(scope, month.key)).map((spend) => ({
      ...spend,
      month: month.key,
      projectedUsd: (spend.spentUsd * length) / elapsed,
    }));
  }

  /** A new limit: the workspace's (no client, no template), a client's or a template's; one each. The articles waiting for room try again. */
  async create(scope: Scope, owner: Whose, monthlyLimitUsd: number): Promise<BudgetReport> {
    const { clientId, articleId } = owner;
    if (clientId && articleId) throw new BadRequestException('Set a limit for a client or for a template, not both at once.');
    if (clientId && !(await this.clients.findOwned(scope, clientId)))
      throw new BadRequestException('client_id must be the _id of one of your clients, or null for the workspace');
    if (articleId && !(await this.articles.findOwned(scope, articleId)))
      throw new BadRequestException('article_id must be the _id of one of your article templates, or null');
    const { row, before } = await this.budgets.set(scope, owner, monthlyLimitUsd, false);
    if (before)
      throw new ConflictException(
        clientId
          ? 'This client has a monthly limit already; change it instead.'
          : articleId
            ? 'This template has a monthly limit already; change it instead.'
            : 'The workspace has a monthly limit already; change it instead.',
      );
    return this.changed(scope, row.id);
  }

  async update(scope: Scope, id: string, monthlyLimitUsd: number): Promise<BudgetReport> {
    const current = await this.budgets.find(scope, id);
    if (!current) throw new NotFoundException('Budget not found.');
    await this.budgets.set(scope, current, monthlyLimitUsd, true);
    return this.changed(scope, id);
  }

  /** One limit with the month's spend against it. */
  async get(scope: Scope, id: string): Promise<BudgetReport> {
    const report = (await this.list(scope)).find((one) => one.budget.id === id);
    if (!report) throw new NotFoundException('Budget not found.');
    return report;
  }

  /** A limit as it is now; the articles waiting for room try again. */
  private async changed(scope: Scope, id: string): Promise<BudgetReport> {
    await this.wakeWaiting(scope);
    return this.get(scope, id);
  }

  /** A limit removed (answered as it stood); the articles waiting for room start. */
  async remove(scope: Scope, id: string): Promise<BudgetReport> {
    const report = await this.get(scope, id);
    if (!(await this.budgets.remove(scope, id))) throw new NotFoundException('Budget not found.');
    await this.wakeWaiting(scope);
    return report;
  }

  async ended(workspaceId: string): Promise<void> {
    await this.warn(workspaceScope(workspaceId));
    await this.queue.startWaiting(workspaceId);
  }

  /** Each limit whose month's spend has reached a share it was not warned of this month goes in the audit log. */
  private async warn(scope: Scope): Promise<void> {
    for (const report of await this.list(scope)) {
      const percent = WARN_AT_PERCENT.filter((share) => report.spentUsd >= (report.budget.monthlyLimitUsd * share) / 100).at(-1);
      if (!percent || !(await this.budgets.markWarned(report.budget.id, report.month, percent))) continue;
      await this.audit.record({ ...QUIRE, workspaceId: scope.workspaceId }, 'warn', 'budgets', report.budget.id, {
        after: {
          percent,
          month: report.month,
          client_id: report.budget.clientId,
          client_name: report.clientName,
          article_id: report.budget.articleId,
          article_name: report.articleName,
          monthly_limit_usd: report.budget.monthlyLimitUsd,
          spent_usd: report.spentUsd,
        },
      });
    }
  }

  private wakeWaiting(scope: Scope): Promise<void> {
    return this.queue.startWaiting(scope.workspaceId);
  }

  async reserve(job: GenerationJobRow, article: ArticleRow, client: ClientRow | null): Promise<void> {
    // The row as its attempt took it: what it reserved and spent are as this attempt left them.
    if (job.reservedUsd !== null) return;
    const estimates = await this.estimate(job, article);
    const needed = totalUsd(estimates);
    const month = monthOf(new Date());
    const clientId = client?.id ?? null;
    const overrun = await this.budgets.hold(job, { clientId, articleId: article.id }, needed === null ? null : job.spentUsd + needed, month.key);
    if (!overrun) return;
    // No price, no promise: refused only where a limit would have to hold it.
    if (needed === null) throw new BudgetStop(unpriced(estimates));
    throw new BudgetWait(waiting(overrun, needed, month.name), clientId, article.id, month.next);
  }

  async beforeSection(job: GenerationJobRow, article: ArticleRow, position: number): Promise<void> {
    const state = await this.budgets.spentAndReserved(job.id);
    if (state.reservedUsd === null || state.spentUsd <= state.reservedUsd) return;
    // The vendor's answers cost more than reserved: the rest of the article is reserved again before its next section is asked for.
    const estimates = (await this.estimate(job, article)).filter((e) => e.position >= position);
    const needed = totalUsd(estimates);
    const month = monthOf(new Date());
    const overrun = await this.budgets.hold(
      { ...job, spentUsd: state.spentUsd },
      { clientId: state.clientId, articleId: article.id },
      needed === null ? null : state.spentUsd + needed,
      month.key,
    );
    if (!overrun) return;
    if (needed === null) throw new BudgetStop(unpriced(estimates));
    const heading = article.sections[position]?.heading ?? '';
    throw new BudgetStop(
      `Stopped before section "${heading}": ${whose(overrun.budget)} for ${month.name} has ${usd(left(overrun))} left and the rest of this article needs about ${usd(needed)}. The sections written are kept; raise the limit and retry it.`,
    );
  }

  /** What each section of the article still to write is expected to cost (those an earlier attempt wrote are not). */
  private async estimate(job: GenerationJobRow, article: ArticleRow): Promise<SectionEstimate[]> {
    const written = job.sectionsDone > 0 || job.spentUsd > 0 ? await this.jobs.sections(job.id) : [];
    const done = new Set(written.filter((s) => article.sections[s.position]?.heading === s.heading).map((s) => s.position));
    return this.estimateSections(scopeOf(job), article, job.pageProperties, done);
  }

  /** What an article of this template is expected to cost, for a page with no properties: the template page's "about $X per article". */
  async estimateTemplate(scope: Scope, article: ArticleRow): Promise<{ usd: number | null; sections: SectionEstimate[] }> {
    const sections = await this.estimateSections(scope, article, {}, new Set());
    return { usd: totalUsd(sections), sections };
  }

  /**
   * What the rows at the start value in Notion would cost, each estimated as it would reserve at its
   * start (its template, its properties in the prompts); nothing is claimed. A row naming no template
   * fails when written and costs nothing; a model's unknown price leaves its rows out, counted.
   */
  async estimateRows(scope: Scope): Promise<RowsEstimate> {
    const { startValue, rows } = await this.rowTemplates.rowsToStart(scope);
    const estimate: RowsEstimate = { startValue, rows: rows.length, usd: 0, unpriced: 0, withoutTemplate: 0 };
    // Rows of one template share its look-up and its models: each is read once for all of them.
    const templates = new Map<string, Promise<ArticleRow | null>>();
    const modelsOfTemplate = new Map<string, Promise<ModelOf>>();
    for (const properties of rows) {
      const named = `${(properties.Article ?? '').trim()}\0${(properties.Type ?? '').trim()}`;
      if (!templates.has(named))
        templates.set(
          named,
          this.rowTemplates.templateFor(scope, properties).catch((error: unknown) => {
            if (error instanceof GenerationError) return null;
            throw error;
          }),
        );
      const article = await templates.get(named)!;
      if (!article) {
        estimate.withoutTemplate++;
        continue;
      }
      if (!modelsOfTemplate.has(article.id)) modelsOfTemplate.set(article.id, this.modelsOf(scope, article, new Set()));
      const usd = totalUsd(estimateSections(article.sections, properties, new Set(), await modelsOfTemplate.get(article.id)!));
      if (usd === null) estimate.unpriced++;
      else estimate.usd += usd;
    }
    return estimate;
  }

  /** Each section's estimate, at the batch price where a bulk template sends it to OpenAI's batches. */
  private async estimateSections(scope: Scope, article: ArticleRow, properties: Record<string, string | null>, done: Set<number>): Promise<SectionEstimate[]> {
    return estimateSections(article.sections, properties, done, await this.modelsOf(scope, article, done));
  }

  /**
   * The template's models as an estimate reads them: their vendor's names and prices, what each wrote
   * at most, and their prompts' tokens — counted with OpenAI's tokenizer for OpenAI's models, by the
   * vendor's count endpoint for a provider's (Anthropic, Gemini), each counter's texts at once.
   */
  private async modelsOf(scope: Scope, article: ArticleRow, done: Set<number>): Promise<ModelOf> {
    const rows = await this.budgets.estimatedModels(scope, [...new Set(article.sections.map((section) => section.model))]);
    const texts = textsToCount(article.sections, done);
    const counters = new Map<string, Promise<Map<string, number>>>();
    const counterOf = ({ name, connectionId }: { name: string; connectionId: string | null }) => {
      const family = connectionId === null ? tokenizerFor(name) : null;
      const key = family ? `openai:${family}` : `${connectionId}:${name}`;
      if (!counters.has(key))
        counters.set(
          key,
          this.counted(key, texts, (missing) =>
            family ? this.cpu.run('countTokens', { texts: missing, family }) : this.providers.countTokens(scope, connectionId!, name, missing),
          ),
        );
      return key;
    };
    const keys = rows.map(counterOf);
    const counted = new Map(await Promise.all([...counters].map(async ([key, counts]) => [key, await counts] as const)));
    const models = new Map<string, EstimatedModel>(
      rows.map(({ id, name, connectionId, mostWritten }, i) => {
        // Anthropic's batches are at half price too; a provider's section is reserved at the full price, which holds whichever way it goes.
        const batch = article.bulk && connectionId === null;
        const cost = (promptTokens: number, completionTokens: number) =>
          spentUsd({ model: name, promptTokens, completionTokens, cachedTokens: 0, batch }, this.config.openAiPrices);
        const known = counted.get(keys[i]);
        return [id, { name, mostWritten, cost, tokens: (text: string) => known?.get(text) ?? tokensByLength(text) }];
      }),
    );
    return (section: SectionSnapshot) => models.get(section.model) ?? null;
  }

  /**
   * The texts' tokens by one counter: each text counted once while it is among the last
   * COUNTED_KEPT counted (a template's prompts are the same from row to row), the rest asked of
   * `count` at once. A counter that cannot count (no count endpoint, or its vendor failed) leaves
   * its texts to be estimated by length, and is not asked again for COUNT_RETRY_MS.
   */
  private async counted(counter: string, texts: string[], count: (texts: string[]) => Promise<number[] | null>): Promise<Map<string, number>> {
    const known = new Map<string, number>();
    const missing = [...new Set(texts)].filter((text) => {
      const tokens = this.counts.get(`${counter}\0${text}`);
      if (tokens !== undefined) known.set(text, tokens);
      return tokens === undefined && text.trim() !== '';
    });
    if (missing.length === 0 || (this.uncounted.get(counter) ?? 0) > Date.now()) return known;
    let counts: number[] | null;
    try {
      counts = await count(missing);
    } catch (error) {
      this.logger.warn(`Prompts estimated at four characters a token for ${COUNT_RETRY_MS / 60_000} minutes: ${(error as Error).message}`);
      counts = null;
    }
    if (counts === null) {
      this.uncounted.set(counter, Date.now() + COUNT_RETRY_MS);
      return known;
    }
    missing.forEach((text, i) => {
      known.set(text, counts[i]);
      this.counts.set(`${counter}\0${text}`, counts[i]);
    });
    // The oldest go first (a Map keeps its insertion order).
    for (const key of this.counts.keys()) {
      if (this.counts.size <= COUNTED_KEPT) break;
      this.counts.delete(key);
    }
    return known;
  }
}

const left = (overrun: Overrun) => Math.max(overrun.budget.monthlyLimitUsd - overrun.usedUsd, 0);

/** History's words for an article waiting on a limit. */
function waiting(overrun: Overrun, needed: number, month: string): string {
  if (needed > overrun.budget.monthlyLimitUsd)
    return `Waiting: this article needs about ${usd(needed)}, more than ${whose(overrun.budget)} of ${usd(overrun.budget.monthlyLimitUsd)} a month; raise the limit to write it.`;
  return `Waiting: ${whose(overrun.budget)} for ${month} has ${usd(left(overrun))} left and this article needs about ${usd(needed)}. It starts by itself when the limit is raised or the month turns.`;
}

function unpriced(estimates: SectionEstimate[]): string {
  const models = [...new Set(estimates.filter((e) => e.usd === null).map((e) => e.model))];
  return `Quire cannot hold this article to its budget: the price of ${models.join(', ')} is unknown. Add it to the price table (docs/models.md) or remove the limit.`;
}
