import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import type { ParseResult } from '@quire/shared';
import { isIntroOnlyArticle, isListing, sectionLevel, splitSections, withoutRepeatedTitle } from './article-outline';
import { withoutChromeLines } from './chrome-lines';
import { contentPieces } from './content-pieces';
import { DomDocument, DomElement } from './dom';
import { findTitle } from './page-title';
import { keepMathsAsText, keepStandfirsts, removeBoilerplate } from './prepare-content';
import { findPublishedDate } from './published-date';

export { normaliseDate } from './published-date';

/** Beyond this the page is cut: real articles fit easily, and parsing cost grows with size. */
export const MAX_HTML_CHARS = 2_000_000;
// Readability's cost grows with the element count and with the square of the nesting depth
// (2,000 nested divs take it over a minute); real articles stay far below both.
const MAX_ELEMENTS = 50_000;
const MAX_NESTING = 200;

export function parseArticle(html: string, url: string): ParseResult {
  try {
    return parse(typeof html === 'string' ? html.slice(0, MAX_HTML_CHARS) : '', withoutFragment(url));
  } catch {
    // Malformed input must cost a page, never the crawl.
    return { skipped: 'unparseable page' };
  }
}

function parse(html: string, url: string): ParseResult {
  if (!html.trim()) return { skipped: 'empty page' };
  const original = load(html);
  const tooComplex = complexity(original);
  if (tooComplex) return { skipped: tooComplex };
  if (isNoindex(original)) return { skipped: 'noindex' };

  const { title, heading } = findTitle(original);
  const publishedDate = findPublishedDate(original, url);

  // Readability mutates the document it reads, so it gets its own parse of the same markup.
  const content = load(html);
  const headline = heading ? (content.querySelectorAll('h1')[indexOf(original.querySelectorAll('h1'), heading)] ?? null) : null;
  keepMathsAsText(content);
  keepStandfirsts(content, headline);
  headline?.remove();
  // Readability drops the first heading that resembles the page title; the title is already out of
  // the way, so it must not guess one from <head> and take a real section heading for it.
  for (const element of Array.from(content.querySelectorAll('head > *'))) element.remove();
  removeBoilerplate(content);
  const extracted = new Readability(content as never, { disableJSONLD: true, serializer: (node: unknown) => node }).parse();
  const root = extracted?.content as DomElement | null | undefined;
  if (!root) return { skipped: 'no article content' };

  const pieces = withoutRepeatedTitle(withoutChromeLines(contentPieces(root)), title);
  const level = sectionLevel(pieces);
  if (isListing(pieces, level, url)) return { skipped: 'listing page' };
  const { intro, sections } = splitSections(pieces, level);
  if (sections.length === 0 && !isIntroOnlyArticle(intro)) return { skipped: 'no article content' };
  return { article: { url, title, intro, publishedDate, sections } };
}

function load(html: string): DomDocument {
  // linkedom builds no <html>/<body> around a fragment, and readability needs both.
  const markup = /<html[\s>]/i.test(html) ? html : /<body[\s>]/i.test(html) ? `<html>${html}</html>` : `<html><head></head><body>${html}</body></html>`;
  return parseHTML(markup).document as unknown as DomDocument;
}

function complexity(doc: DomDocument): string | null {
  let elements = 0;
  const stack: Array<[DomElement, number]> = doc.documentElement ? [[doc.documentElement, 1]] : [];
  while (stack.length > 0) {
    const [element, depth] = stack.pop()!;
    if (++elements > MAX_ELEMENTS) return 'page too large';
    if (depth > MAX_NESTING) return 'page too deeply nested';
    for (const child of Array.from(element.children)) stack.push([child, depth + 1]);
  }
  return null;
}

function withoutFragment(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.hash = '';
    return parsed.toString();
  } catch {
    return String(url).split('#')[0];
  }
}

function indexOf(list: ArrayLike<DomElement>, element: DomElement): number {
  return Array.prototype.indexOf.call(list, element) as number;
}

function isNoindex(doc: DomDocument): boolean {
  return Array.from(doc.querySelectorAll('meta')).some(
    (meta) =>
      (meta.getAttribute('name') ?? '').trim().toLowerCase() === 'robots' && /(?:^|[\s,])(?:noindex|none)(?:$|[\s,])/i.test(meta.getAttribute('content') ?? ''),
  );
}
