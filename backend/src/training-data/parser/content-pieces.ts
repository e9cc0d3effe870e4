// Readability's output flattened into the blocks Quire stores, with every heading kept as a
// marker of its level, so the outline can be decided afterwards from the headings the page uses.
import type { ContentBlock } from '@quire/shared';
import { BLOCK, collapse, DomElement, DROPPED, ELEMENT_NODE, tagOf, TEXT_NODE, textOf } from './dom';

/** A heading of the article: its level (an h1 inside the body counts as an h2), and where it leads when it is wholly a link. */
export interface HeadingPiece {
  type: 'heading';
  level: number;
  text: string;
  link: string | null;
}
export type Piece = ContentBlock | HeadingPiece;

/** A paragraph or list whose text is this much link text points at other pages (teasers, "related" lists) rather than saying something. */
const LINK_LIST_RATIO = 0.8;

/** An element outside BLOCK that holds one of these is a wrapper (a custom element, say), not inline text. */
const HAS_BLOCKS = 'p, div, section, article, h1, h2, h3, h4, h5, h6, ul, ol, table, pre, blockquote, hr, figure';

export function contentPieces(root: DomElement): Piece[] {
  const pieces: Piece[] = [];
  walk(root, pieces);
  return pieces;
}

export function isHeading(piece: Piece): piece is HeadingPiece {
  return piece.type === 'heading';
}

/** Flattens the extracted content into heading markers and blocks, walking through wrappers. */
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
  const push = (piece: ContentBlock) => {
    if (piece.type === 'hr' || ('text' in piece ? piece.text : piece.items.length)) out.push(piece);
  };
  if (DROPPED.has(tag) || isLinkBlock(element, tag)) return;
  const heading = /^h([1-6])$/.exec(tag);
  if (heading) {
    const text = collapse(textOf(element));
    // Self-links ("#faq") are anchors of the article's own headings, not links to other posts.
    const link = element.querySelector('a[href]:not([href^="#"])');
    const wholly = link !== null && collapse(textOf(link)) === text;
    if (text) out.push({ type: 'heading', level: Math.max(2, Number(heading[1])), text, link: wholly ? link.getAttribute('href') : null });
  }
  // Readability turns a <div> holding only a heading into a <p> around it: the heading is still one.
  else if (tag === 'p' && !element.querySelector(HAS_BLOCKS)) push({ type: 'p', text: collapse(textOf(element)) });
  else if (tag === 'figcaption') push({ type: 'p', text: collapse(textOf(element)) });
  else if (tag === 'ul' || tag === 'ol') push({ type: tag, items: listItems(element) });
  else if (tag === 'blockquote') push({ type: 'blockquote', text: collapse(textOf(element)) });
  else if (tag === 'pre') push({ type: 'code', text: codeText(element) });
  else if (tag === 'hr') push({ type: 'hr' });
  else if (tag === 'table') push({ type: 'ul', items: tableRows(element) });
  // Anything else (a figure, a wrapping <p> or <div>) is walked for the blocks it holds; a figure's image is dropped, its caption kept.
  else walk(element, out);
}
/** A paragraph or list that is mostly links elsewhere: "Related: …", "Read more", a list of other stories. */
function isLinkBlock(element: DomElement, tag: string): boolean {
  if (tag !== 'p' && tag !== 'ul' && tag !== 'ol') return false;
  const text = collapse(textOf(element)).length;
  if (text === 0) return false;
  // Links to the article's own headings (a table of contents) point inside it.
  const links = Array.from(element.querySelectorAll('a[href]')).filter((link) => !(link.getAttribute('href') ?? '').startsWith('#'));
  const linked = links.reduce((sum, link) => sum + collapse(textOf(link)).length, 0);
  return linked / text >= LINK_LIST_RATIO;
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
