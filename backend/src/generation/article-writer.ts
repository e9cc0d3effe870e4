import { Scope, scopeOf } from '../workspaces/scope';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { ArticleRow } from '../articles/articles.schema';
import { ClientsRepository } from '../clients/clients.repository';
import { ClientRow } from '../clients/clients.schema';
import { GoogleDocs } from '../integrations/google/google-docs';
import { NotionClient } from '../integrations/notion/notion.client';
import { GoogleAccessService } from '../users/google-access.service';
import { MembersRepository } from '../workspaces/members.repository';
import { CALL_RETRIES, retryDelayMs, sleep, throwIfRejected } from '../common/retry';
import { LEASE_MS } from '../jobs/leased-job';
import { isTransient } from '../common/integration-error';
import { appendedPrefix } from './append-plan';
import { toHtml } from '@quire/shared';
import { chunkBlocks, sectionBlocks } from './notion-blocks';
import { GenerationError } from './generation-error';
import { RowTemplates } from './row-templates';
import type { NotionTarget } from './notion-settings';
import { SectionWriter } from './section-writer';
import { GenerationRepository } from './generation.repository';
import { GenerationJobRow } from './generation.schema';
import { Metrics } from '../metrics/metrics';
import { SECTION_DEFERRAL, SectionDeferral } from './section-deferral';
import { ARTICLE_BUDGET, ArticleBudget } from './article-budget';

export { GenerationError };
export type { NotionTarget };

interface WriterContext {
  job: GenerationJobRow;
  openAiKey: string | null;
  /**
   * Notion's settings, read beside the writing (only delivering needs them, and reading them may
   * wait on the secret's pace); if they are refused, the writing stops after its current section.
   */
  notion: Promise<NotionTarget>;
  /** Called once OpenAI has written every section: the rest (Notion, Drive) needs no generation slot. */
  sectionsWritten: () => void;
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
    private readonly rows: RowTemplates,
    private readonly clients: ClientsRepository,
    private readonly sections: SectionWriter,
    private readonly notion: NotionClient,
    private readonly docs: GoogleDocs,
    private readonly google: GoogleAccessService,
    private readonly members: MembersRepository,
    private readonly metrics: Metrics,
    @Inject(SECTION_DEFERRAL) private readonly bulk: SectionDeferral,
    @Inject(ARTICLE_BUDGET) private readonly budget: ArticleBudget,
  ) {}

  /** Answers 'waiting' when a bulk template's next section went into a batch, 'written' once delivered. */
  async write(ctx: WriterContext): Promise<'written' | 'waiting'> {
    const { job } = ctx;
    const properties = job.pageProperties;
    const article = await this.rows.templateFor(scopeOf(job), properties);
    const client = await this.client(scopeOf(job), properties);
    await this.jobs.update(job.id, { articleType: article.articleType, sectionsTotal: article.sections.length });
    // Its estimate reserved against the workspace's and its client's limits before anything is asked for (BudgetWait when it does not fit).
    await this.budget.reserve(job, article, client);

    const written = await this.writeSections(ctx, article, client);
    ctx.sectionsWritten();
    if (written.length < article.sections.length) {
      // A bulk template's next section is in a batch: the article waits for it (bulk writing wakes it).
      await this.bulk.park(job.id);
      return 'waiting';
    }
    const notion = await ctx.notion;
    await this.appendOnce(job, notion.secret, written);
    const doc = client?.savePath ? await this.docOnce(job, client, written) : null;

    await this.notion.setStatus(notion.secret, job.notionPageId, notion.status, notion.statusConfig.values.complete);
    const tokens = written.reduce((sum, s) => sum + s.tokens, 0);
    await this.jobs.complete(job.id, { viewUrl: doc?.url ?? job.notionPageUrl, tokens, sectionsDone: written.length });
    this.metrics.article('completed');
    return 'written';
  }

  /** The page's Article property names a template by title; otherwise its Type matches one. */
  private async client(scope: Scope, properties: Record<string, string | null>): Promise<ClientRow | null> {
    const name = (properties.Client ?? '').trim();
    if (!name) return null;
    const client = await this.clients.findByName(scope, name);
    if (!client) throw new GenerationError(`The page names the client "${name}", which is not in Manage Clients/Sites.`);
    return client;
  }

  /** The sections, written by the one section writer (shared with previews); each is kept as it arrives. */
  private async writeSections(ctx: WriterContext, article: ArticleRow, client: ClientRow | null) {
    const { job } = ctx;
    const done = new Map((await this.jobs.sections(job.id)).map((s) => [s.position, s]));
    return this.sections.write({
      scope: scopeOf(job),
      openAiKey: ctx.openAiKey,
      title: job.title,
      template: article,
      clientName: client?.name ?? '',
      properties: job.pageProperties,
      done,
      // The version of the section the article's entry was saved at (History names it).
      save: (section) => this.jobs.saveSection({ jobId: job.id, ...section, sectionVersion: article.sections[section.position]?.section_version ?? null }),
      omitted: (note) => this.jobs.recordOmittedParameters(job.id, note),
      beforeEach: (position) => this.budget.beforeSection(job, article, position),
      // A bulk template's sections go through OpenAI's Batch API, one round per section.
      defer: article.bulk ? (line) => this.bulk.defer(job, line, article.sections[line.position]?.section_version ?? null) : undefined,
      afterEach: async (sectionsDone, tokens) => {
        // The progress History shows, and a sign of life: the lease renewed in the same statement.
        await this.jobs.update(job.id, { sectionsDone, tokens, leaseUntil: new Date(Date.now() + LEASE_MS) });
        await throwIfRejected(ctx.notion);
      },
    });
  }

  /**
   * Appends the article under the page's existing content exactly once. The last block before
   * Quire's first append is remembered (the marker); every later attempt — after a failed request
   * as after a restart — first reads what is already there after the marker, keeps the part of the
   * article that arrived, removes anything else, and appends only what is missing. (The first
   * attempt has just read the page to find the marker, so it knows nothing follows it.)
   */
  private async appendOnce(job: GenerationJobRow, notionSecret: string, written: { heading: string; content: string }[]): Promise<void> {
    if (job.appended) return;
    const article = written.flatMap((s) => sectionBlocks(s.heading, s.content));
    let marker = job.notionMarker;
    // What is after the marker, when it is known without asking Notion again.
    let known: { id: string; type: string; text: string }[] | null = null;
    if (marker === null) {
      const children = await this.notion.childIds(notionSecret, job.notionPageId);
      marker = children.at(-1)?.id ?? '';
      await this.jobs.update(job.id, { notionMarker: marker });
      // The marker is the last block just read: nothing follows it yet (the page is read again before any retry).
      known = [];
    }
    for (let attempt = 0; ; attempt++) {
      const present = known ?? (await this.blocksAfter(job, notionSecret, marker));
      known = null;
      const done = appendedPrefix(present, article);
      const stray = present.slice(done);
      if (stray.length > 0) this.logger.warn(`Job ${job.id}: removing ${stray.length} blocks after the article's part already on the page`);
      try {
        for (const block of stray) await this.notion.deleteBlock(notionSecret, block.id);
        for (const chunk of chunkBlocks(article.slice(done))) {
          await this.notion.append(notionSecret, job.notionPageId, chunk);
          await this.jobs.renewLease(job.id, LEASE_MS);
        }
        break;
      } catch (error) {
        // A failed append may still have been written: the next round reads the page again.
        if (!isTransient(error) || attempt >= CALL_RETRIES.retries) throw error;
        await sleep(retryDelayMs(attempt, CALL_RETRIES));
      }
    }
    await this.jobs.update(job.id, { appended: true });
  }

  /** The page's blocks after the marker ('' for all of them; none if the marker was deleted). */
  private async blocksAfter(job: GenerationJobRow, notionSecret: string, marker: string) {
    const children = await this.notion.childIds(notionSecret, job.notionPageId);
    if (marker === '') return children;
    const index = children.findIndex((c) => c.id === marker);
    return index >= 0 ? children.slice(index + 1) : [];
  }

  private async docOnce(job: GenerationJobRow, client: ClientRow, written: { heading: string; content: string }[]) {
    const noAccount = `The client "${client.name}" has a Drive save folder, but the workspace's owner who saved its connections has no Google sign-in to write there: that owner should log out and sign in with Google.`;
    const driveUser = await this.members.driveUser(job.workspaceId);
    if (!driveUser) throw new GenerationError(noAccount);
    const token = (await this.google.accessToken(driveUser, noAccount)).token;
    const html = toHtml(
      written.map((s) => ({ heading: s.heading, markdown: s.content })),
      job.title,
    );
    const doc = await this.docs.createOnce(token, { name: job.title, folderId: client.savePath!, html, jobId: job.id });
    await this.jobs.update(job.id, { docUrl: doc.url });
    return doc;
  }
}
