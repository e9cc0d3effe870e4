import simpleRestProvider from 'ra-data-simple-rest';
import { DataProvider, fetchUtils } from 'ra-core';

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

/**
 * ra-data-simple-rest on Quire's API, as react-admin expects it: the session cookie on every call
 * and ids mapped for every method (getList to deleteMany). `fetchJson` is replaceable for tests.
 */
export function createDataProvider(apiUrl = '/api', fetchJson: FetchJson = fetchUtils.fetchJson): DataProvider {
  const httpClient = async (url: string, options: fetchUtils.Options = {}) => {
    const response = await fetchJson(url, { ...options, credentials: 'include' });
    return { ...response, json: withIds(response.json) };
  };
  return simpleRestProvider(apiUrl, httpClient);
}

export const dataProvider = createDataProvider();
