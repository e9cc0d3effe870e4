import { CrawlCounts, CrawlStore, Discovery } from '../training-data/crawler/crawler';
import { ParsedArticle } from '@quire/shared';
import { TrainingJobRow } from './training-jobs.schema';
import { TrainingJobsRepository } from './training-jobs.repository';
import { TrainingPagesRepository } from './training-pages.repository';

/** Writes progress at most this often (and always at the end), to spare the database. */
const PROGRESS_EVERY_MS = 500;

/** A crawl's frontier kept in a job's page rows, and its progress in the job. */
export class JobPageStore implements CrawlStore {
  private discovered: Discovery | null;
  private lastProgress = 0;
  /** Adds run one after another, so the page limit holds while several pages add links. */
  private adding: Promise<unknown> = Promise.resolve();
  /** Pages known, counted once from the rows and then kept as pages are added. */
  private known: Promise<number> | null = null;

  constructor(
    private readonly job: TrainingJobRow,
    private readonly jobs: TrainingJobsRepository,
    private readonly pages: TrainingPagesRepository,
    private readonly maxPages: number,
  ) {
    this.discovered = (job.meta.discovery as Discovery | undefined) ?? null;
  }

  async discovery(): Promise<Discovery | null> {
    return this.discovered;
  }

  async begin(discovery: Discovery, urls: string[]): Promise<void> {
    await this.addPages(urls);
    await this.jobs.progress(this.job.id, { discovery }, `Found ${urls.length} pages`);
    this.discovered = discovery;
  }

  async addPages(urls: string[]): Promise<void> {
    const adding = this.adding
      .catch(() => undefined)
      .then(async () => {
        const added = await this.pages.add(this.job.id, urls, this.maxPages);
        if (this.known) this.known = this.known.then((known) => known + added);
      });
    this.adding = adding;
    await adding;
  }

  nextPending(limit: number, exclude: ReadonlySet<number>) {
    return this.pages.pending(this.job.id, limit, exclude);
  }

  has(url: string): Promise<boolean> {
    return this.pages.has(this.job.id, url);
  }

  fetched(seq: number, article: ParsedArticle): Promise<void> {
    return this.pages.fetched(seq, article);
  }

  skipped(seq: number, reason: string): Promise<void> {
    return this.pages.skipped(seq, reason);
  }

  found(): Promise<number> {
    this.known ??= this.adding.catch(() => undefined).then(() => this.pages.total(this.job.id));
    return this.known;
  }

  counts(): Promise<CrawlCounts> {
    return this.pages.counts(this.job.id);
  }

  async progress(counts: CrawlCounts, note: string): Promise<void> {
    const now = Date.now();
    if (now - this.lastProgress < PROGRESS_EVERY_MS && counts.fetched < counts.found) return;
    this.lastProgress = now;
    await this.jobs.progress(this.job.id, { progress: { ...counts } }, note);
  }
}
