import { ContentBlock, SectionItem } from './types';

/** The normalised (lower-case) heading with each word capitalised, as the cluster cards show it. */
export function capitaliseWords(text: string): string {
  return text.replace(/(^|\s)(\S)/g, (_, space: string, letter: string) => space + letter.toUpperCase());
}

function blockText(block: ContentBlock): string {
  switch (block.type) {
    case 'ul':
      return block.items.map((item) => `- ${item}`).join('\n');
    case 'ol':
      return block.items.map((item, n) => `${n + 1}. ${item}`).join('\n');
    case 'hr':
      return '---';
    default:
      return block.text ?? '';
  }
}

/** Blocks as plain text: one paragraph per block, separated by blank lines. */
export function blocksToPlainText(blocks: ContentBlock[]): string {
  return blocks
    .map(blockText)
    .filter((text) => text.trim() !== '')
    .join('\n\n');
}

/** The wizard's textarea: the heading ("Untitled" if missing), a blank line, then the content. */
export function entryText(item: SectionItem, untitled: string): string {
  const heading = item.originalHeading?.trim() || untitled;
  const body = blocksToPlainText(item.children ?? []);
  return body ? `${heading}\n\n${body}` : heading;
}
