import type { Identifier } from 'ra-core';
import type { Body, TypedApi } from '../../api/client';

export const evaluationsApi = (api: TypedApi) => ({
  /** What an evaluation would send and cost (nothing is stored); a refusal names the field, as a create's. */
  estimateEvaluation: (body: Body<'/api/evaluations/estimate', 'post'>) => api.post('/api/evaluations/estimate', { body }),
  /** One item judged: the label of the better output's variant, or "tie"; answers the evaluation. */
  judgeEvaluation: (id: Identifier, body: Body<'/api/evaluations/{id}/judgments', 'post'>) =>
    api.post('/api/evaluations/{id}/judgments', { params: { id }, body }),
  /** Where the evaluation's Promptfoo configuration downloads from (the browser goes there). */
  evaluationPromptfooUrl: async (id: Identifier) => api.url('/api/evaluations/{id}/promptfoo.yaml', { id }),
});
