export interface Section {
  id: string;
  name: string;
  model: string;
  temperature: number;
  logit_bias_group: string | null;
  system_message: string;
  user_message: string;
  notes: string;
}

export type SectionInput = Omit<Section, 'id'>;

/** Where a section form returns: the article it was opened from, else the sections list. */
export function returnPath(articleId: string | null): string {
  return articleId ? `/articles/edit/${articleId}` : '/sections';
}
