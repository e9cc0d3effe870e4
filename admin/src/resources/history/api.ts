import type { Identifier } from 'ra-core';
import type { Api, TypedApi } from '../../api/client';

/** GET /api/usage: what the workspace's articles spent between two days. */
export type UsageSummary = Api<'UsageResponse'>;
/** GET /api/bulk: the workspace's bulk writing in flight (OpenAI's Batch API). */
export type BulkSummary = Api<'BulkSummaryResponse'>;
/** POST /api/bulk/cancel: what "Cancel bulk" stopped, and the server's words for it. */
export type BulkCancelResult = Api<'BulkCancelResponse'>;

/** History's routes beyond the list: a failed article written again, the tokens and cost spent, bulk writing. */
export const historyApi = (api: TypedApi) => ({
  retryHistoryEntry: (id: Identifier) => api.post('/api/history/{id}/retry', { params: { id } }),
  getUsage: (range?: { from: string; to: string }) => api.get('/api/usage', { query: range }),
  getBulk: () => api.get('/api/bulk'),
  /** Cancels the workspace's batches at OpenAI; their articles fail, the sections already written are kept. */
  cancelBulk: () => api.post('/api/bulk/cancel'),
});
