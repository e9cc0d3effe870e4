// Lines of site chrome that Readability keeps inside the article's container: bylines and
// datelines, image credits, calls to subscribe or follow, "Advert" labels, and the "more
// stories" block that ends many pages. Each rule looks at one short block of text only; an
// article's own sentences are longer than these lines and rarely start the way they do.
import type { ContentBlock } from '@quire/shared';
import { isHeading, Piece } from './content-pieces';

/** Chrome lines are short; a paragraph longer than this is the article's own, whatever it starts with. */
const SHORT_LINE = 200;
/** "By Ann Lee", "By Ann Lee - 11/18/19": a byline never ends a sentence, which "By Monday, …" does. */
const BYLINE = /^[Bb]y\s+\p{Lu}[\p{L}.'’-]*(?:\s+\p{Lu}[\p{L}.'’-]*){0,3}(?:\s*(?:[-–—|,·]|and|$))(?!.*[.!?]["”’)]?$)/u;
/** "Updated: …", "Posted at 6:45 PM", "Published Nov 19" — not "Published in 1990, the book …". */
const DATELINE =
  /^(?:posted|published|updated|last updated|first published)(?::|\s+(?:at|on)\b|\s+\d|\s+(?:mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\p{L}*\b)/iu;
const DATE_ONLY =
  /^(?:\p{L}+,?\s+)?(?:\p{L}+\.?\s+\d{1,2},?\s+\d{4}|\d{1,2}\s+\p{L}+\.?\s+\d{4}|\d{4}-\d{2}-\d{2}|\d{1,2}\/\d{1,2}\/\d{2,4})(?:\s*(?:at|[|,·–—-])?\s*\d{1,2}[:.]\d{2}\s*(?:[ap]\.?m\.?)?\s*\w{0,4})?$/iu;
const IMAGE_CREDIT =
  /^\(?(?:image|photo|picture|photograph|credit|source: getty)s?\b[^.]{0,80}(?:©|copyright|getty|reuters|afp|ap photo|shutterstock|credit|caption)|^\(?(?:image|photo)s?:\s|©/i;
/** Photo agencies' credit lines under pictures: "REUTERS/Name", "(AP Photo/Name)", "Name | Getty Images". */
const AGENCY_CREDIT = /^file photo:|(?:getty images|reuters\/\S.*|ap photo\/?.*|\/ ?ap(?: file)?|afp(?: via getty images)?|shutterstock)\)?$/i;
/** An invitation to the reader to do something other than read on: it opens with the verb, or names the inbox or the link. */
const CALL_TO_ACTION =
  /(?:^|[.!?]\s+)(?:subscribe|sign up|follow (?:us|\p{L}+) on|join our|download (?:our|the) app|get (?:our|the) [\p{L} ]{1,30}(?:newsletter|app))\b|\bclick here\b|\blike this story\b|\bshare (?:it|this) with\b|\baffiliate\b[^.]{0,40}\b(?:links?|commissions?)\b|\byour inbox\b|\bour newsletter\b/iu;
const LABEL =
  /^(?:advert(?:isement)?|sponsored(?: content)?|skip to (?:main )?content|\d*\s*comments?|share|print|email|don'?t miss|see more|read more|more|related|you may also like\.*|post (?:a )?comment.*|this slideshow requires javascript\.?|https?:\/\/\S+)$/i;
/** A pointer to another story in the middle of the text: "Related: …", "READ MORE: …", "Also on example.com …". */
const POINTER = /^(?:related|see also|see more|read more|read also|more|also read|also on \S+|watch|listen)\s*[:–—-]/i;
/** Where the article ends and the page's "more to read" begins. */
/** Where the article ends and the page's "more to read" begins: the whole heading is one of these. */
const TAIL_HEADING =
  /^(?:(?:you may|you might) also like|related(?: stories| articles| posts| content| coverage| reading)?|more(?: [\p{L}'’]+){0,3} (?:stories|news|reads)|more like this|more (?:from|on) .{1,40}|recommended(?: for you| stories| reading)?|popular(?: stories| posts| now)?|trending(?: now| stories)?|most (?:read|popular|viewed)|\d*\s*comments?|leave a (?:reply|comment)|tell us what you think.*|want more stories.*|about the author)\s*[:.!?…]*$/iu;

/** The pieces without the page's chrome lines, cut where the page's trailing "more to read" begins. */
export function withoutChromeLines(pieces: Piece[]): Piece[] {
  return beforeTail(pieces).filter((piece) => isHeading(piece) || !isChromeLine(piece));
}

function textOfPiece(piece: Piece): string {
  return 'text' in piece ? piece.text : 'items' in piece ? piece.items.join(' ') : '';
}

export function isChromeLine(block: ContentBlock): boolean {
  if (block.type !== 'p') return false;
  const text = block.text;
  if (text.length > SHORT_LINE) return false;
  return [LABEL, POINTER, BYLINE, DATELINE, DATE_ONLY, IMAGE_CREDIT, AGENCY_CREDIT, CALL_TO_ACTION].some((pattern) => pattern.test(text));
}

/** Everything from a "related stories" or comments heading on, once most of the text is behind it. */
function beforeTail(pieces: Piece[]): Piece[] {
  const total = pieces.reduce((sum, piece) => sum + textOfPiece(piece).length, 0);
  let seen = 0;
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i];
    const text = textOfPiece(piece);
    const headingLike = isHeading(piece) || (piece.type === 'p' && text.length <= 60);
    if (headingLike && seen * 2 >= total && TAIL_HEADING.test(text)) return pieces.slice(0, i);
    seen += text.length;
  }
  return pieces;
}
