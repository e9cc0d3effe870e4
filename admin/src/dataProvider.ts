import simpleRestProvider from 'ra-data-simple-rest';
import { DataProvider, fetchUtils } from 'react-admin';

const httpClient = (url: string, options: fetchUtils.Options = {}) =>
  fetchUtils.fetchJson(url, { ...options, credentials: 'include' });

const base = simpleRestProvider('/api', httpClient);

/** The API names ids `_id`; react-admin wants `id`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- records are whatever the resource returns
const withId = (record: any): any => ({ ...record, id: record._id ?? record.id });

export const dataProvider: DataProvider = {
  ...base,
  getList: async (resource, params) => {
    const result = await base.getList(resource, params);
    return { ...result, data: result.data.map(withId) };
  },
  getMany: async (resource, params) => {
    const result = await base.getMany(resource, params);
    return { ...result, data: result.data.map(withId) };
  },
  getManyReference: async (resource, params) => {
    const result = await base.getManyReference(resource, params);
    return { ...result, data: result.data.map(withId) };
  },
  getOne: async (resource, params) => ({ data: withId((await base.getOne(resource, params)).data) }),
  create: async (resource, params) => ({ data: withId((await base.create(resource, params)).data) }),
  update: async (resource, params) => ({ data: withId((await base.update(resource, params)).data) }),
  delete: async (resource, params) => ({ data: withId((await base.delete(resource, params)).data) }),
};
