import { Scope, scopeOf } from '../workspaces/scope';
import { BadRequestException, ConflictException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { isTransient } from '../common/integration-error';
import { failureMessage, isForPeople } from '../common/job-failure';
import { ListQuery, Page } from '../common/list-query';
import { notYours } from '../common/validation';
import { APP_CONFIG } from '../config/config.module';
import { AppConfig } from '../config/config';
import { ArticlesRepository } from '../articles/articles.repository';
import { SectionSnapshot } from '../sections/sections.schema';
import { ClientsRepository } from '../clients/clients.repository';
import { GenerationError } from '../generation/generation-error';
import { JOB_ATTEMPTS } from '../generation/generation.service';
import { UnknownPlaceholderError } from '../generation/placeholders';
import { KeptSection, SectionWriter } from '../generation/section-writer';
import { SpentTokens, spentUsd, totalOf } from '../integrations/openai/usage';
import { roundUsd } from '../integrations/openai/prices';
import { JobsService } from '../jobs/jobs.service';
import { LeasedQueueWorker, RepeatingPass } from '../jobs/job-declarations';
import { LEASE_MS, RECOVER_MS, recoverOrphans, withLease } from '../jobs/leased-job';
import { ModelsRepository } from '../models/models.repository';
import { sectionAsEntry, SectionsRepository } from '../sections/sections.repository';
import { WorkspaceSettingsService } from '../workspaces/settings.service';
import { PreviewEvents } from './preview-events';
import { CreatePreviewDto, PreviewResponse, PreviewSectionResponse } from './previews.dto';
import { PreviewsRepository } from './previews.repository';
import { PreviewRow, PreviewSectionRow, PreviewVariant } from './previews.schema';
import { PREVIEW_QUEUE } from '../common/queues';

export { PREVIEW_QUEUE };

/** What a section tried alone is, for {{article_type}}. */
export const SECTION_PREVIEW_TYPE = 'Section';

const spent = (row: Pick<PreviewSectionRow, 'model' | 'promptTokens' | 'completionTokens' | 'cachedTokens'>): SpentTokens => ({
  model: row.model,
  promptTokens: row.promptTokens,
  completionTokens: row.completionTokens,
  cachedTokens: row.cachedTokens,
});

/**
 * Previews: a template run on values the operator gives, exactly as a Notion row's article is
 * written (the same SectionWriter), once per model asked for, as a durable leased job — and
 * nothing is written to Notion or Drive.
 */
@Injectable()
export class PreviewsService {
  private readonly logger = new Logger(PreviewsService.name);
  /** Previews being written by this process. */
  private running = 0;

  constructor(
    private readonly previews: PreviewsRepository,
    private readonly articles: ArticlesRepository,
    private readonly sections: SectionsRepository,
    private readonly clients: ClientsRepository,
    private readonly models: ModelsRepository,
    private readonly settings: WorkspaceSettingsService,
    private readonly writer: SectionWriter,
    private readonly queue: JobsService,
    private readonly events: PreviewEvents,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Checks everything a run would meet before it starts — the caller's own template, client and
   * models, every placeholder, the OpenAI key — then queues the preview. A problem is a 400 naming
   * the field (409 without a key), and nothing is stored.
   */
  async create(scope: Scope, dto: CreatePreviewDto): Promise<PreviewResponse> {
    const template = await this.template(scope, dto);
    const client = dto.clientId ? await this.clients.findOwned(scope, dto.clientId) : null;
    if (dto.clientId && !client) throw notYours('clientId', 'clients');
    const variants: PreviewVariant[] = [];
    for (const [i, modelId] of (dto.models ?? []).entries()) {
      const model = await this.models.findOwned(scope, modelId);
      if (!model) throw notYours(`models.${i}`, 'models');
      variants.push({ modelId, modelName: model.name });
    }
    if (variants.length === 0) variants.push({ modelId: null, modelName: null });
    const properties = dto.properties ?? {};
    for (const variant of variants) {
      try {
        await this.writer.check({ scope, title: dto.title, template, clientName: client?.name ?? '', properties, modelId: variant.modelId });
      } catch (error) {
        if (error instanceof UnknownPlaceholderError)
          throw new BadRequestException({ message: error.message, errors: [{ field: 'properties', message: error.message }] });
        if (error instanceof GenerationError) {
          const field = dto.articleId ? 'articleId' : 'sectionId';
          throw new BadRequestException({ message: error.message, errors: [{ field, message: error.message }] });
        }
        throw error;
      }
    }
    if (!(await this.settings.getSecret(scope.workspaceId, 'OPENAI_API_KEY')))
      throw new ConflictException('Add your OpenAI API key in OpenAI Settings on the Home screen first.');
    const row = await this.previews.create({
      scope,
      articleId: dto.articleId ?? null,
      sectionId: dto.sectionId ?? null,
      articleTitle: template.articleTitle,
      articleType: template.articleType,
      template: template.sections,
      title: dto.title,
      properties,
      clientId: client?.id ?? null,
      clientName: client?.name ?? null,
      variants,
    });
    await this.enqueue(row.id);
    this.startNow(row.id);
    return this.toResponse(row, []);
  }

  /** The article's sections as saved, or one section as it is now (a template of one, titled after it). */
  private async template(scope: Scope, dto: CreatePreviewDto): Promise<{ articleTitle: string; articleType: string; sections: SectionSnapshot[] }> {
    if (dto.articleId) {
      const article = await this.articles.findOwned(scope, dto.articleId);
      if (!article) throw notYours('articleId', 'articles');
      return { articleTitle: article.articleTitle, articleType: article.articleType, sections: article.sections };
    }
    const section = await this.sections.findOwned(scope, dto.sectionId!);
    if (!section) throw notYours('sectionId', 'sections');
    return {
      articleTitle: section.name,
      articleType: SECTION_PREVIEW_TYPE,
      sections: [sectionAsEntry(section)],
    };
  }

  async list(scope: Scope, query: ListQuery): Promise<Page<PreviewResponse>> {
    const page = await this.previews.list(scope, query);
    const sections = await this.previews.sections(page.rows.map((r) => r.id));
    return { ...page, rows: page.rows.map((row) => this.toResponse(row, sections)) };
  }

  async get(scope: Scope, id: string): Promise<PreviewResponse> {
    const row = await this.previews.findOwned(scope, id);
    if (!row) throw new NotFoundException('Preview not found.');
    return this.toResponse(row, await this.previews.sections([id]));
  }

  /** The preview as GET answers it, or null when it is not the user's. */
  async find(scope: Scope, id: string): Promise<PreviewResponse | null> {
    const row = await this.previews.findOwned(scope, id);
    return row ? this.toResponse(row, await this.previews.sections([id])) : null;
  }

  private sectionResponse(s: Omit<PreviewSectionRow, 'id' | 'previewId' | 'variant' | 'createdAt'>): PreviewSectionResponse {
    const usd = spentUsd(spent(s), this.config.openAiPrices);
    return {
      position: s.position,
      heading: s.heading,
      content: s.content,
      model: s.model,
      prompt_tokens: s.promptTokens,
      completion_tokens: s.completionTokens,
      cost_usd: usd === null ? null : roundUsd(usd),
      duration_ms: s.durationMs,
      examples: s.examples ?? null,
    };
  }

  private toResponse(row: PreviewRow, sections: PreviewSectionRow[]): PreviewResponse {
    const prices = this.config.openAiPrices;
    const own = sections.filter((s) => s.previewId === row.id);
    const variants = row.variants.map((variant, i) => {
      const rows = own.filter((s) => s.variant === i);
      return {
        model: variant.modelId,
        model_name: variant.modelName,
        sections: rows.map((s) => this.sectionResponse(s)),
        usage: totalOf(rows.map(spent), prices),
      };
    });
    return {
      _id: row.id,
      status: row.status,
      message: row.message,
      articleId: row.articleId,
      sectionId: row.sectionId,
      article_title: row.articleTitle,
      title: row.title,
      properties: row.properties,
      clientId: row.clientId,
      client: row.clientName,
      sections_total: row.template.length,
      variants,
      usage: totalOf(own.map(spent), prices),
      created_at: row.createdAt,
      started_at: row.startedAt,
      completed_at: row.completedAt,
    };
  }

  /**
   * A person is waiting for it: once queued (durably), a preview starts here at once when this
   * process runs fewer than GENERATION_CONCURRENCY, rather than after the queue's round trip; the
   * queued job then finds it taken (its lease) and does nothing. A process that dies meanwhile
   * leaves it to the recovery sweep, as any leased job. Only a process that runs jobs starts it.
   */
  private startNow(id: string): void {
    if (this.running >= this.config.generationConcurrency) return;
    this.queue.runHere(() => this.run(id));
  }

  /** Queued durably, and this process's idle workers woken so it starts now. */
  private async enqueue(id: string): Promise<void> {
    await this.queue.send(PREVIEW_QUEUE, { jobId: id }, { singletonKey: id });
  }

  /** Previews left running by a stopped process, or never queued, go back to the queue. */
  @RepeatingPass('preview-recovery', { everyMs: RECOVER_MS, failure: 'Preview recovery failed' })
  recover(): Promise<void> {
    return recoverOrphans(this.previews, (id) => this.queue.send(PREVIEW_QUEUE, { jobId: id }, { singletonKey: id }).then(() => undefined));
  }

  /** A preview starts where it was asked for (startNow): the queue's workers find another process's, or one tried again. */
  @LeasedQueueWorker(PREVIEW_QUEUE, (config) => config.generationConcurrency)
  async run(id: string): Promise<void> {
    this.running++;
    try {
      await withLease(this.previews, id, (row) => this.write(row));
    } finally {
      this.running--;
    }
  }

  /** Every variant at once (each writes its sections in order); the first failure fails the preview once all have stopped. */
  private async write(row: PreviewRow): Promise<void> {
    this.events.changed(row.id);
    try {
      const openAiKey = await this.settings.getSecret(row.workspaceId, 'OPENAI_API_KEY');
      // Only a preview tried again has sections written already.
      const written = row.attempts > 1 ? await this.previews.sections([row.id]) : [];
      const outcomes = await Promise.allSettled(
        row.variants.map((variant, i) =>
          this.writer.write({
            scope: scopeOf(row),
            openAiKey,
            title: row.title,
            template: { articleTitle: row.articleTitle, articleType: row.articleType, sections: row.template },
            clientName: row.clientName ?? '',
            properties: row.properties,
            modelId: variant.modelId,
            done: new Map(written.filter((s) => s.variant === i).map((s): [number, KeptSection] => [s.position, s])),
            save: async (section) => {
              await this.previews.saveSection({ previewId: row.id, variant: i, ...section });
              this.events.changed(row.id, { section: { variant: i, ...this.sectionResponse(section) } });
            },
            afterEach: () => this.previews.renewLease(row.id, LEASE_MS),
          }),
        ),
      );
      const failed = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
      if (failed) throw failed.reason;
      await this.previews.complete(row.id);
    } catch (error) {
      const message = failureMessage(error);
      if (!(isTransient(error) && row.attempts < JOB_ATTEMPTS && (await this.retryLater(row, message)))) {
        this.logger.warn(`Preview ${row.id} ("${row.title}") failed: ${message}`);
        if (!isForPeople(error)) this.logger.error(error);
        await this.previews.fail(row.id, message);
      }
    }
    this.events.changed(row.id);
  }

  /** Like an article: a passing fault sends it back to the queue, waiting GENERATION_RETRY_SECONDS, doubling. */
  private async retryLater(row: PreviewRow, message: string): Promise<boolean> {
    const delayMs = this.config.generationRetrySeconds * 1000 * 2 ** (row.attempts - 1);
    try {
      await this.previews.retryLater(row.id, new Date(Date.now() + delayMs), `${message} Trying again in ${Math.round(delayMs / 1000)} s.`);
      await this.queue.send(PREVIEW_QUEUE, { jobId: row.id }, { singletonKey: row.id, startAfter: Math.ceil(delayMs / 1000) });
      return true;
    } catch (error) {
      this.logger.error(error);
      return false;
    }
  }
}
