import type { Api, Schemas } from '../../api/client';

export type BiasEntry = Schemas['BiasEntryDto'];

export type BiasList = Api<'LogitBiasGroupResponse'>;

/** A group as the form holds it: the words as typed (or, from a saved list, as an array) and the bias. */
export interface GroupDraft {
  words: string | string[];
  bias: number | string | null;
}

export const NEW_GROUP_BIAS = -100;

/** Spec §5: split on commas, trim, drop empty entries. */
export const splitWords = (text: string) =>
  text
    .split(',')
    .map((w) => w.trim())
    .filter(Boolean);

/** A saved list's words as the textarea shows them. */
export const wordsText = (words: string | string[] | undefined) => (Array.isArray(words) ? words.join(', ') : (words ?? ''));

export const toEntries = (groups: GroupDraft[] = []): BiasEntry[] => groups.map((g) => ({ words: splitWords(wordsText(g.words)), bias: Number(g.bias) }));

/** What the API takes: the trimmed name and each group's words split (spec §5). */
export const toPayload = (data: { name: string; entries: GroupDraft[] }) => ({ name: data.name.trim(), entries: toEntries(data.entries) });
