import { extractLinks } from './links';
import { ParseResult } from '@quire/shared';
import { parseArticle } from './article-parser';

export interface PageToParse {
  html: string;
  /** The page's final URL (after redirects). */
  url: string;
  /** The submitted URL: links elsewhere are not followed. */
  site: string;
}

export interface ParsedPage {
  result: ParseResult;
  links: string[];
}

/** Everything the crawler reads from one HTML page: its article (or why not) and its same-site links. */
export function parsePage(page: PageToParse): ParsedPage {
  return { result: parseArticle(page.html, page.url), links: extractLinks(page.html, new URL(page.url), new URL(page.site)) };
}
