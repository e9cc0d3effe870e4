import type { Identifier } from 'ra-core';
import type { Api, Body, TypedApi } from '../../api/client';

/** POST /api/previews: an article (or one section) run on these values, once per model. */
export type PreviewRequest = Body<'/api/previews', 'post'>;
export type Preview = Api<'PreviewResponse'>;
export type PreviewSection = Api<'PreviewSectionResponse'>;
export type PreviewUsage = Preview['usage'];

export const previewsApi = (api: TypedApi) => ({
  runPreview: (body: PreviewRequest) => api.post('/api/previews', { body }),
  /** Where the preview's server-sent events are read, for an EventSource (usePreviewStream); a promise, as react-admin wants every method's answer. */
  previewEventsUrl: async (id: Identifier) => api.url('/api/previews/{id}/events', { id }),
});
