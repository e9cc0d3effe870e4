export interface BiasEntry {
  words: string[];
  bias: number;
}

export interface BiasList {
  id: string;
  name: string;
  entries: BiasEntry[];
  words: string[];
  word_count: number;
}

/** A group as edited: the words as typed and the bias as typed. */
export interface GroupDraft {
  key: number;
  words: string;
  bias: string;
}

export const NEW_GROUP_BIAS = -100;

/** Spec §5: split on commas, trim, drop empty entries. */
export const splitWords = (text: string) => text.split(',').map((w) => w.trim()).filter(Boolean);

export const toEntries = (groups: GroupDraft[]): BiasEntry[] => groups.map((g) => ({ words: splitWords(g.words), bias: Number(g.bias) }));
