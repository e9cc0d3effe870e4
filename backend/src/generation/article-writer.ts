import { Injectable, Logger } from '@nestjs/common';
import { ArticlesRepository } from '../articles/articles.repository';
import { ArticleRow } from '../articles/articles.schema';
import { ClientsRepository } from '../clients/clients.repository';
import { ClientRow } from '../clients/clients.schema';
import { GoogleDocs } from '../integrations/google/google-docs';
import { NotionClient, StatusProperty } from '../integrations/notion/notion.client';
import { OpenAiChat } from '../integrations/openai/openai-chat';
import { familyForModel, logitBiasFor } from '../integrations/openai/tokenizer';
import { LogitBiasGroupsRepository } from '../logit-bias-groups/logit-bias-groups.repository';
import { ModelsRepository } from '../models/models.repository';
import { GoogleAccessService } from '../users/google-access.service';
import { StatusConfig } from '../users/users.schema';
import { toHtml } from './markdown';
import { chunkBlocks, sectionBlocks } from './notion-blocks';
import { fillPlaceholders } from './placeholders';
import { GenerationRepository } from './generation.repository';
import { GenerationJobRow } from './generation.schema';

/** A failure a person can act on; its message goes to History as it is. */
export class GenerationError extends Error {}

export interface WriterContext {
  job: GenerationJobRow;
  notionSecret: string;
  openAiKey: string;
  statusConfig: StatusConfig;
  status: StatusProperty;
  renewLease: () => Promise<void>;
}

/**
 * Writes one Notion row's article: resolve the template and client, write each section (kept as it
 * arrives), append it to the page once, make the Google Doc once, and set the final status.
 */
@Injectable()
export class ArticleWriter {
  private readonly logger = new Logger(ArticleWriter.name);

  constructor(
    private readonly jobs: GenerationRepository,
    private readonly articles: ArticlesRepository,
    private readonly clients: ClientsRepository,
    private readonly models: ModelsRepository,
    private readonly biasLists: LogitBiasGroupsRepository,
    private readonly notion: NotionClient,
    private readonly chat: OpenAiChat,
    private readonly docs: GoogleDocs,
    private readonly google: GoogleAccessService,
  ) {}

  async write(ctx: WriterContext): Promise<void> {
    const { job } = ctx;
    const properties = job.pageProperties;
    const article = await this.template(job.userId, properties);
    const client = await this.client(job.userId, properties);
    await this.jobs.update(job.id, { articleType: article.articleType, sectionsTotal: article.sections.length });

    const written = await this.writeSections(ctx, article, client);
    await this.appendOnce(ctx, written);
    const doc = client?.savePath ? await this.docOnce(ctx, client, written) : null;

    await this.notion.setStatus(ctx.notionSecret, job.notionPageId, ctx.status, ctx.statusConfig.values.complete);
    const tokens = written.reduce((sum, s) => sum + s.tokens, 0);
    await this.jobs.complete(job.id, { viewUrl: doc?.url ?? job.notionPageUrl, tokens, sectionsDone: written.length });
  }

  /** The page's Article property names a template by title; otherwise its Type matches one. */
  private async template(userId: string, properties: Record<string, string>): Promise<ArticleRow> {
    const named = (properties.Article ?? '').trim();
    if (named) {
      const article = await this.articles.findByTitle(userId, named);
      if (!article) throw new GenerationError(`No article template is titled "${named}" (the page's Article property). Create it or fix the property.`);
      return article;
    }
    const type = (properties.Type ?? '').trim();
    if (!type) throw new GenerationError('The page names no template: fill its Article property (a template title) or its Type property (a template type).');
    const matches = await this.articles.findByType(userId, type);
    if (matches.length === 0) throw new GenerationError(`No article template has the type "${type}" (the page's Type property).`);
    if (matches.length > 1) {
      throw new GenerationError(`Several article templates have the type "${type}" (${matches.map((a) => a.articleTitle).join(', ')}); name one in the page's Article property.`);
    }
    return matches[0];
  }

  private async client(userId: string, properties: Record<string, string>): Promise<ClientRow | null> {
    const name = (properties.Client ?? '').trim();
    if (!name) return null;
    const client = await this.clients.findByName(userId, name);
    if (!client) throw new GenerationError(`The page names the client "${name}", which is not in Manage Clients/Sites.`);
    return client;
  }

  /** One chat completion per section, in order; finished sections (from an earlier attempt) are reused. */
  private async writeSections(ctx: WriterContext, article: ArticleRow, client: ClientRow | null) {
    const { job } = ctx;
    const done = new Map((await this.jobs.sections(job.id)).map((s) => [s.position, s]));
    const written: { heading: string; content: string; tokens: number }[] = [];
    for (const [position, section] of article.sections.entries()) {
      const saved = done.get(position);
      if (saved) {
        written.push(saved);
        continue;
      }
      const model = await this.models.findOwned(job.userId, section.model);
      if (!model) throw new GenerationError(`The model of section "${section.heading}" no longer exists; choose another in the section and update the article.`);
      const modelName = model.outputModel ?? model.baseModel;
      const bias = section.logit_bias_group ? await this.biasLists.findOwned(job.userId, section.logit_bias_group) : null;
      const builtIns = {
        title: job.title,
        article_title: article.articleTitle,
        article_type: article.articleType,
        client: client?.name ?? '',
        section_heading: section.heading,
        previous_sections: written.map((s) => `## ${s.heading}\n\n${s.content}`).join('\n\n'),
      };
      const where = `section "${section.heading}"`;
      const result = await this.chat.complete(
        ctx.openAiKey,
        {
          model: modelName,
          temperature: section.temperature,
          messages: [
            { role: 'system', content: fillPlaceholders(section.systemPrompt, builtIns, job.pageProperties, where) },
            { role: 'user', content: fillPlaceholders(section.userPrompt, builtIns, job.pageProperties, where) },
          ],
          logitBias: bias ? logitBiasFor(bias.entries, familyForModel(modelName)) : {},
        },
        where,
      );
      await this.jobs.saveSection({ jobId: job.id, position, heading: section.heading, content: result.content, tokens: result.tokens });
      written.push({ heading: section.heading, content: result.content, tokens: result.tokens });
      await this.jobs.update(job.id, { sectionsDone: written.length, tokens: written.reduce((sum, s) => sum + s.tokens, 0) });
      await ctx.renewLease();
    }
    return written;
  }

  /**
   * Appends the article under the page's existing content exactly once. The last block before
   * Quire's first append is remembered; an attempt that finds blocks after it (an append cut short
   * by a crash) removes them and writes the article again in full.
   */
  private async appendOnce(ctx: WriterContext, written: { heading: string; content: string }[]): Promise<void> {
    const { job, notionSecret } = ctx;
    if (job.appended) return;
    let marker = job.notionMarker;
    if (marker === null) {
      const children = await this.notion.childIds(notionSecret, job.notionPageId);
      marker = children.at(-1)?.id ?? '';
      await this.jobs.update(job.id, { notionMarker: marker });
    } else {
      const children = await this.notion.childIds(notionSecret, job.notionPageId);
      const start = marker === '' ? 0 : children.findIndex((c) => c.id === marker) + 1;
      const partial = start > 0 || marker === '' ? children.slice(start) : [];
      if (partial.length > 0) this.logger.warn(`Job ${job.id}: removing ${partial.length} blocks left by an interrupted append`);
      for (const block of partial) await this.notion.deleteBlock(notionSecret, block.id);
    }
    const blocks = written.flatMap((s) => sectionBlocks(s.heading, s.content));
    for (const chunk of chunkBlocks(blocks)) {
      await this.notion.append(notionSecret, job.notionPageId, chunk);
      await ctx.renewLease();
    }
    await this.jobs.update(job.id, { appended: true });
  }

  private async docOnce(ctx: WriterContext, client: ClientRow, written: { heading: string; content: string }[]) {
    const { job } = ctx;
    const token = (await this.google.accessToken(job.userId, `The client "${client.name}" has a Drive save folder, but your account has no Google sign-in to write there: log out and sign in with Google.`)).token;
    const existing = await this.docs.findForJob(token, job.id);
    const doc = existing ?? (await this.docs.create(token, { name: job.title, folderId: client.savePath!, html: toHtml(written.map((s) => ({ heading: s.heading, markdown: s.content })), job.title), jobId: job.id }));
    await this.jobs.update(job.id, { docUrl: doc.url });
    return doc;
  }
}
