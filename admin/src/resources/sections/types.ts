import { useSearchParams } from 'react-router-dom';

export interface Section {
  id: string;
  name: string;
  model: string;
  temperature: number;
  /** OpenAI's reasoning_effort; null: the model's default. */
  reasoning_effort: string | null;
  logit_bias_group: string | null;
  /** One of the operator's models whose examples guide the section (in-context); null for none. */
  examples_model: string | null;
  /** How many of them are sent (0–10). */
  examples_count: number;
  system_message: string;
  user_message: string;
  notes: string;
  /** The day the section's model stops (read only). */
  model_shutdown_date: string | null;
}

export type SectionInput = Omit<Section, 'id' | 'model_shutdown_date'>;

/** Where a section form returns: the article it was opened from (`?article=`), else the sections list. */
export function useReturnPath(): string {
  const [params] = useSearchParams();
  const articleId = params.get('article');
  return articleId ? `/articles/edit/${articleId}` : '/sections';
}

export const trimName = <T extends { name: string }>(section: T): T => ({ ...section, name: section.name.trim() });
