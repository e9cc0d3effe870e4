import { useSearchParams } from 'react-router-dom';
import type { Api, Schemas } from '../../api/client';

/** A section as GET /api/sections answers it. */
export type Section = Api<'SectionResponse'>;

/** What a section's form sends. */
export type SectionInput = Schemas['SectionDto'];

/** Where a section form returns: the article it was opened from (`?article=`), else the sections list. */
export function useReturnPath(): string {
  const [params] = useSearchParams();
  const articleId = params.get('article');
  return articleId ? `/articles/edit/${articleId}` : '/sections';
}

export const trimName = <T extends { name: string }>(section: T): T => ({ ...section, name: section.name.trim() });
