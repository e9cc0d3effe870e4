import { NotionBlock } from '../integrations/notion/notion.client';

/** A block as Notion lists it: its type and its text. */
interface PresentBlock {
  id: string;
  type: string;
  text: string;
}

/** The text a block shows (its rich text joined), as Notion gives it back when the page is listed. */
export function blockText(block: NotionBlock): string {
  const rich = (block[block.type] as { rich_text?: { text?: { content?: string } }[] } | undefined)?.rich_text ?? [];
  return rich.map((item) => item.text?.content ?? '').join('');
}

/**
 * How many of the article's blocks are already on the page after the marker. Notion writes an
 * append request whole or not at all, so what an earlier attempt wrote is a prefix of the article;
 * blocks after that prefix that are not the article's are stray (an attempt cut off mid-way by a
 * crash between requests, an edit) and are removed before the rest is appended.
 */
export function appendedPrefix(present: PresentBlock[], article: NotionBlock[]): number {
  let done = 0;
  while (done < present.length && done < article.length && present[done].type === article[done].type && present[done].text === blockText(article[done])) done++;
  return done;
}
