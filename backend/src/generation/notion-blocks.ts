import { NotionBlock } from '../integrations/notion/notion.client';
import { MdBlock, parseMarkdown, Span } from '@quire/shared';

/** Notion's limits: 2,000 characters per text object and per link URL, 100 rich-text objects and 100 blocks per request. */
const NOTION_TEXT_LIMIT = 2000;
const NOTION_LINK_LIMIT = 2000;
const NOTION_RICH_TEXT_LIMIT = 100;
const NOTION_BLOCKS_PER_REQUEST = 100;

interface RichText {
  type: 'text';
  text: { content: string; link: { url: string } | null };
  annotations: { bold: boolean; italic: boolean; code: boolean; strikethrough: false; underline: false; color: 'default' };
}

/**
 * Text in pieces of at most 2,000 UTF-16 code units (JavaScript's length, never less than the
 * characters Notion counts), never ending a piece between the two halves of a surrogate pair (an
 * emoji, a rare CJK character): each half alone is no character, and the text would arrive broken.
 */
export function splitText(text: string): string[] {
  const pieces: string[] = [];
  for (let start = 0; start < text.length;) {
    let end = Math.min(start + NOTION_TEXT_LIMIT, text.length);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
    pieces.push(text.slice(start, end));
    start = end;
  }
  return pieces;
}

function richText(spans: Span[]): RichText[][] {
  const items: RichText[] = [];
  for (const span of spans) {
    // A URL longer than Notion keeps would be refused with the whole request: its text goes in unlinked.
    const link = span.link && span.link.length <= NOTION_LINK_LIMIT ? { url: span.link } : null;
    for (const content of splitText(span.text)) {
      items.push({
        type: 'text',
        text: { content, link },
        annotations: { bold: !!span.bold, italic: !!span.italic, code: !!span.code, strikethrough: false, underline: false, color: 'default' },
      });
    }
  }
  // A block takes at most 100 text objects; longer text continues in further blocks of the same kind.
  const chunks: RichText[][] = [];
  for (let start = 0; start < items.length; start += NOTION_RICH_TEXT_LIMIT) chunks.push(items.slice(start, start + NOTION_RICH_TEXT_LIMIT));
  return chunks.length ? chunks : [[]];
}

const TYPE: Record<string, string> = { paragraph: 'paragraph', bullet: 'bulleted_list_item', number: 'numbered_list_item', quote: 'quote' };

function toBlocks(block: MdBlock): NotionBlock[] {
  if (block.kind === 'divider') return [{ object: 'block', type: 'divider', divider: {} }];
  if (block.kind === 'code') {
    return richText([{ text: block.text }]).map((rich_text) => ({ object: 'block', type: 'code', code: { rich_text, language: 'plain text' } }));
  }
  const type = block.kind === 'heading' ? `heading_${Math.min(block.level + 1, 3)}` : TYPE[block.kind];
  return richText(block.spans).map((rich_text) => ({ object: 'block', type, [type]: { rich_text } }));
}

/** A section as Notion blocks: its heading (heading_2), then its Markdown turned into blocks. */
export function sectionBlocks(heading: string, markdown: string): NotionBlock[] {
  return [
    ...richText([{ text: heading }]).map((rich_text) => ({ object: 'block' as const, type: 'heading_2', heading_2: { rich_text } })),
    ...parseMarkdown(markdown).flatMap(toBlocks),
  ];
}

/** Splits blocks into requests Notion accepts. */
export function chunkBlocks(blocks: NotionBlock[]): NotionBlock[][] {
  const chunks: NotionBlock[][] = [];
  for (let start = 0; start < blocks.length; start += NOTION_BLOCKS_PER_REQUEST) chunks.push(blocks.slice(start, start + NOTION_BLOCKS_PER_REQUEST));
  return chunks;
}
