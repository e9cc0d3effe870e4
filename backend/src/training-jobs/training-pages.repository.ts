import { Injectable } from '@nestjs/common';
import { and, asc, count, eq, gt, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import { DatabaseService } from '../database/database.service';
import { storableDeep, storableText } from '../common/storable-text';
import { PageYields } from '../training-data/page-yields';
import { ParsedArticle } from '@quire/shared';
import { trainingPages } from './training-jobs.schema';

/** How many article rows are read at a time when clustering, so memory holds one batch of rows. */
const ARTICLE_BATCH = 200;

/** A training job's crawl frontier and parsed pages. */
@Injectable()
export class TrainingPagesRepository {
  constructor(private readonly database: DatabaseService) {}

  private get db() {
    return this.database.db;
  }

  /**
   * Adds URLs the job has not seen, without going past `limit` pages in all (callers add one
   * batch at a time); answers how many were added.
   */
  async add(jobId: string, urls: string[], limit: number): Promise<number> {
    const room = limit - (await this.total(jobId));
    if (urls.length === 0 || room <= 0) return 0;
    const candidates = [...new Set(urls)];
    const known = new Set<string>();
    for (let i = 0; i < candidates.length; i += 500) {
      const rows = await this.db
        .select({ url: trainingPages.url })
        .from(trainingPages)
        .where(and(eq(trainingPages.jobId, jobId), inArray(trainingPages.url, candidates.slice(i, i + 500))));
      for (const row of rows) known.add(row.url);
    }
    const fresh = candidates.filter((url) => !known.has(url)).slice(0, room);
    let added = 0;
    for (let i = 0; i < fresh.length; i += 500) {
      const rows = await this.db
        .insert(trainingPages)
        .values(fresh.slice(i, i + 500).map((url) => ({ jobId, url })))
        .onConflictDoNothing()
        .returning({ seq: trainingPages.seq });
      added += rows.length;
    }
    return added;
  }

  async total(jobId: string): Promise<number> {
    const [row] = await this.db.select({ total: count() }).from(trainingPages).where(eq(trainingPages.jobId, jobId));
    return row.total;
  }

  async pending(jobId: string, limit: number, exclude: ReadonlySet<number>): Promise<{ seq: number; url: string }[]> {
    const skip = [...exclude];
    return this.db
      .select({ seq: trainingPages.seq, url: trainingPages.url })
      .from(trainingPages)
      .where(and(eq(trainingPages.jobId, jobId), eq(trainingPages.state, 'pending'), skip.length > 0 ? notInArray(trainingPages.seq, skip) : undefined))
      .orderBy(asc(trainingPages.seq))
      .limit(limit);
  }

  async has(jobId: string, url: string): Promise<boolean> {
    const [row] = await this.db
      .select({ seq: trainingPages.seq })
      .from(trainingPages)
      .where(and(eq(trainingPages.jobId, jobId), eq(trainingPages.url, url)))
      .limit(1);
    return row !== undefined;
  }

  async fetched(seq: number, article: ParsedArticle): Promise<void> {
    // A website's text: made storable (PostgreSQL refuses NUL and unpaired surrogates).
    await this.db
      .update(trainingPages)
      .set({ state: 'fetched', article: storableDeep(article), reason: null })
      .where(eq(trainingPages.seq, seq));
  }

  async skipped(seq: number, reason: string): Promise<void> {
    await this.db
      .update(trainingPages)
      .set({ state: 'skipped', reason: storableText(reason).slice(0, 500) })
      .where(eq(trainingPages.seq, seq));
  }

  /** Found, fetched (or skipped), articles and their sections so far. */
  async counts(jobId: string): Promise<{ found: number; fetched: number; articles: number; sections: number }> {
    const [row] = await this.db
      .select({
        found: count(),
        fetched: sql<number>`count(*) filter (where ${trainingPages.state} <> 'pending')`.mapWith(Number),
        articles: sql<number>`count(${trainingPages.article})`.mapWith(Number),
        sections: sql<number>`coalesce(sum(jsonb_array_length(${trainingPages.article} -> 'sections')), 0)`.mapWith(Number),
      })
      .from(trainingPages)
      .where(eq(trainingPages.jobId, jobId));
    return row;
  }

  /** Fetched pages that gave sections, that gave only their title and intro, and that were skipped. */
  async yields(jobId: string): Promise<PageYields> {
    const sections = sql`jsonb_array_length(${trainingPages.article} -> 'sections')`;
    const [row] = await this.db
      .select({
        withSections: sql<number>`count(*) filter (where ${sections} > 0)`.mapWith(Number),
        introOnly: sql<number>`count(*) filter (where ${sections} = 0)`.mapWith(Number),
        nothing: sql<number>`count(*) filter (where ${trainingPages.state} = 'skipped')`.mapWith(Number),
      })
      .from(trainingPages)
      .where(eq(trainingPages.jobId, jobId));
    return row;
  }

  /** The most frequent skip reasons, to explain a crawl that found no article. */
  async skipReasons(jobId: string, limit = 3): Promise<{ reason: string; pages: number }[]> {
    return this.db
      .select({ reason: sql<string>`coalesce(${trainingPages.reason}, '')`, pages: count() })
      .from(trainingPages)
      .where(and(eq(trainingPages.jobId, jobId), eq(trainingPages.state, 'skipped')))
      .groupBy(trainingPages.reason)
      .orderBy(sql`count(*) desc`, sql`min(${trainingPages.seq})`)
      .limit(limit);
  }

  /** Every parsed article of the job, in crawl order, read in batches. */
  async *articles(jobId: string): AsyncGenerator<ParsedArticle> {
    let after = 0;
    for (;;) {
      const rows = await this.db
        .select({ seq: trainingPages.seq, article: trainingPages.article })
        .from(trainingPages)
        .where(and(eq(trainingPages.jobId, jobId), isNotNull(trainingPages.article), gt(trainingPages.seq, after)))
        .orderBy(asc(trainingPages.seq))
        .limit(ARTICLE_BATCH);
      for (const row of rows) yield row.article!;
      if (rows.length < ARTICLE_BATCH) return;
      after = rows[rows.length - 1].seq;
    }
  }
}
