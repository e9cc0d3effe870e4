import { blocksToPlainText } from '@quire/shared';
import { SectionItem } from './types';

/** The normalised (lower-case) heading with each word capitalised, as the cluster cards show it. */
export function capitaliseWords(text: string): string {
  return text.replace(/(^|\s)(\S)/g, (_, space: string, letter: string) => space + letter.toUpperCase());
}

/** The wizard's textarea: the heading ("Untitled" if missing), a blank line, then the content. */
export function entryText(item: SectionItem, untitled: string): string {
  return blocksToPlainText(item.originalHeading, item.children ?? [], untitled);
}
