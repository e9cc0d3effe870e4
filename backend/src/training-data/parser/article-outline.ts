// How an article's flattened content becomes its intro and sections: which heading level the
// article uses for its sections, whether the page is a listing rather than an article, and
// whether a page without sections still holds an article.
import type { ContentBlock, ParsedSection } from '@quire/shared';
import { HeadingPiece, isHeading, Piece } from './content-pieces';
import { similarity } from './page-title';

/** Section levels tried after h2, highest first: the first that repeats is the article's. */
const LOWER_SECTION_LEVELS = [3, 4];
/** A heading this close to the title (Dice of its words) is the headline again, not a section. */
const SAME_AS_TITLE = 0.8;
/**
 * A page without sub-headings is an article when its body holds a few sentences; a contact form
 * with a line of text above it is not.
 */
export const MIN_INTRO_CHARS = 250;

/** The article's first heading is dropped when it only repeats the headline (themes print it twice). */
export function withoutRepeatedTitle(pieces: Piece[], title: string): Piece[] {
  const first = pieces.findIndex(isHeading);
  if (first < 0 || similarity((pieces[first] as HeadingPiece).text, title) < SAME_AS_TITLE) return pieces;
  return pieces.filter((_, index) => index !== first);
}

/**
 * The heading level that starts a section: h2 when the article has one, else the highest of h3
 * and h4 that appears more than once (a lone h3 is a sub-heading of the intro, not an outline);
 * null when the article has no sub-headings to split on.
 */
export function sectionLevel(pieces: Piece[]): number | null {
  const levels = pieces.filter(isHeading).map((heading) => heading.level);
  if (levels.includes(2)) return 2;
  return LOWER_SECTION_LEVELS.find((level) => levels.filter((l) => l === level).length > 1) ?? null;
}

/**
 * Listing and tag pages are a heading per post, each heading a link to that post on the same
 * site. (A buying guide's headings may link to shops elsewhere; that is still an article.)
 */
export function isListing(pieces: Piece[], level: number | null, url: string): boolean {
  if (level === null) return false;
  const headings = pieces.filter(isHeading).filter((heading) => heading.level <= level);
  return headings.length > 1 && headings.filter((heading) => linksWithinSite(heading.link, url)).length * 2 > headings.length;
}

function linksWithinSite(href: string | null, url: string): boolean {
  if (href === null) return false;
  try {
    return new URL(href, url).host === new URL(url).host;
  } catch {
    // A page address that is not a URL (a test's fragment) gives no host to compare: any link counts.
    return true;
  }
}

/** Blocks before the first section heading are the intro; deeper headings stay inside their section as h3 blocks. */
export function splitSections(pieces: Piece[], level: number | null): { intro: ContentBlock[]; sections: ParsedSection[] } {
  const intro: ContentBlock[] = [];
  const sections: ParsedSection[] = [];
  let current: ContentBlock[] = intro;
  for (const piece of pieces) {
    if (isHeading(piece) && level !== null && piece.level <= level) {
      const section: ParsedSection = { heading: piece.text, children: [] };
      sections.push(section);
      current = section.children;
    } else current.push(isHeading(piece) ? { type: 'h3', text: piece.text } : piece);
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

/** Without sections, the page is an article when its intro holds enough text to learn from. */
export function isIntroOnlyArticle(intro: ContentBlock[]): boolean {
  const chars = intro.reduce((sum, block) => sum + ('text' in block ? block.text.length : 'items' in block ? block.items.join(' ').length : 0), 0);
  return chars >= MIN_INTRO_CHARS;
}
