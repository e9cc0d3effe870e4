import type { Api, Body, TypedApi } from '../../api/client';

export type EnvVars = Api<'EnvVarsResponse'>;
export type StatusConfig = Api<'StatusConfigDto'>;
export type NotionCheck = Api<'PollReportResponse'>;
/** What the rows at the start value would cost to write, as each reserves it (GET /api/generation/estimate). */
export type RowsEstimate = Api<'RowsEstimateResponse'>;
/** GET /api/notion-webhook: the workspace's webhook address, and how far Notion's subscription got. */
export type NotionWebhook = Api<'NotionWebhookResponse'>;
/** GET /api/first-run: Home's checklist from an empty workspace to its first article, each step read from the real state. */
export type FirstRun = Api<'FirstRunResponse'>;

/** A model provider beside OpenAI (GET /api/connections), its key as a hint. */
export type ModelProvider = Api<'ConnectionResponse'>;
/** What a provider's "Test" found: the vendor's listing for the key, or why it could not be read. */
export type ProviderCheck = Api<'ConnectionCheckResponse'>;

/** A monthly limit of the workspace, of a client or of a template, with this month's spend against it (GET /api/budgets). */
export type Budget = Api<'BudgetResponse'> & { id: string };

/** Home's routes: the connection settings, their tests, the Notion check and the Notion webhook. */
export const homeApi = (api: TypedApi) => ({
  getUserSettings: () => api.get('/api/user'),
  saveEnvVars: (envVars: Body<'/api/user', 'post'>['envVars']) => api.post('/api/user', { body: { envVars } }),
  getStatusConfig: () => api.get('/api/user/status-config'),
  saveStatusConfig: (statusConfig: Body<'/api/user/status-config', 'post'>) => api.post('/api/user/status-config', { body: statusConfig }),
  testConnection: (service: 'notion' | 'openai') => api.post(service === 'notion' ? '/api/generation/test-notion' : '/api/generation/test-openai'),
  getNotionCheck: () => api.get('/api/generation/status'),
  checkNotionNow: () => api.post('/api/generation/check-now'),
  /** GET /api/generation/estimate: what the rows at the start value would cost to write now (nothing is claimed). */
  estimateRows: () => api.get('/api/generation/estimate'),
  getFirstRun: () => api.get('/api/first-run'),
  notionWebhook: () => api.get('/api/notion-webhook'),
  /** POST /api/notion-webhook/reset (owners): forgets the verification token, for a new subscription; answers the new state. */
  resetNotionWebhook: () => api.post('/api/notion-webhook/reset'),
  /** POST /api/connections/{id}/test (owners): what the vendor lists for the provider's key now. */
  testModelProvider: (id: string) => api.post('/api/connections/{id}/test', { params: { id } }),
});
