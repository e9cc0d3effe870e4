// What happens to a page before Readability reads it: what belongs to the article is put in a
// form Readability keeps (maths as text, the standfirst out of the header), and site chrome that
// Readability keeps on some layouts is taken out.
import { collapse, DomDocument, DomElement, DROPPED, nameTokens, tagOf, textOf } from './dom';

/** Site chrome that readability keeps on some layouts (its own patterns miss "ad-slot", "cookie-…"). */
const BOILERPLATE_ROLES = new Set(['navigation', 'banner', 'contentinfo', 'complementary', 'dialog', 'alertdialog', 'search']);
const BOILERPLATE_TOKEN =
  /^(?:ads?|advert\w*|ad-\w[\w-]*|[\w-]+-ads?|sponsor\w*|[\w-]+-sponsor\w*|promo|promoted|cookie[\w-]*|[\w-]+-cookies?|consent|[\w-]+-consent|gdpr[\w-]*|newsletter[\w-]*|[\w-]+-newsletter|related[\w-]*|[\w-]+-related|share[\w-]*|[\w-]+-share|social[\w-]*|comments?|comments-area|breadcrumbs?)$/i;
/** Never removed as boilerplate: they hold the article itself. */
const CONTAINERS = new Set(['html', 'body', 'main', 'article']);
/** Tags removed before extraction whatever they hold (nothing of them is text). */
const VOID_OF_TEXT = new Set(['script', 'style', 'noscript', 'template', 'img', 'picture', 'video', 'audio', 'iframe', 'object', 'embed', 'canvas', 'svg']);

/** In an article's header, these name the byline, dates, tags and sharing — not its standfirst. */
const BYLINE_TOKEN = /byline|author|meta|date|time|posted|publish|updated|tag|categor|breadcrumb|share|social|credit|kicker|eyebrow|label/i;
const BYLINE_TEXT = /^(?:by|posted|published|updated|written by|from)\b/i;
/** A renderer's copy of a formula for the eye (KaTeX's, MathJax's): its source is kept instead. */
const RENDERED_MATHS = '.katex-html, .MathJax_Preview, .MathJax, .MathJax_Display, .MathJax_SVG, .MathJax_SVG_Display, .MathJax_CHTML';
/** A wrapper this much longer than its formula holds more than the formula. */
const MATHS_WRAPPER_SLACK = 40;

/**
 * Formulas become their text (their TeX source when the page gives it, else what MathML reads
 * as): Readability and the block walk would otherwise drop them or keep a renderer's glyph soup.
 */
export function keepMathsAsText(doc: DomDocument): void {
  const sources = Array.from(doc.querySelectorAll('script')).filter((script) => /^math\/tex/i.test(script.getAttribute('type') ?? ''));
  if (sources.length > 0 || doc.querySelector('.katex')) for (const rendered of Array.from(doc.querySelectorAll(RENDERED_MATHS))) rendered.remove();
  for (const script of sources) script.replaceWith(` ${collapse(script.textContent ?? '')} `);
  for (const math of Array.from(doc.querySelectorAll('math'))) {
    const text = mathsText(math);
    mathsWrapper(math, text).replaceWith(text);
  }
}

function mathsText(math: DomElement): string {
  const tex = math.querySelector('annotation[encoding="application/x-tex"]')?.textContent ?? math.getAttribute('alttext');
  if (tex && tex.trim()) return collapse(tex).replace(/^\{\\displaystyle\s*(.*)\}$/, '$1');
  return collapse(textOf(math));
}

/** The formula's own wrapper (Wikipedia's hidden MathML plus fallback image, KaTeX's span), else the <math> itself. */
function mathsWrapper(math: DomElement, text: string): DomElement {
  let wrapper = math;
  for (let parent = math.parentElement; parent && /math|katex|mjx/i.test(parent.getAttribute('class') ?? ''); parent = parent.parentElement) {
    if (collapse(textOf(parent)).length > text.length + collapse(textOf(math)).length + MATHS_WRAPPER_SLACK) break;
    wrapper = parent;
  }
  return wrapper;
}

/**
 * An article's own `<header>` holds its headline, byline and often a standfirst (the summary line
 * under the headline). The header would go as chrome, so its standfirst is moved out first, into
 * a plain block where the header was; bylines, dates and tags stay behind and go with it.
 */
export function keepStandfirsts(doc: DomDocument, headline: DomElement | null): void {
  for (const header of Array.from(doc.querySelectorAll('header'))) {
    if (!isArticleHeader(header, headline)) continue;
    const standfirsts = Array.from(header.querySelectorAll('p')).filter((p) => isStandfirst(p, header));
    if (standfirsts.length === 0) continue;
    const block = doc.createElement('div');
    block.append(...standfirsts);
    header.before(block);
  }
}

/** Inside the article, or holding its headline; never the site's banner (whose tagline is no standfirst). */
function isArticleHeader(header: DomElement, headline: DomElement | null): boolean {
  if (header.closest('nav, [role="banner"]')) return false;
  return header.closest('article, main') !== null || (headline !== null && headline.closest('header') === header);
}

function isStandfirst(paragraph: DomElement, header: DomElement): boolean {
  const text = collapse(textOf(paragraph));
  if (!text || BYLINE_TEXT.test(text) || paragraph.querySelector('time, [rel="author"], a[href*="/author"]')) return false;
  for (let element: DomElement | null = paragraph; element && element !== header; element = element.parentElement) {
    if (nameTokens(element).some((token) => BYLINE_TOKEN.test(token))) return false;
  }
  return true;
}

export function removeBoilerplate(doc: DomDocument): void {
  const pageText = doc.querySelector('body')?.textContent?.length ?? 0;
  for (const element of Array.from(doc.querySelectorAll('body *'))) {
    const tag = tagOf(element);
    if (VOID_OF_TEXT.has(tag)) {
      element.remove();
      continue;
    }
    if (CONTAINERS.has(tag)) continue;
    const role = (element.getAttribute('role') ?? '').toLowerCase();
    if (!DROPPED.has(tag) && !BOILERPLATE_ROLES.has(role) && !nameTokens(element).some((token) => BOILERPLATE_TOKEN.test(token))) continue;
    // Chrome never holds most of the page: a wrapper that does (an ASP.NET <form>, a content div
    // with a "share-enabled" class) is the page itself.
    if (element.querySelector('article, main') || (element.textContent?.length ?? 0) * 2 > pageText) continue;
    element.remove();
  }
}
