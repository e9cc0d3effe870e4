import { scopeOf } from '../workspaces/scope';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { failureMessage, isForPeople } from '../common/job-failure';
import { APP_CONFIG } from '../config/config.module';
import { CpuPool } from '../cpu-pool/cpu-pool.service';
import { AppConfig } from '../config/config';
import { EMBEDDING_LIMITS } from '../integrations/openai/model-catalogue';
import { OpenAiEmbeddings } from '../integrations/openai/openai-embeddings';
import { JobsService } from '../jobs/jobs.service';
import { LeasedQueueWorker, OnJobsStopping, RepeatingPass } from '../jobs/job-declarations';
import { RECOVER_MS, recoverOrphans, withLease } from '../jobs/leased-job';
import { WorkspaceSettingsService } from '../workspaces/settings.service';
import { collectItems, poolCounts } from '../training-data/snapshot-pools';
import { CrawlFailedError, CrawlOutcome } from '../training-data/crawler/crawler';
import { blocksToPlainText } from '@quire/shared';
import { ParsedArticle, SectionItem } from '@quire/shared';
import { REASONS_IN_SUMMARY, yieldSummary } from '../training-data/page-yields';
import { JobCrawler } from './job-crawler';
import { TrainingJobRow } from './training-jobs.schema';
import { TrainingJobsRepository } from './training-jobs.repository';
import { TrainingPagesRepository } from './training-pages.repository';
import { TRAINING_QUEUE } from '../common/queues';

export { TRAINING_QUEUE };

/** Training jobs crawled at once per process; each is polite to its own host. */
const TRAINING_CONCURRENCY = 2;

/** The collection workflow of one training job: crawl, parse, cluster, snapshot. */
@Injectable()
export class TrainingCollectionService {
  private readonly logger = new Logger(TrainingCollectionService.name);
  /** Aborted at shutdown, so running crawls stop and hand their jobs back at once. */
  private readonly shutdown = new AbortController();

  constructor(
    private readonly jobs: TrainingJobsRepository,
    private readonly pages: TrainingPagesRepository,
    private readonly queue: JobsService,
    private readonly settings: WorkspaceSettingsService,
    private readonly embeddings: OpenAiEmbeddings,
    private readonly cpu: CpuPool,
    private readonly crawler: JobCrawler,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async enqueue(jobId: string): Promise<void> {
    await this.queue.send(TRAINING_QUEUE, { jobId }, { singletonKey: jobId });
  }

  /** Jobs left by a stopped process, or created but never queued, go back to the queue. */
  @RepeatingPass('training-recover', { everyMs: RECOVER_MS, failure: 'Training recovery failed' })
  recover(): Promise<void> {
    return recoverOrphans(this.jobs, (id) => this.enqueue(id));
  }

  /** Shutting down: running crawls stop (to be resumed) instead of being awaited. */
  @OnJobsStopping()
  stop(): void {
    this.shutdown.abort();
  }

  /** Runs one job to its end (or to shutdown, which leaves it to be resumed). */
  @LeasedQueueWorker(TRAINING_QUEUE, TRAINING_CONCURRENCY)
  run(jobId: string): Promise<void> {
    return withLease(this.jobs, jobId, (job) => this.collect(job));
  }

  private async collect(job: TrainingJobRow): Promise<void> {
    try {
      const outcome = await this.crawler.crawl(job, this.shutdown.signal);
      if (outcome.counts.articles === 0) throw new CrawlFailedError(await this.nothingFound(job.id, outcome));
      await this.jobs.progress(job.id, {}, `Clustering ${outcome.counts.sections} sections of ${outcome.counts.articles} articles…`);
      const note = await this.snapshot(job);
      const limitNote =
        outcome.limit === 'pages'
          ? `Stopped at CRAWL_MAX_PAGES (${this.config.crawlMaxPages} pages).`
          : outcome.limit === 'time'
            ? 'Stopped at the 30-minute crawl limit.'
            : null;
      const yields = yieldSummary(await this.pages.yields(job.id), await this.pages.skipReasons(job.id, REASONS_IN_SUMMARY));
      await this.jobs.complete(job.id, {}, [limitNote, yields, note].filter(Boolean).join(' '));
      this.logger.log(`Training job ${job.id} collected ${outcome.counts.articles} articles from ${job.url}`);
    } catch (error) {
      if (this.shutdown.signal.aborted) {
        await this.jobs.release(job.id).catch(() => undefined);
        this.logger.log(`Training job ${job.id} paused for shutdown; it resumes on the next start`);
        return;
      }
      const message = failureMessage(error);
      this.logger.warn(`Training job ${job.id} failed: ${message}`);
      if (!isForPeople(error)) this.logger.error(error);
      await this.jobs.fail(job.id, message);
    }
  }

  /** Why a crawl ended without articles, from the most frequent skip reasons. */
  private async nothingFound(jobId: string, outcome: CrawlOutcome): Promise<string> {
    const reasons = await this.pages.skipReasons(jobId);
    const detail = reasons.map((r) => `${r.pages} × ${r.reason}`).join('; ');
    return `No articles found on ${outcome.counts.found} page(s)${detail ? `: ${detail}` : ''}.`;
  }

  /** Clusters both pools and stores the snapshot and the counts; answers a note for the job, if any. */
  private async snapshot(job: TrainingJobRow): Promise<string | null> {
    const articles: ParsedArticle[] = [];
    for await (const article of this.pages.articles(job.id)) articles.push(article);
    const items = collectItems(articles);
    articles.length = 0;
    const { vectors, note } = await this.vectors(job, items);
    // Clustering takes seconds on a large crawl: in a worker thread, so the server keeps answering.
    const data = {
      h1sAndIntros: await this.cpu.run('clusterPool', { items: items.h1sAndIntros, vectors: vectors?.h1sAndIntros }),
      sections: await this.cpu.run('clusterPool', { items: items.sections, vectors: vectors?.sections }),
    };
    const counts = { h1sAndIntros: poolCounts(data.h1sAndIntros), sections: poolCounts(data.sections) };
    const rawMeta = { uuid: job.id, url: job.url, createdAt: new Date().toISOString() };
    await this.jobs.saveSnapshot({ scope: scopeOf(job), jobId: job.id, data, meta: { counts, rawMeta } });
    const clusterSizes = { h1sAndIntros: data.h1sAndIntros.clusters.map((c) => c.length), sections: data.sections.clusters.map((c) => c.length) };
    await this.jobs.progress(job.id, { counts, rawMeta, clusterSizes }, 'Saving…');
    return note;
  }

  /** Embeddings of both pools in embeddings mode; a failure falls back to the text features, said in the note. */
  private async vectors(job: TrainingJobRow, items: { h1sAndIntros: SectionItem[]; sections: SectionItem[] }) {
    if (job.clustering !== 'embeddings') return { vectors: null, note: null };
    const key = await this.settings.getSecret(job.workspaceId, 'OPENAI_API_KEY');
    if (!key) return { vectors: null, note: 'No OpenAI API key was saved, so sections were clustered by their text.' };
    const text = (item: SectionItem) => blocksToPlainText(item.originalHeading, item.children);
    try {
      const embed = (pool: SectionItem[]) => this.embeddings.embedTexts(key, pool.map(text), 'embed the sections');
      const [h1sAndIntros, sections] = [await embed(items.h1sAndIntros), await embed(items.sections)];
      const vectors = { h1sAndIntros: h1sAndIntros.vectors, sections: sections.vectors };
      const truncated = h1sAndIntros.truncated + sections.truncated;
      const limit = EMBEDDING_LIMITS.inputTokens.toLocaleString('en-US');
      const note =
        truncated > 0
          ? `${truncated} section(s) were longer than the ${limit} tokens OpenAI embeds at once; only their first ${limit} tokens were embedded.`
          : null;
      return { vectors, note };
    } catch (error) {
      return { vectors: null, note: `${failureMessage(error)} Sections were clustered by their text instead.` };
    }
  }
}
