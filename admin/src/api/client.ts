import type { Identifier } from 'ra-core';
import type { components, paths } from './schema';

/** The server's schemas, by name, as its OpenAPI document declares them (schema.d.ts is generated). */
export type Schemas = components['schemas'];

/** An answer as the dashboard receives it: each record (or each of a list) with react-admin's `id` beside the API's `_id`. */
export type WithIds<T> = T extends (infer E)[] ? WithIds<E>[] : T extends { _id: string } ? T & { id: string } : T;

/** One of the server's schemas as the data provider answers it. */
export type Api<N extends keyof Schemas> = WithIds<Schemas[N]>;

type Method = 'get' | 'post' | 'put' | 'delete';
/** The paths that answer a method. */
export type PathsWith<M extends Method> = { [P in keyof paths]-?: undefined extends paths[P][M] ? never : P }[keyof paths];
type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;
type Json<R> = R extends { content: { 'application/json': infer T } } ? T : void;
type Success<R> = 200 extends keyof R ? R[200] : 201 extends keyof R ? R[201] : never;

/** What an operation answers (its 200, else its 201), ids added. */
export type Answer<P extends keyof paths, M extends Method> = Operation<P, M> extends { responses: infer R } ? WithIds<Json<Success<R>>> : never;
/** What an operation takes as its JSON body. */
export type Body<P extends keyof paths, M extends Method> = Operation<P, M> extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;
type PathParams = Record<string, Identifier>;

/** The same-origin JSON client with the session cookie, shared by the data and auth providers. */
export type HttpClient = <T = unknown>(path: string, options?: { method?: string; body?: unknown }) => Promise<T>;

/**
 * The server's routes, typed from its OpenAPI document: `path` is spelled as the document spells it
 * (`/api/models/{id}/replace`), each `{param}` filled from `params` and escaped, and the answer and
 * body are the document's. `apiUrl` stands for `/api` (tests point it at another server).
 */
export function typedApi(apiUrl: string, http: HttpClient) {
  const url = <P extends keyof paths>(path: P, params?: PathParams, query?: Record<string, string>) => {
    const filled = path
      .slice('/api'.length)
      .replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String((params as Record<string, Identifier>)[name])));
    const search = query ? new URLSearchParams(query).toString() : '';
    return `${apiUrl}${filled}${search ? `?${search}` : ''}`;
  };
  return {
    url,
    get: <P extends PathsWith<'get'>>(path: P, options: { params?: PathParams; query?: Record<string, string> } = {}) =>
      http<Answer<P, 'get'>>(url(path, options.params, options.query)),
    post: <P extends PathsWith<'post'>>(path: P, options: { params?: PathParams; body?: Body<P, 'post'> } = {}) =>
      http<Answer<P, 'post'>>(url(path, options.params), { method: 'POST', body: options.body }),
    put: <P extends PathsWith<'put'>>(path: P, options: { params?: PathParams; body?: Body<P, 'put'> } = {}) =>
      http<Answer<P, 'put'>>(url(path, options.params), { method: 'PUT', body: options.body }),
    delete: <P extends PathsWith<'delete'>>(path: P, options: { params?: PathParams; body?: Body<P, 'delete'> } = {}) =>
      http<Answer<P, 'delete'>>(url(path, options.params), { method: 'DELETE', body: options.body }),
  };
}

export type TypedApi = ReturnType<typeof typedApi>;
