import { BadRequestException } from '@nestjs/common';
import { LOGIT_BIAS_MAX_TOKENS } from '../integrations/openai/tokenizer';

/**
 * Words in one list, counted after splitting on commas. A list of more words could never fit
 * OpenAI's 300 token ids (every word gives at least one, usually three or more), and the cap keeps
 * the tokenising of one request small.
 */
export const MAX_LIST_WORDS = 1_000;
/** Groups in one list, and strings in one group as posted (before splitting on commas). */
export const MAX_GROUPS = 50;
export const MAX_GROUP_WORDS = 500;

export const GROUPS_MESSAGE = `a list may hold at most ${MAX_GROUPS} groups`;
export const GROUP_WORDS_MESSAGE = `a group may hold at most ${MAX_GROUP_WORDS} words`;
/** The derived `words` a client sends back (react-admin's <Edit> does) are ignored, but never more than a list holds. */
export const DERIVED_WORDS_MESSAGE = `words may hold at most ${MAX_LIST_WORDS} words`;

/** Spec §5: words split on commas, trimmed, empties dropped (also inside a posted word). */
export function cleanWords(words: string[]): string[] {
  return words
    .flatMap((word) => word.split(','))
    .map((word) => word.trim())
    .filter(Boolean);
}

/** How many words cleanWords makes of one posted word, without building them. */
function countWords(word: string): number {
  let count = 0;
  for (const part of word.split(',')) if (part.trim()) count++;
  return count;
}

export function tooManyWords(count: number): BadRequestException {
  return new BadRequestException({
    message: `This list holds ${count} words; a list may hold at most ${MAX_LIST_WORDS} (OpenAI takes at most ${LOGIT_BIAS_MAX_TOKENS} token ids). Remove some words.`,
    errors: [{ field: 'entries', message: `holds ${count} words (at most ${MAX_LIST_WORDS})` }],
  });
}

const refused = (field: string, message: string) => new BadRequestException({ message, errors: [{ field, message }] });
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The list's size, checked on the parsed body before anything walks it: a body of 1 MB holds
 * some 25,000 words, and validating each (class-transformer, class-validator) would hold the event
 * loop for hundreds of milliseconds only to refuse the list. Counts only; the shape is validation's.
 * The same limits, and the same answers, as the DTO's and the service's (the words counted after
 * splitting on commas, as the service counts them).
 */
export function checkListSize(body: unknown): void {
  if (!isRecord(body)) return;
  if (Array.isArray(body.words) && body.words.length > MAX_LIST_WORDS) throw refused('words', DERIVED_WORDS_MESSAGE);
  if (!Array.isArray(body.entries)) return;
  if (body.entries.length > MAX_GROUPS) throw refused('entries', GROUPS_MESSAGE);
  let count = 0;
  body.entries.forEach((entry, index) => {
    const words = isRecord(entry) ? entry.words : undefined;
    if (!Array.isArray(words)) return;
    if (words.length > MAX_GROUP_WORDS) throw refused(`entries.${index}.words`, GROUP_WORDS_MESSAGE);
    for (const word of words) if (typeof word === 'string') count += countWords(word);
  });
  if (count > MAX_LIST_WORDS) throw tooManyWords(count);
}
