import { createHash } from 'node:crypto';
import type { ContentBlock, ParsedArticle, SectionItem } from '@quire/shared';

/** RFC 4122's namespace for URLs: the ids are name-based UUIDs of the article's address. */
const URL_NAMESPACE = '6ba7b811-9dad-11d1-80b4-00c04fd430c8';

/** A version 5 (SHA-1, name-based) UUID: the same name always gives the same id. */
export function nameUuid(name: string, namespace = URL_NAMESPACE): string {
  const hash = createHash('sha1')
    .update(Buffer.from(namespace.replace(/-/g, ''), 'hex'))
    .update(name, 'utf8')
    .digest();
  hash[6] = (hash[6] & 0x0f) | 0x50;
  hash[8] = (hash[8] & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** "1.", "2)", "3:", "Step 3:", "#4 " — a list position, not part of what the section is about. */
const NUMBERING = /^(?:step\s+\d{1,3}\s*[:.)\-–—]|#\d{1,3}[:.)]?|\d{1,3}(?:\.\d{1,3})*[.):]|\d{1,3}\s+[-–—])\s*/i;

/** Trimmed, leading numbering and a trailing colon dropped, spaces collapsed, lower case. */
export function normaliseHeading(heading: string): string {
  const collapsed = heading.replace(/\s+/g, ' ').trim();
  const normalised = collapsed
    .replace(NUMBERING, '')
    .replace(/\s*:+$/, '')
    .trim();
  // A heading that is nothing but a number keeps it rather than becoming empty.
  return (normalised || collapsed).toLowerCase();
}

/** The article's items: its title with its intro (position 0), then one per section (1..n). */
export function articleItems(article: ParsedArticle): { intro: SectionItem; sections: SectionItem[] } {
  const articleUuid = nameUuid(article.url);
  const item = (heading: string, children: ContentBlock[], position: number): SectionItem => ({
    published_date: article.publishedDate,
    heading: normaliseHeading(heading),
    originalHeading: heading,
    children,
    uuid: nameUuid(`${article.url}#${position}`),
    article_uuid: articleUuid,
  });
  return {
    intro: item(article.title, article.intro, 0),
    sections: article.sections.map((section, index) => item(section.heading, section.children, index + 1)),
  };
}

export { blocksToPlainText } from '@quire/shared';
