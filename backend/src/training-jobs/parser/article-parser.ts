import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import type { ContentBlock, ParsedSection, ParseResult } from '../training-data.types';

/** Beyond this the page is cut: real articles fit easily, and parsing cost grows with size. */
export const MAX_HTML_CHARS = 2_000_000;
// Readability's cost grows with the element count and with the square of the nesting depth
// (2,000 nested divs take it over a minute); real articles stay far below both.
const MAX_ELEMENTS = 50_000;
const MAX_NESTING = 200;

// The backend compiles without the DOM lib, so these describe the part of linkedom's DOM we use.
interface DomNode {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<DomNode>;
}
interface DomElement extends DomNode {
  children: ArrayLike<DomElement>;
  getAttribute(name: string): string | null;
  querySelector(selectors: string): DomElement | null;
  querySelectorAll(selectors: string): ArrayLike<DomElement>;
  remove(): void;
}
interface DomDocument {
  documentElement: DomElement | null;
  querySelector(selectors: string): DomElement | null;
  querySelectorAll(selectors: string): ArrayLike<DomElement>;
}

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;

/** Never part of an article's text. */
const DROPPED = new Set([
  'script', 'style', 'noscript', 'template', 'img', 'picture', 'video', 'audio', 'source', 'track',
  'iframe', 'object', 'embed', 'canvas', 'svg', 'math', 'map', 'form', 'input', 'button', 'select',
  'textarea', 'label', 'nav', 'aside', 'header', 'footer', 'dialog', 'figcaption', 'head', 'title',
  'meta', 'link',
]);
/** Elements that break the flow of text; anything else is inline and joins the paragraph around it. */
const BLOCK = new Set([
  'address', 'article', 'blockquote', 'body', 'center', 'dd', 'details', 'dir', 'div', 'dl', 'dt',
  'fieldset', 'figure', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hgroup', 'hr', 'html', 'li', 'main',
  'menu', 'ol', 'p', 'pre', 'section', 'summary', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead',
  'tr', 'ul', ...DROPPED,
]);
/** An element outside BLOCK that holds one of these is a wrapper (a custom element, say), not inline text. */
const HAS_BLOCKS = 'p, div, section, article, h1, h2, h3, h4, h5, h6, ul, ol, table, pre, blockquote, hr';
/** Site chrome that readability keeps on some layouts (its own patterns miss "ad-slot", "cookie-…"). */
const BOILERPLATE_ROLES = new Set(['navigation', 'banner', 'contentinfo', 'complementary', 'dialog', 'alertdialog', 'search']);
const BOILERPLATE_TOKEN =
  /^(?:ads?|advert\w*|ad-\w[\w-]*|[\w-]+-ads?|sponsor\w*|[\w-]+-sponsor\w*|promo|promoted|cookie[\w-]*|[\w-]+-cookies?|consent|[\w-]+-consent|gdpr[\w-]*|newsletter[\w-]*|[\w-]+-newsletter|related[\w-]*|[\w-]+-related|share[\w-]*|[\w-]+-share|social[\w-]*|comments?|comments-area|breadcrumbs?)$/i;
/** Never removed as boilerplate: they hold the article itself. */
const CONTAINERS = new Set(['html', 'body', 'main', 'article']);
/** Tags removed before extraction whatever they hold (nothing of them is text). */
const VOID_OF_TEXT = new Set(['script', 'style', 'noscript', 'template', 'img', 'picture', 'video', 'audio', 'iframe', 'object', 'embed', 'canvas', 'svg']);

type Piece = ContentBlock | { type: 'h2'; text: string; linked: boolean };

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

  const titleHeading = findTitleHeading(original);
  const title = collapse(titleHeading ? textOf(titleHeading) : '') || metaContent(original, 'og:title') || collapse(original.querySelector('title')?.textContent ?? '');
  const publishedDate = findPublishedDate(original);

  // Readability mutates the document it reads, so it gets its own parse of the same markup.
  const content = load(html);
  if (titleHeading) content.querySelectorAll('h1')[indexOf(original.querySelectorAll('h1'), titleHeading)]?.remove();
  // Readability drops the first heading that resembles the page title; the title is already out of
  // the way, so it must not guess one from <head> and take a real section heading for it.
  for (const element of Array.from(content.querySelectorAll('head > *'))) element.remove();
  removeBoilerplate(content);
  const extracted = new Readability(content as never, { disableJSONLD: true, serializer: (node: unknown) => node }).parse();
  const root = extracted?.content as DomElement | null | undefined;
  if (!root) return { skipped: 'no article content' };

  const pieces: Piece[] = [];
  walk(root, pieces);
  const headings = pieces.filter((piece) => piece.type === 'h2');
  // Listing and tag pages are a heading per post, each heading a link to that post.
  if (headings.length > 1 && headings.filter((heading) => heading.linked).length * 2 > headings.length) {
    return { skipped: 'listing page' };
  }
  const { intro, sections } = split(pieces);
  if (sections.length === 0) return { skipped: 'no article content' };
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

function tagOf(element: DomNode): string {
  return element.nodeName.toLowerCase();
}

function isNoindex(doc: DomDocument): boolean {
  return Array.from(doc.querySelectorAll('meta')).some(
    (meta) => (meta.getAttribute('name') ?? '').trim().toLowerCase() === 'robots' && /(?:^|[\s,])(?:noindex|none)(?:$|[\s,])/i.test(meta.getAttribute('content') ?? ''),
  );
}

/** The article's own h1: a logo in an h1 outside the article must not become the title. */
function findTitleHeading(doc: DomDocument): DomElement | null {
  for (const selector of ['article h1', 'main h1', 'h1']) {
    const heading = doc.querySelector(selector);
    if (heading && collapse(textOf(heading))) return heading;
  }
  return null;
}

function metaContent(doc: DomDocument, key: string): string | null {
  for (const meta of Array.from(doc.querySelectorAll('meta'))) {
    const names = ['property', 'name', 'itemprop'].map((attribute) => (meta.getAttribute(attribute) ?? '').trim().toLowerCase());
    const content = meta.getAttribute('content')?.trim();
    if (content && names.includes(key)) return content;
  }
  return null;
}

function removeBoilerplate(doc: DomDocument): void {
  const pageText = doc.querySelector('body')?.textContent?.length ?? 0;
  for (const element of Array.from(doc.querySelectorAll('body *'))) {
    const tag = tagOf(element);
    if (VOID_OF_TEXT.has(tag)) {
      element.remove();
      continue;
    }
    if (CONTAINERS.has(tag)) continue;
    const role = (element.getAttribute('role') ?? '').toLowerCase();
    const tokens = `${element.getAttribute('class') ?? ''} ${element.getAttribute('id') ?? ''}`.split(/\s+/).filter(Boolean);
    if (!DROPPED.has(tag) && !BOILERPLATE_ROLES.has(role) && !tokens.some((token) => BOILERPLATE_TOKEN.test(token))) continue;
    // Chrome never holds most of the page: a wrapper that does (an ASP.NET <form>, a content div
    // with a "share-enabled" class) is the page itself.
    if (element.querySelector('article, main') || (element.textContent?.length ?? 0) * 2 > pageText) continue;
    element.remove();
  }
}

// ---- dates ----

function findPublishedDate(doc: DomDocument): string | null {
  const sources: Array<() => string | null | undefined> = [
    () => metaContent(doc, 'article:published_time'),
    () => metaContent(doc, 'og:published_time'),
    ...['datepublished', 'date', 'pubdate', 'dc.date'].map((name) => () => metaContent(doc, name)),
    () => firstValid(Array.from(doc.querySelectorAll('[itemprop="datePublished"]')).map((element) => element.getAttribute('content') ?? element.getAttribute('datetime') ?? element.textContent)),
    () => firstValid(jsonLdDates(doc)),
    () => {
      const scope = doc.querySelector('article') ?? doc.querySelector('main') ?? doc.documentElement;
      return firstValid(Array.from(scope?.querySelectorAll('time[datetime]') ?? []).map((time) => time.getAttribute('datetime')));
    },
  ];
  for (const source of sources) {
    const date = normaliseDate(source());
    if (date) return date;
  }
  return null;
}

function firstValid(values: Array<string | null | undefined>): string | null {
  return values.map(normaliseDate).find((date) => date !== null) ?? null;
}

function jsonLdDates(doc: DomDocument): string[] {
  const dates: string[] = [];
  const visit = (value: unknown, depth: number): void => {
    if (depth > 5 || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item, depth + 1);
      return;
    }
    const record = value as Record<string, unknown>;
    if (typeof record.datePublished === 'string') dates.push(record.datePublished);
    visit(record['@graph'], depth + 1);
  };
  for (const script of Array.from(doc.querySelectorAll('script'))) {
    if ((script.getAttribute('type') ?? '').trim().toLowerCase() !== 'application/ld+json') continue;
    try {
      visit(JSON.parse(script.textContent ?? ''), 0);
    } catch {
      // Broken JSON-LD is common; the other sources still count.
    }
  }
  return dates;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?)?$/i;

/** `yyyy-MM-dd` from an ISO-like date; a timestamp with a zone gives its UTC date. */
export function normaliseDate(value: string | null | undefined): string | null {
  const match = ISO_DATE.exec((value ?? '').trim());
  if (!match) return null;
  const [, year, month, day, hours = '0', minutes = '0', seconds = '0', zone] = match;
  const date = Date.UTC(Number(year), Number(month) - 1, Number(day));
  if (Number(year) < 1900 || Number(year) > 2999 || new Date(date).toISOString().slice(0, 10) !== `${year}-${month}-${day}`) return null;
  if (Number(hours) > 23 || Number(minutes) > 59 || Number(seconds) > 59) return null;
  if (!zone) return `${year}-${month}-${day}`;
  const offset = zone.toUpperCase() === 'Z' ? 0 : (zone.startsWith('-') ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(-2)));
  const instant = date + ((Number(hours) * 60 + Number(minutes) - offset) * 60 + Number(seconds)) * 1000;
  return new Date(instant).toISOString().slice(0, 10);
}

// ---- content ----

/** Flattens the extracted content into h2 markers and blocks, walking through wrappers. */
function walk(container: DomElement, out: Piece[]): void {
  let inline = '';
  const flush = () => {
    const text = collapse(inline);
    if (text) out.push({ type: 'p', text });
    inline = '';
  };
  for (const node of Array.from(container.childNodes)) {
    if (node.nodeType === TEXT_NODE) inline += node.textContent ?? '';
    if (node.nodeType !== ELEMENT_NODE) continue;
    const element = node as DomElement;
    const tag = tagOf(element);
    if (!BLOCK.has(tag) && (tag === 'br' || !element.querySelector(HAS_BLOCKS))) {
      inline += tag === 'br' ? ' ' : textOf(element);
      continue;
    }
    flush();
    block(element, tag, out);
  }
  flush();
}

function block(element: DomElement, tag: string, out: Piece[]): void {
  const push = (piece: Piece) => {
    if (piece.type === 'hr' || ('text' in piece ? piece.text : piece.items.length)) out.push(piece);
  };
  if (DROPPED.has(tag)) return;
  if (tag === 'h1' || tag === 'h2') {
    const text = collapse(textOf(element));
    // Self-links ("#faq") are anchors of the article's own headings, not links to other posts.
    const link = element.querySelector('a[href]:not([href^="#"])');
    if (text) out.push({ type: 'h2', text, linked: link !== null && collapse(textOf(link)) === text });
  } else if (/^h[3-6]$/.test(tag)) push({ type: 'h3', text: collapse(textOf(element)) });
  else if (tag === 'p') push({ type: 'p', text: collapse(textOf(element)) });
  else if (tag === 'ul' || tag === 'ol') push({ type: tag, items: listItems(element) });
  else if (tag === 'blockquote') push({ type: 'blockquote', text: collapse(textOf(element)) });
  else if (tag === 'pre') push({ type: 'code', text: codeText(element) });
  else if (tag === 'hr') push({ type: 'hr' });
  else if (tag === 'table') push({ type: 'ul', items: tableRows(element) });
  // A figure is an image unless it wraps a code block, a table or a quote.
  else if (tag !== 'figure' || element.querySelector('pre, table, blockquote')) walk(element, out);
}

/** The list's own items; an li's nested lists stay part of that li's text. */
function listItems(list: DomElement): string[] {
  const items: string[] = [];
  for (const child of Array.from(list.children)) {
    const tag = tagOf(child);
    if (tag === 'li') {
      const text = collapse(textOf(child));
      if (text) items.push(text);
    } else if (tag !== 'ul' && tag !== 'ol' && !DROPPED.has(tag)) items.push(...listItems(child));
  }
  return items;
}

/** A table has no block of its own, so each row becomes a list item: "cell | cell". */
function tableRows(table: DomElement): string[] {
  return Array.from(table.querySelectorAll('tr'))
    .map((row) =>
      Array.from(row.children)
        .filter((cell) => ['td', 'th'].includes(tagOf(cell)))
        .map((cell) => collapse(textOf(cell)))
        .filter(Boolean)
        .join(' | '),
    )
    .filter(Boolean);
}

function codeText(pre: DomElement): string {
  return textOf(pre, true)
    .replace(/\r\n?/g, '\n')
    .replace(/^\s*\n/, '')
    .trimEnd();
}

/** Text of an element with block boundaries and <br> as spaces (newlines in code); iterative for deep markup. */
function textOf(root: DomNode, preserve = false): string {
  let text = '';
  const stack: Array<DomNode | string> = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (typeof node === 'string') {
      text += node;
      continue;
    }
    if (node.nodeType === TEXT_NODE) text += node.textContent ?? '';
    if (node.nodeType !== ELEMENT_NODE) continue;
    const tag = tagOf(node);
    if (tag === 'br') text += preserve ? '\n' : ' ';
    if (node !== root && (DROPPED.has(tag) || tag === 'br')) continue;
    const separator = BLOCK.has(tag) && node !== root ? ' ' : '';
    if (separator && !preserve) stack.push(separator);
    for (let i = node.childNodes.length - 1; i >= 0; i--) stack.push(node.childNodes[i]);
    if (separator && !preserve) stack.push(separator);
  }
  return text;
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function split(pieces: Piece[]): { intro: ContentBlock[]; sections: ParsedSection[] } {
  const intro: ContentBlock[] = [];
  const sections: ParsedSection[] = [];
  let current: ContentBlock[] = intro;
  for (const piece of pieces) {
    if (piece.type === 'h2') {
      const section: ParsedSection = { heading: piece.text, children: [] };
      sections.push(section);
      current = section.children;
    } else current.push(piece);
  }
  for (const section of sections) trimRules(section.children);
  trimRules(intro);
  // A heading with nothing under it (or only rules) teaches nothing about a kind of section.
  return { intro, sections: sections.filter((section) => section.children.length > 0) };
}

/** A rule at either end of a part only separates it from its neighbour. */
function trimRules(blocks: ContentBlock[]): void {
  while (blocks[0]?.type === 'hr') blocks.shift();
  while (blocks[blocks.length - 1]?.type === 'hr') blocks.pop();
}
