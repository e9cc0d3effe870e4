import simpleRestProvider from 'ra-data-simple-rest';
import { DataProvider, fetchUtils, HttpError, Identifier } from 'ra-core';
import type { Role } from '@quire/shared';

type FetchJson = typeof fetchUtils.fetchJson;

/** A record with react-admin's `id` beside the API's `_id`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- records are whatever the resource returns
const withId = (record: any): any => (record && typeof record === 'object' && '_id' in record ? { ...record, id: record._id } : record);

/**
 * The API names ids `_id`, react-admin wants `id`: every JSON answer (a record, or a list of them)
 * gets an `id` beside its `_id` here, in the one place every data-provider method goes through.
 */
export function withIds(json: unknown): unknown {
  return Array.isArray(json) ? json.map(withId) : withId(json);
}

/** The same-origin JSON client with the session cookie, shared by the data and auth providers. */
export type HttpClient = <T = unknown>(path: string, options?: { method?: string; body?: unknown }) => Promise<T>;

export type EnvVars = { NOTION_SECRET: string; DATABASE_ID: string; OPENAI_API_KEY: string };
export interface StatusConfig {
  propertyName: string;
  values: { start: string; inProgress: string; error: string; complete: string };
}
export interface NotionCheck {
  at: string;
  found: number;
  claimed: number;
  problem: string | null;
}
export interface Example {
  messages: { role: string; content: string }[];
  clusterId: number;
  uuid: string;
  article_uuid: string | null;
}
/** GET /api/base-models: whether the saved OpenAI key may use each model, and why not. */
export interface BaseModelOption {
  id: string;
  available: boolean | null;
  /** The day OpenAI shuts it down (yyyy-MM-dd), as its listing says; null when none is announced. */
  shutdown_date: string | null;
  reason: string | null;
  spec: boolean;
}

/** GET /api/model-shutdowns: a model in use that OpenAI stops within 60 days, or has stopped (Home's banner). */
export interface ModelShutdown {
  id: string;
  _id: string;
  name: string;
  openai_model: string;
  shutdown_date: string | null;
  shut_down: boolean;
  sections: number;
  articles: number;
}

/** GET /api/usage: what the operator's articles spent between two days (issue 16). */
export interface UsageSummary {
  from: string;
  to: string;
  articles: number;
  sections: number;
  prompt_tokens: number;
  completion_tokens: number;
  /** Dollars, to the millionth; null when a model's price is unknown (never 0). */
  cost_usd: number | null;
  by_model: { model: string | null; prompt_tokens: number; completion_tokens: number; cost_usd: number | null }[];
}

/** History's own routes (issue 16): a failed article written again, and the tokens and cost spent. */
interface HistoryMethods {
  retryHistoryEntry(id: Identifier): Promise<{ _id: string; status: string }>;
  getUsage(range?: { from: string; to: string }): Promise<UsageSummary>;
}

// ── Previews (issue 17) ──────────────────────────────────────────────────────
/** POST /api/previews: an article (or one section) run on these values, once per model. */
export interface PreviewRequest {
  articleId?: string;
  sectionId?: string;
  title: string;
  properties?: Record<string, string>;
  clientId?: string;
  models?: string[];
}
export interface PreviewSection {
  position: number;
  heading: string;
  content: string;
  model: string;
  prompt_tokens: number;
  completion_tokens: number;
  cost_usd: number | null;
  duration_ms: number;
}
export interface PreviewUsage {
  prompt_tokens: number;
  completion_tokens: number;
  cost_usd: number | null;
}
export interface Preview {
  id: string;
  _id: string;
  status: 'queued' | 'running' | 'completed' | 'failed';
  message: string | null;
  articleId: string | null;
  sectionId: string | null;
  article_title: string;
  title: string;
  properties: Record<string, string>;
  clientId: string | null;
  client: string | null;
  sections_total: number;
  variants: { model: string | null; model_name: string | null; sections: PreviewSection[]; usage: PreviewUsage }[];
  usage: PreviewUsage;
  created_at: string;
  started_at: string | null;
  completed_at: string | null;
}
interface PreviewMethods {
  runPreview(body: PreviewRequest): Promise<Preview>;
  /** Where the preview's server-sent events are read, for an EventSource (usePreviewStream); a promise, as react-admin wants every method's answer. */
  previewEventsUrl(id: Identifier): Promise<string>;
}
const previewMethods = (apiUrl: string, post: <T>(path: string, body?: unknown) => Promise<T>): PreviewMethods => ({
  runPreview: (body) => post(`${apiUrl}/previews`, body),
  previewEventsUrl: async (id) => `${at(apiUrl, 'previews', id)}/events`,
});
// ── end of Previews ─────────────────────────────────────────────────────────

// ── Evaluations (issue 25) ───────────────────────────────────────────────────
interface EvaluationMethods {
  /** What an evaluation would send and cost (nothing is stored); a refusal names the field, as a create's. */
  estimateEvaluation<T>(body: unknown): Promise<T>;
  /** One item judged: the label of the better output's variant, or "tie"; answers the evaluation. */
  judgeEvaluation<T>(id: Identifier, body: { item: string; winner: string }): Promise<T>;
  /** Where the evaluation's Promptfoo configuration downloads from (the browser goes there). */
  evaluationPromptfooUrl(id: Identifier): Promise<string>;
}

const evaluationMethods = (apiUrl: string, post: <T>(path: string, body?: unknown) => Promise<T>): EvaluationMethods => ({
  estimateEvaluation: (body) => post(`${apiUrl}/evaluations/estimate`, body),
  judgeEvaluation: (id, body) => post(`${at(apiUrl, 'evaluations', id)}/judgments`, body),
  evaluationPromptfooUrl: async (id) => `${at(apiUrl, 'evaluations', id)}/promptfoo.yaml`,
});
// ── end of Evaluations ───────────────────────────────────────────────────────

// ── Workspaces (issue 28) ────────────────────────────────────────────────────
/** A workspace the person belongs to, and their role in it. */
export interface WorkspaceMembership {
  id: string;
  name: string;
  role: Role;
}

/** GET /api/me: who is signed in, and in which workspace. */
export interface Me {
  name: string;
  avatar: string | null;
  email: string;
  /** Whether the operator owns the data: may download a backup of all of it. */
  can_download_backup: boolean;
  /** The session's current workspace, and the person's role in it. */
  workspace: WorkspaceMembership;
  /** Every workspace the person belongs to. */
  workspaces: WorkspaceMembership[];
}

interface WorkspaceMethods {
  /** PUT /api/me/workspace: the session's current workspace; answers the new GET /api/me. */
  switchWorkspace(id: Identifier): Promise<Me>;
}

const workspaceMethods = (apiUrl: string, call: HttpClient): WorkspaceMethods => ({
  switchWorkspace: (id) => call(`${apiUrl}/me/workspace`, { method: 'PUT', body: { id } }),
});
// ── end of Workspaces ────────────────────────────────────────────────────────

// ── Notion webhook (issue 29) ────────────────────────────────────────────────
/** GET /api/notion-webhook: the workspace's webhook address, and how far Notion's subscription got. */
export interface NotionWebhook {
  url: string;
  /** The token Notion sent, to paste into Notion's Verify dialog: for owners only, else null. */
  verification_token: string | null;
  verification_received: boolean;
  verified_at: string | null;
  last_delivery_at: string | null;
}

interface NotionWebhookMethods {
  notionWebhook(): Promise<NotionWebhook>;
  /** POST /api/notion-webhook/reset (owners): forgets the verification token, for a new subscription; answers the new state. */
  resetNotionWebhook(): Promise<NotionWebhook>;
}

const notionWebhookMethods = (apiUrl: string, call: HttpClient): NotionWebhookMethods => ({
  notionWebhook: () => call(`${apiUrl}/notion-webhook`),
  resetNotionWebhook: () => call(`${apiUrl}/notion-webhook/reset`, { method: 'POST' }),
});
// ── end of Notion webhook ────────────────────────────────────────────────────

// ── Bulk writing (issue 30) ──────────────────────────────────────────────────
/** GET /api/bulk: the workspace's bulk writing in flight (OpenAI's Batch API). */
export interface BulkSummary {
  batches: number;
  lines: number;
  articles: number;
}

/** POST /api/bulk/cancel: what "Cancel bulk" stopped, and the server's words for it. */
export interface BulkCancelResult {
  articles: number;
  batches: number;
  message: string;
}

interface BulkMethods {
  getBulk(): Promise<BulkSummary>;
  /** Cancels the workspace's batches at OpenAI; their articles fail, the sections already written are kept. */
  cancelBulk(): Promise<BulkCancelResult>;
}

const bulkMethods = (apiUrl: string, call: HttpClient): BulkMethods => ({
  getBulk: () => call(`${apiUrl}/bulk`),
  cancelBulk: () => call(`${apiUrl}/bulk/cancel`, { method: 'POST' }),
});
// ── end of Bulk writing ──────────────────────────────────────────────────────

/** Quire's routes beyond react-admin's CRUD, each a named method on the one client. */
export interface QuireDataProvider
  extends DataProvider, HistoryMethods, PreviewMethods, EvaluationMethods, WorkspaceMethods, NotionWebhookMethods, BulkMethods {
  copySection(id: Identifier): Promise<unknown>;
  addExample(modelId: Identifier, body: { example: Example; replace?: boolean }): Promise<unknown>;
  removeExample(modelId: Identifier, uuid: string): Promise<unknown>;
  startFineTune(body: { modelId: Identifier; suffix: string }): Promise<unknown>;
  submitTrainingUrl(url: string): Promise<{ _id: string }>;
  getTrainingSnapshots<T>(query: Record<string, string>): Promise<T[]>;
  setSavePath(clientId: Identifier, folder: { folderId: string; folderName: string }): Promise<unknown>;
  getGoogleDriveToken(): Promise<{ token: string; apiKey: string; appId: string }>;
  getUserSettings(): Promise<{ envVars: EnvVars }>;
  saveEnvVars(envVars: Partial<EnvVars>): Promise<{ envVars: EnvVars }>;
  getStatusConfig(): Promise<{ statusConfig: StatusConfig }>;
  saveStatusConfig(statusConfig: StatusConfig): Promise<{ statusConfig: StatusConfig }>;
  testConnection(service: 'notion' | 'openai'): Promise<{ ok: boolean; message: string }>;
  getNotionCheck(): Promise<{ lastCheck: NotionCheck | null }>;
  checkNotionNow(): Promise<{ lastCheck: NotionCheck }>;
  getBaseModels(): Promise<BaseModelOption[]>;
  previewBiasTokens<T>(body: { family: string; entries: { words: string[]; bias: number }[] }): Promise<T>;
  getPublicConfig<T>(): Promise<T>;
  getAuthProviders<T>(): Promise<T[]>;

  replaceModel(modelId: Identifier, replacement: Identifier): Promise<{ sections: number; articles: number }>;
  /** Where a model's examples download from (the browser goes there, with the session cookie); a promise, as react-admin wants every method's answer. */
  modelExamplesUrl(modelId: Identifier): Promise<string>;

  // Section versions (issue 17).
  getSectionVersions(sectionId: Identifier): Promise<SectionVersion[]>;
  restoreSectionVersion(sectionId: Identifier, version: number): Promise<unknown>;
}

/** GET /api/sections/{id}/versions: one immutable version of a section (newest first in the list). */
export interface SectionVersion {
  version: number;
  created_at: string;
  name: string;
  model: string;
  temperature: number;
  reasoning_effort: string | null;
  logit_bias_group: string | null;
  system_message: string;
  user_message: string;
  notes: string;
}

/** `path` relative to the API root, with each id escaped. */
const at = (apiUrl: string, ...parts: (string | Identifier)[]) => [apiUrl, ...parts.map((p) => encodeURIComponent(String(p)))].join('/');

/**
 * The server's field errors (`errors: [{field, message}]`) as react-admin's forms read them
 * (`errors: {field: message}`), so `<Create>`, `<Edit>` and `<Form>` show each on its input.
 */
export function withFieldErrors(error: unknown): unknown {
  if (!(error instanceof HttpError) || !Array.isArray(error.body?.errors)) return error;
  const errors = Object.fromEntries((error.body.errors as { field: string; message: string }[]).map((e) => [e.field, e.message]));
  return new HttpError(error.message, error.status, { ...error.body, errors });
}

/** The JSON client: the session cookie on every call, ids mapped on every answer, field errors keyed by field. */
export function createHttpClient(fetchJson: FetchJson = fetchUtils.fetchJson) {
  const raw = async (url: string, options: fetchUtils.Options = {}) => {
    try {
      const response = await fetchJson(url, { ...options, credentials: 'include' });
      return { ...response, json: withIds(response.json) };
    } catch (error) {
      throw withFieldErrors(error);
    }
  };
  const json: HttpClient = async <T>(url: string, options: { method?: string; body?: unknown } = {}) =>
    (await raw(url, { method: options.method ?? 'GET', body: options.body === undefined ? undefined : JSON.stringify(options.body) })).json as T;
  return { raw, json };
}

/**
 * ra-data-simple-rest on Quire's API, as react-admin expects it (getList to deleteMany), plus
 * Quire's own routes as named methods; all through one client. `fetchJson` is replaceable for tests.
 */
export function createDataProvider(apiUrl = '/api', fetchJson: FetchJson = fetchUtils.fetchJson): QuireDataProvider {
  const http = createHttpClient(fetchJson);
  const call = http.json;
  const post = <T>(path: string, body?: unknown) => call<T>(path, { method: 'POST', body });
  return {
    ...simpleRestProvider(apiUrl, http.raw),
    copySection: (id) => post(at(apiUrl, 'sections', id, 'copy')),
    addExample: (modelId, body) => post(at(apiUrl, 'models', modelId, 'add-example'), body),
    removeExample: (modelId, uuid) => call(at(apiUrl, 'models', modelId, 'remove-example'), { method: 'DELETE', body: { uuid } }),
    startFineTune: (body) => post(`${apiUrl}/fine-tune-jobs/start`, body),
    submitTrainingUrl: (url) => post(`${apiUrl}/training-jobs/submit-url`, { url }),
    getTrainingSnapshots: (query) => {
      const search = new URLSearchParams(query).toString();
      return call(`${apiUrl}/training-snapshots${search ? `?${search}` : ''}`);
    },
    setSavePath: (clientId, folder) => post(at(apiUrl, 'clients', clientId, 'save-path'), folder),
    getGoogleDriveToken: () => call(`${apiUrl}/google-drive-token`),
    getUserSettings: () => call(`${apiUrl}/user`),
    saveEnvVars: (envVars) => post(`${apiUrl}/user`, { envVars }),
    getStatusConfig: () => call(`${apiUrl}/user/status-config`),
    saveStatusConfig: (statusConfig) => post(`${apiUrl}/user/status-config`, statusConfig),
    testConnection: (service) => post(`${apiUrl}/generation/test-${service}`),
    getNotionCheck: () => call(`${apiUrl}/generation/status`),
    checkNotionNow: () => post(`${apiUrl}/generation/check-now`),
    getBaseModels: () => call(`${apiUrl}/base-models`),
    previewBiasTokens: (body) => post(`${apiUrl}/logit-bias-groups/preview`, body),
    getPublicConfig: () => call(`${apiUrl}/config`),
    getAuthProviders: () => call(`${apiUrl}/auth/providers`),

    replaceModel: (modelId, replacement) => post(at(apiUrl, 'models', modelId, 'replace'), { replacement }),
    modelExamplesUrl: async (modelId) => `${at(apiUrl, 'models', modelId)}/examples.jsonl`,

    // Section versions (issue 17).
    getSectionVersions: (sectionId) => call(at(apiUrl, 'sections', sectionId, 'versions')),
    restoreSectionVersion: (sectionId, version) => post(at(apiUrl, 'sections', sectionId, 'versions', version, 'restore')),
    ...historyMethods(apiUrl, call),
    ...previewMethods(apiUrl, post),
    ...evaluationMethods(apiUrl, post),
    ...workspaceMethods(apiUrl, call),
    ...notionWebhookMethods(apiUrl, call),
    ...bulkMethods(apiUrl, call),
  };
}

/** History's routes (issue 16), kept together. */
function historyMethods(apiUrl: string, call: HttpClient): HistoryMethods {
  return {
    retryHistoryEntry: (id) => call(`${at(apiUrl, 'history', id)}/retry`, { method: 'POST' }),
    getUsage: (range) => call(`${apiUrl}/usage${range ? `?${new URLSearchParams(range).toString()}` : ''}`),
  };
}

export const httpClient = createHttpClient();
export const dataProvider = createDataProvider();
