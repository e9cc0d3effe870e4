import type { Body, TypedApi } from '../../api/client';

export const biasWordsApi = (api: TypedApi) => ({
  previewBiasTokens: (body: Body<'/api/logit-bias-groups/preview', 'post'>) => api.post('/api/logit-bias-groups/preview', { body }),
});
