import simpleRestProvider from 'ra-data-simple-rest';
import { DataProvider, fetchUtils, HttpError } from 'ra-core';
import { HttpClient, TypedApi, typedApi } from './api/client';
import { articlesApi } from './resources/articles/api';
import { biasWordsApi } from './resources/biaswords/api';
import { clientsApi } from './resources/clients/api';
import { evaluationsApi } from './resources/evaluations/api';
import { historyApi } from './resources/history/api';
import { modelsApi } from './resources/models/api';
import { previewsApi } from './resources/previews/api';
import { sectionsApi } from './resources/sections/api';
import { trainingApi } from './resources/training/api';
import { homeApi } from './pages/home/api';
import { workspacesApi } from './layout/workspaces/api';

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

export type { HttpClient } from './api/client';

/** Quire's routes beyond react-admin's CRUD, each a named method on the one client, composed from each resource's api.ts. */
export type QuireDataProvider = DataProvider & ReturnType<typeof quireMethods>;

function quireMethods(api: TypedApi) {
  return {
    ...sectionsApi(api),
    ...articlesApi(api),
    ...modelsApi(api),
    ...trainingApi(api),
    ...clientsApi(api),
    ...biasWordsApi(api),
    ...historyApi(api),
    ...previewsApi(api),
    ...evaluationsApi(api),
    ...homeApi(api),
    ...workspacesApi(api),
  };
}

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
  return { ...simpleRestProvider(apiUrl, http.raw), ...quireMethods(typedApi(apiUrl, http.json)) };
}

export const httpClient = createHttpClient();
export const dataProvider = createDataProvider();
