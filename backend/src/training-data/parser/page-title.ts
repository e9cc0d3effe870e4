import { collapse, DomDocument, DomElement, jsonLdObjects, metaContent, nameTokens, textOf } from './dom';

/** An h1 named like this, or inside the page's header or navigation, is the site's logo or name. */
const SITE_NAME_TOKEN = /^(?:logo|[\w-]*-logo|brand\w*|site-?(?:title|name|logo|branding)|masthead|navbar-brand)$/i;
/** Separators between a headline and the site's name in a `<title>`: "Headline | Site", "Site - Headline". */
const TITLE_SEPARATOR = /\s+[|\-–—·•»:]{1,2}\s+/;
/** Two texts this alike (Dice coefficient of their words) state the same headline. */
const SAME_HEADLINE = 0.5;

export interface PageTitle {
  title: string;
  /** The h1 that states it, to be left out of the body; null when the title came from metadata only. */
  heading: DomElement | null;
}

/**
 * The headline the page states. The h1s are weighed against what the page tells machines about
 * itself (og:title, JSON-LD `headline`, the `<title>` without the site's name): an h1 that agrees
 * with them is the headline as written on the page; when none agrees, the metadata wins over a
 * stray h1 (a section name, a photo caption). A logo or site-name h1 never competes.
 */
export function findTitle(doc: DomDocument): PageTitle {
  const siteNames = siteNamesOf(doc);
  const stated = [metaContent(doc, 'og:title'), jsonLdHeadline(doc)].map((text) => withoutSiteName(text ?? '', siteNames)).filter(Boolean);
  const documentTitle = withoutSiteName(doc.querySelector('title')?.textContent ?? '', siteNames, true);
  const metadata = [...stated, documentTitle].filter(Boolean);
  const headings = Array.from(doc.querySelectorAll('h1')).filter((h1) => collapse(textOf(h1)) && !isSiteNameHeading(h1, siteNames));

  const agreeing = headings
    .map((heading) => ({ heading, agreement: Math.max(0, ...metadata.map((text) => similarity(textOf(heading), text))) }))
    .filter((candidate) => candidate.agreement >= SAME_HEADLINE)
    .sort((a, b) => b.agreement - a.agreement)[0];
  if (agreeing) return { title: collapse(textOf(agreeing.heading)), heading: agreeing.heading };
  if (stated.length > 0) return { title: stated[0], heading: null };
  // A <title> alone is a weak signal: the article's own h1, when there is one, states the headline.
  const own = headings.find((heading) => heading.closest('article, main')) ?? headings[0];
  if (own) return { title: collapse(textOf(own)), heading: own };
  return { title: documentTitle, heading: null };
}

function jsonLdHeadline(doc: DomDocument): string | null {
  const object = jsonLdObjects(doc).find((candidate) => typeof candidate.headline === 'string' && candidate.headline.trim());
  return object ? (object.headline as string) : null;
}

/** What the site calls itself: og:site_name, application-name, the JSON-LD publisher or WebSite. */
function siteNamesOf(doc: DomDocument): string[] {
  const names = [metaContent(doc, 'og:site_name'), metaContent(doc, 'application-name')];
  for (const object of jsonLdObjects(doc)) {
    const publisher = object.publisher as Record<string, unknown> | undefined;
    if (publisher && typeof publisher.name === 'string') names.push(publisher.name);
    if (object['@type'] === 'WebSite' && typeof object.name === 'string') names.push(object.name);
  }
  return names.map((name) => normalise(name ?? '')).filter(Boolean);
}

/**
 * "Headline | Site" → "Headline", "Site – Headline" → "Headline". A part naming the site goes; when
 * the site's name is unknown, `guess` keeps the text before the last separator (where most sites
 * put their name after the headline), unless that leaves fewer than three words.
 */
export function withoutSiteName(text: string, siteNames: string[], guess = false): string {
  const whole = collapse(text);
  const separators = [...whole.matchAll(new RegExp(TITLE_SEPARATOR.source, 'g'))];
  if (separators.length === 0) return whole;
  const first = separators[0];
  const last = separators[separators.length - 1];
  const head = whole.slice(0, last.index);
  const tail = whole.slice(first.index! + first[0].length);
  if (siteNames.includes(normalise(whole.slice(last.index! + last[0].length)))) return head;
  if (siteNames.includes(normalise(whole.slice(0, first.index)))) return tail;
  if (!guess) return whole;
  return words(head).size >= 3 || head.length >= tail.length ? head : tail;
}

function isSiteNameHeading(h1: DomElement, siteNames: string[]): boolean {
  if (siteNames.includes(normalise(textOf(h1)))) return true;
  if ([h1, h1.parentElement].some((element) => element && nameTokens(element).some((token) => SITE_NAME_TOKEN.test(token)))) return true;
  // The page's own header or navigation, not an article's header.
  return h1.closest('nav, [role="banner"], [role="navigation"]') !== null || (h1.closest('header') !== null && h1.closest('article, main') === null);
}

function normalise(text: string): string {
  return collapse(text).toLowerCase();
}

function words(text: string): Set<string> {
  return new Set(normalise(text).match(/[\p{L}\p{N}]+/gu) ?? []);
}

/** Dice coefficient of the two texts' words: 1 when they hold the same words, 0 when none shared. */
export function similarity(a: string, b: string): number {
  const left = words(a);
  const right = words(b);
  if (left.size === 0 || right.size === 0) return 0;
  let shared = 0;
  for (const word of left) if (right.has(word)) shared++;
  return (2 * shared) / (left.size + right.size);
}
