import type { Identifier } from 'ra-core';
import type { Api, TypedApi } from '../../api/client';

/** GET /api/articles/{id}/estimate: about what an article of the template costs, section by section. */
export type ArticleEstimate = Api<'EstimateResponse'>;

/** The article templates' routes beyond react-admin's CRUD. */
export const articlesApi = (api: TypedApi) => ({
  getArticleEstimate: (id: Identifier) => api.get('/api/articles/{id}/estimate', { params: { id } }),
});
