import type { Identifier } from 'ra-core';
import type { Api, TypedApi } from '../../api/client';

/** GET /api/me: who is signed in, in which workspace, and every workspace they belong to. */
export type Me = Api<'MeResponse'>;
/** A workspace the person belongs to, and their role in it. */
export type WorkspaceMembership = Api<'MeWorkspace'>;

export const workspacesApi = (api: TypedApi) => ({
  /** PUT /api/me/workspace: the session's current workspace; answers the new GET /api/me. */
  switchWorkspace: (id: Identifier) => api.put('/api/me/workspace', { body: { id: String(id) } }),
  getPublicConfig: () => api.get('/api/config'),
  getAuthProviders: () => api.get('/api/auth/providers'),
});
