import type { PageToParse, ParsedPage } from '../parser/parse-page';
import { UserFacingError } from '../../common/user-facing-error';
import { ParsedArticle } from '@quire/shared';
import { AddressGuard } from './address-guard';
import { HostLimiter } from './host-limiter';
import { canonicalUrl, folderOf, sameSite } from '../parser/links';
import { FetchedPage, FetchError, PageFetcher, parseHttpUrl } from './page-fetcher';
import { loadRobots, RobotsRules } from './robots';
import { looksLikeSitemap, parseSitemap } from './sitemaps';

/** At most this many sitemap files are read per crawl (an index of indexes stays bounded). */
const MAX_SITEMAPS = 50;
/** A crawl stops fetching after this long and clusters what it has. */
export const CRAWL_TIME_LIMIT_MS = 30 * 60_000;

export type Discovery = 'sitemap' | 'links';

export interface CrawlCounts {
  found: number;
  fetched: number;
  articles: number;
  sections: number;
}

/** Where a crawl keeps its frontier and results (a job's rows), so a restarted crawl resumes. */
export interface CrawlStore {
  /** How pages were found, once decided; null before the first discovery. */
  discovery(): Promise<Discovery | null>;
  /** Records the discovery and its first pages (up to the page limit) in one go. */
  begin(discovery: Discovery, urls: string[]): Promise<void>;
  /** Adds URLs not seen yet, up to the page limit. */
  addPages(urls: string[]): Promise<void>;
  /** Pending pages in the order they were found, except those already handed out. */
  nextPending(limit: number, exclude: ReadonlySet<number>): Promise<{ seq: number; url: string }[]>;
  has(url: string): Promise<boolean>;
  /** Pages known so far (pending or done). */
  found(): Promise<number>;
  fetched(seq: number, article: ParsedArticle): Promise<void>;
  skipped(seq: number, reason: string): Promise<void>;
  counts(): Promise<CrawlCounts>;
  progress(counts: CrawlCounts, note: string): Promise<void>;
}

export interface CrawlSettings {
  maxPages: number;
  hostConcurrency: number;
  hostDelayMs: number;
  allowPrivateNetworks: boolean;
  userAgent: string;
  timeLimitMs?: number;
  /** Parses a fetched page; the server runs it in a worker thread (see cpu-pool/), tests in-process. */
  parsePage?: (page: PageToParse) => Promise<ParsedPage>;
}

// The parser (linkedom, Readability) is loaded when first needed: the server parses in its CPU pool.
const parseInProcess = async (page: PageToParse): Promise<ParsedPage> => (await import('../parser/parse-page')).parsePage(page);

export interface CrawlOutcome {
  counts: CrawlCounts;
  /** Set when a limit ended the crawl early. */
  limit: 'pages' | 'time' | null;
}

/** A crawl that cannot go on; the message is the job's message. */
export class CrawlFailedError extends UserFacingError {}

/**
 * One site's crawl: robots.txt first, then sitemaps (those robots.txt names, else /sitemap.xml)
 * or, when the site has none, same-site links from the submitted page. Pages are fetched
 * politely per host and parsed as they arrive; only the parsed article is kept.
 */
export class Crawler {
  private readonly fetcher: PageFetcher;
  private readonly limiter: HostLimiter;
  private robotsDelayMs = 0;

  constructor(
    private readonly settings: CrawlSettings,
    guard = new AddressGuard(settings.allowPrivateNetworks),
  ) {
    this.fetcher = new PageFetcher(guard, settings.userAgent);
    this.limiter = new HostLimiter(settings.hostConcurrency, () => Math.max(settings.hostDelayMs, this.robotsDelayMs));
  }

  async crawl(address: string, store: CrawlStore, signal?: AbortSignal): Promise<CrawlOutcome> {
    const deadline = Date.now() + (this.settings.timeLimitMs ?? CRAWL_TIME_LIMIT_MS);
    try {
      const start = this.startUrl(address);
      await store.progress(await store.counts(), `Reading robots.txt of ${start.host}…`);
      const robots = await this.polite(start, () => loadRobots(start, this.fetcher, signal)).catch((error) => {
        throw error instanceof FetchError ? new CrawlFailedError(error.message) : error;
      });
      this.robotsDelayMs = robots.crawlDelayMs;
      let discovery = await store.discovery();
      if (!discovery) {
        await store.progress(await store.counts(), 'Looking for sitemaps…');
        const fromSitemaps = await this.sitemapPages(start, robots, signal);
        discovery = fromSitemaps.length > 0 ? 'sitemap' : 'links';
        await store.begin(discovery, discovery === 'sitemap' ? fromSitemaps : [canonicalUrl(start)]);
      }
      const timedOut = await this.fetchAll(start, robots, discovery, store, deadline, signal);
      const counts = await store.counts();
      return { counts, limit: timedOut ? 'time' : counts.found >= this.settings.maxPages ? 'pages' : null };
    } finally {
      await this.fetcher.close();
    }
  }

  private startUrl(address: string): URL {
    try {
      return parseHttpUrl(address);
    } catch (error) {
      throw new CrawlFailedError((error as Error).message);
    }
  }

  /** The site's own pages listed by its sitemaps, within the submitted URL's folder. */
  private async sitemapPages(start: URL, robots: RobotsRules, signal?: AbortSignal): Promise<string[]> {
    const submittedIsSitemap = /\.xml(\.gz)?$/i.test(start.pathname);
    const queue = submittedIsSitemap ? [start.href] : robots.sitemaps.length > 0 ? [...robots.sitemaps] : [new URL('/sitemap.xml', start).href];
    const scope = submittedIsSitemap ? '/' : folderOf(start);
    const seen = new Set<string>();
    const pages = new Set<string>();
    while (queue.length > 0 && seen.size < MAX_SITEMAPS && pages.size < this.settings.maxPages) {
      const address = queue.shift()!;
      if (seen.has(address)) continue;
      seen.add(address);
      const page = await this.tryFetch(address, signal);
      if (!page || page.status !== 200) continue;
      const body = page.body.toString('utf8');
      if (!looksLikeSitemap(page.contentType, body)) continue;
      const sitemap = parseSitemap(body);
      for (const location of sitemap.locations) {
        const url = safeUrl(location, page.url);
        if (!url || !sameSite(url, start)) continue;
        if (sitemap.kind === 'index') queue.push(url.href);
        else if (url.pathname.startsWith(scope) && pages.size < this.settings.maxPages) pages.add(canonicalUrl(url));
      }
    }
    return [...pages];
  }

  private async tryFetch(address: string, signal?: AbortSignal): Promise<FetchedPage | null> {
    const url = safeUrl(address);
    if (!url) return null;
    try {
      return await this.polite(url, () => this.fetcher.get(url.href, signal));
    } catch (error) {
      if (error instanceof FetchError) return null;
      throw error;
    }
  }

  /** Answers true when the time limit stopped it. */
  private async fetchAll(start: URL, robots: RobotsRules, discovery: Discovery, store: CrawlStore, deadline: number, signal?: AbortSignal): Promise<boolean> {
    const counts = await store.counts();
    const inFlight = new Set<number>();
    const scope = folderOf(start);
    const startKey = canonicalUrl(start);
    let timedOut = false;
    let buffer: { seq: number; url: string }[] = [];
    let refilling: Promise<void> | null = null;

    const next = async (): Promise<{ seq: number; url: string } | null> => {
      while (buffer.length === 0) {
        refilling ??= store
          .nextPending(this.settings.hostConcurrency * 4, inFlight)
          .then((rows) => void (buffer = rows.filter((row) => !inFlight.has(row.seq))))
          .finally(() => (refilling = null));
        await refilling;
        if (buffer.length === 0) return null;
      }
      const row = buffer.shift()!;
      inFlight.add(row.seq);
      return row;
    };

    const handle = async (row: { seq: number; url: string }) => {
      const outcome = await this.visit(row.url, start, robots, store, signal);
      if ('article' in outcome) {
        await store.fetched(row.seq, outcome.article);
        counts.articles++;
        counts.sections += outcome.article.sections.length;
      } else {
        await store.skipped(row.seq, outcome.skipped);
        if (outcome.refused && row.url === startKey && discovery === 'links') throw new CrawlFailedError(outcome.skipped);
      }
      if (discovery === 'links' && outcome.links.length > 0) {
        await store.addPages(outcome.links.filter((link) => new URL(link).pathname.startsWith(scope)));
      }
      counts.fetched++;
      counts.found = await store.found();
      await store.progress(counts, `Fetched ${counts.fetched} of ${counts.found} pages (${counts.articles} articles)`);
    };

    // One runner per allowed connection; each waits for the host limiter inside `visit`.
    const runners = Array.from({ length: this.settings.hostConcurrency }, async () => {
      // A runner whose queue is empty while others are busy waits for links they may add.
      for (;;) {
        signal?.throwIfAborted();
        if (Date.now() > deadline) {
          timedOut = true;
          return;
        }
        const row = await next();
        if (!row) {
          if (inFlight.size === 0) return;
          await new Promise((resolve) => setTimeout(resolve, 50));
          continue;
        }
        try {
          await handle(row);
        } finally {
          inFlight.delete(row.seq);
        }
      }
    });
    await Promise.all(runners);
    return timedOut;
  }

  private async visit(
    address: string,
    start: URL,
    robots: RobotsRules,
    store: CrawlStore,
    signal?: AbortSignal,
  ): Promise<({ article: ParsedArticle } | { skipped: string; refused?: boolean }) & { links: string[] }> {
    if (!robots.isAllowed(address)) return { skipped: 'disallowed by robots.txt', links: [] };
    let page: FetchedPage;
    try {
      page = await this.polite(new URL(address), () => this.fetcher.get(address, signal));
    } catch (error) {
      if (error instanceof FetchError) return { skipped: error.message, refused: error.refused, links: [] };
      throw error;
    }
    if (page.status !== 200) return { skipped: `HTTP ${page.status}`, links: [] };
    const finalUrl = new URL(page.url);
    if (!sameSite(finalUrl, start)) return { skipped: `redirected off the site to ${finalUrl.host}`, links: [] };
    if (page.url !== address && !robots.isAllowed(page.url)) return { skipped: 'redirected to a page robots.txt disallows', links: [] };
    if (page.url !== address && (await store.has(page.url))) return { skipped: `redirects to ${page.url}, crawled on its own`, links: [] };
    if (!/^(text\/html|application\/xhtml\+xml)/.test(page.contentType)) {
      return { skipped: `not HTML (${page.contentType.split(';')[0] || 'no content type'})`, links: [] };
    }
    let parsed: ParsedPage;
    try {
      parsed = await (this.settings.parsePage ?? parseInProcess)({ html: page.body.toString('utf8'), url: page.url, site: start.href });
    } catch (error) {
      if (signal?.aborted) throw error;
      // A page that takes too long or too much memory to parse costs that page, never the crawl.
      return { skipped: `could not be parsed (${error instanceof Error ? error.message : 'unknown error'})`, links: [] };
    }
    const { result, links } = parsed;
    return 'article' in result ? { article: result.article, links } : { skipped: result.skipped, links };
  }

  private polite<T>(url: URL, task: () => Promise<T>): Promise<T> {
    return this.limiter.run(url.host, task);
  }
}

function safeUrl(value: string, base?: string): URL | null {
  try {
    const url = new URL(value, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}
