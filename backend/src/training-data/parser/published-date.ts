import { DomDocument, DomElement, jsonLdObjects, metaContent, nameTokens } from './dom';

/** Meta tags that state when a page was first published, strongest first. */
const PUBLISHED_META = [
  'article:published_time',
  'og:published_time',
  'datepublished',
  'date',
  'pubdate',
  'publishdate',
  'dc.date',
  'dc.date.issued',
  'parsely-pub-date',
];
/** Marks a <time> (or its container) as the last change, which is never the publication date. */
const UPDATED = /updat|modif|edit|revis/i;

/**
 * `yyyy-MM-dd` of the page's first publication: JSON-LD `datePublished` (what the site tells search
 * engines), then the publication meta tags, then microdata and `<time>`, then a date in the URL's
 * path. Modified or updated times are never taken for it.
 */
export function findPublishedDate(doc: DomDocument, url: string): string | null {
  const sources: Array<() => string | null> = [
    () => firstValid(jsonLdObjects(doc).map((object) => (typeof object.datePublished === 'string' ? object.datePublished : null))),
    () => firstValid(PUBLISHED_META.map((name) => metaContent(doc, name))),
    () =>
      firstValid(
        Array.from(doc.querySelectorAll('[itemprop="datePublished"]')).map(
          (element) => element.getAttribute('content') ?? element.getAttribute('datetime') ?? element.textContent,
        ),
      ),
    () => firstValid(publicationTimes(doc).map((time) => time.getAttribute('datetime'))),
    () => dateInPath(url),
  ];
  for (const source of sources) {
    const date = source();
    if (date) return date;
  }
  return null;
}

function firstValid(values: Array<string | null | undefined>): string | null {
  return values.map(normaliseDate).find((date) => date !== null) ?? null;
}

/** The article's `<time datetime>` elements that are not an "updated" stamp, a `pubdate` one first. */
function publicationTimes(doc: DomDocument): DomElement[] {
  const scope = doc.querySelector('article') ?? doc.querySelector('main') ?? doc.documentElement;
  const times = Array.from(scope?.querySelectorAll('time[datetime]') ?? []).filter((time) => !isUpdateStamp(time));
  return [...times.filter((time) => time.getAttribute('pubdate') !== null), ...times];
}

function isUpdateStamp(time: DomElement): boolean {
  const marks = [time, time.parentElement].flatMap((element) => (element ? [...nameTokens(element), element.getAttribute('itemprop') ?? ''] : []));
  return marks.some((mark) => UPDATED.test(mark));
}

/** News sites often put the day in the path (/2019/11/19/slug, /2019-11-19-slug): a last resort. */
export function dateInPath(url: string): string | null {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return null;
  }
  const match = /\/((?:19|20)\d{2})[/-](\d{2})[/-](\d{2})(?:[/\-_.]|$)/.exec(path);
  return match ? normaliseDate(`${match[1]}-${match[2]}-${match[3]}`) : null;
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
