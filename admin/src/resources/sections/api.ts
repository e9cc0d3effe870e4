import type { Identifier } from 'ra-core';
import type { Api, TypedApi } from '../../api/client';

/** GET /api/sections/{id}/versions: one immutable version of a section (newest first in the list). */
export type SectionVersion = Api<'SectionVersionResponse'>;

export const sectionsApi = (api: TypedApi) => ({
  copySection: (id: Identifier) => api.post('/api/sections/{id}/copy', { params: { id } }),
  getSectionVersions: (sectionId: Identifier) => api.get('/api/sections/{id}/versions', { params: { id: sectionId } }),
  restoreSectionVersion: (sectionId: Identifier, version: number) =>
    api.post('/api/sections/{id}/versions/{version}/restore', { params: { id: sectionId, version } }),
});
