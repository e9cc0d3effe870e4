import type { ContentBlock } from './training-data';

/**
 * A section as plain text: the heading (`untitled` if missing), a blank line, then one paragraph
 * per block (list items as "- item" / "1. item", hr as "---"). Pure, so the dashboard's wizard
 * imports it too and shows exactly what embeddings are computed from.
 */
export function blocksToPlainText(heading: string | null, blocks: ContentBlock[], untitled = 'Untitled'): string {
  const parts = blocks.map((block) => {
    switch (block.type) {
      case 'ul':
        return block.items.map((item) => `- ${item}`).join('\n');
      case 'ol':
        return block.items.map((item, index) => `${index + 1}. ${item}`).join('\n');
      case 'hr':
        return '---';
      default:
        return block.text;
    }
  });
  return [heading?.trim() || untitled, ...parts.filter((part) => part && part.trim() !== '')].join('\n\n');
}
