import robotsParser from 'robots-parser';
import { FetchError, PageFetcher, USER_AGENT_TOKEN } from './page-fetcher';

/** Longest Crawl-delay honoured; a site asking for more is crawled at this pace. */
const MAX_CRAWL_DELAY_MS = 10_000;

export interface RobotsRules {
  isAllowed(url: string): boolean;
  /** The site's Crawl-delay for Quire's agent, in ms (0 when none). */
  crawlDelayMs: number;
  sitemaps: string[];
}

const ALLOW_ALL: RobotsRules = { isAllowed: () => true, crawlDelayMs: 0, sitemaps: [] };

/**
 * Reads a site's robots.txt as RFC 9309 says: 4xx means no rules; a server error or an
 * unreachable file means "disallow everything", so the crawl stops with that reason.
 * A refused address is raised as is, so the job says why.
 */
export async function loadRobots(origin: URL, fetcher: PageFetcher, signal?: AbortSignal): Promise<RobotsRules> {
  const robotsUrl = new URL('/robots.txt', origin).href;
  let page;
  try {
    page = await fetcher.get(robotsUrl, signal);
  } catch (error) {
    if (error instanceof FetchError && !error.refused) {
      throw new FetchError(`robots.txt of ${origin.host} could not be read (${error.message}), so the site may not be crawled`);
    }
    throw error;
  }
  if (page.status >= 400 && page.status < 500) return ALLOW_ALL;
  if (page.status !== 200) throw new FetchError(`robots.txt of ${origin.host} answered HTTP ${page.status}, so the site may not be crawled`);
  const robots = robotsParser(page.url, page.body.toString('utf8'));
  const delay = robots.getCrawlDelay(USER_AGENT_TOKEN);
  return {
    isAllowed: (url) => robots.isAllowed(url, USER_AGENT_TOKEN) !== false,
    crawlDelayMs: Math.min(typeof delay === 'number' && delay > 0 ? delay * 1000 : 0, MAX_CRAWL_DELAY_MS),
    sitemaps: robots.getSitemaps(),
  };
}
