export interface SectionLike {
  _id: string;
  name: string;
  system_message: string;
  user_message: string;
  model: string;
  temperature: number;
  logit_bias_group: string | null;
  reasoning_effort?: string | null;
}

export interface ArticleEntry {
  section: string;
  heading: string;
  systemPrompt: string;
  userPrompt: string;
  model: string;
  temperature: number;
  logit_bias_group: string | null;
  reasoning_effort: string | null;
}

/** A section as an article template's entry (see article-entry.cjs). */
export function articleEntry(section: SectionLike, overrides?: Partial<ArticleEntry>): ArticleEntry;
