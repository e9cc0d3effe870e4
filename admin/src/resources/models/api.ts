import type { Identifier } from 'ra-core';
import type { Api, Body, TypedApi } from '../../api/client';

/** GET /api/base-models: whether the saved OpenAI key may use each model, and why not. */
export type BaseModelOption = Api<'BaseModelResponse'>;
/** GET /api/model-shutdowns: a model in use that OpenAI stops within 60 days, or has stopped (Home's banner). */
export type ModelShutdown = Api<'ModelShutdownResponse'>;
export type Example = Api<'ExampleDto'>;

export const modelsApi = (api: TypedApi) => ({
  addExample: (modelId: Identifier, body: Body<'/api/models/{id}/add-example', 'post'>) =>
    api.post('/api/models/{id}/add-example', { params: { id: modelId }, body }),
  removeExample: (modelId: Identifier, uuid: string) => api.delete('/api/models/{id}/remove-example', { params: { id: modelId }, body: { uuid } }),
  startFineTune: (body: Body<'/api/fine-tune-jobs/start', 'post'>) => api.post('/api/fine-tune-jobs/start', { body }),
  getBaseModels: () => api.get('/api/base-models'),
  replaceModel: (modelId: Identifier, replacement: Identifier) =>
    api.post('/api/models/{id}/replace', { params: { id: modelId }, body: { replacement: String(replacement) } }),
  /** Where a model's examples download from (the browser goes there, with the session cookie); a promise, as react-admin wants every method's answer. */
  modelExamplesUrl: async (modelId: Identifier) => api.url('/api/models/{id}/examples.jsonl', { id: modelId }),
});
