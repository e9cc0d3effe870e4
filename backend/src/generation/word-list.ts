import { BiasEntry } from '../logit-bias-groups/logit-bias-groups.schema';

/**
 * A bias word list for a model that refuses `logit_bias`: the words with a negative bias are named
 * as words to avoid, those with a positive one as words to prefer (a bias of 0 asks nothing).
 */
export interface WordList {
  avoid: string[];
  prefer: string[];
}

/** The list's words by the sign of their bias; null when it has none. */
export function wordList(entries: BiasEntry[]): WordList | null {
  const avoid = [...new Set(entries.filter((e) => e.bias < 0).flatMap((e) => e.words))];
  const prefer = [...new Set(entries.filter((e) => e.bias > 0).flatMap((e) => e.words))];
  return avoid.length + prefer.length > 0 ? { avoid, prefer } : null;
}

/** The lines added to a section's system message in place of logit_bias. */
export function avoidInstruction(words: WordList): string {
  const lines = [
    ...(words.avoid.length > 0 ? [`Avoid these words: ${words.avoid.join(', ')}.`] : []),
    ...(words.prefer.length > 0 ? [`Prefer these words where they fit: ${words.prefer.join(', ')}.`] : []),
  ];
  return `\n\n${lines.join('\n')}`;
}

/** What asks for the section once more, naming the words its first answer used. */
export function rewriteInstruction(used: string[]): string {
  return `Your answer used words it must not use. Write it again, saying the same without them.\nAvoid these words: ${used.join(', ')}.`;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The words to avoid that `text` uses, as whole words in any case (a word never matches inside a longer one). */
export function usedWords(text: string, avoid: string[]): string[] {
  return avoid.filter((word) => new RegExp(`(?<![\\p{L}\\p{N}_])${escape(word)}(?![\\p{L}\\p{N}_])`, 'iu').test(text));
}
