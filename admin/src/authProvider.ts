import type { AuthProvider } from 'react-admin';
import { actionOf, can, PERMISSIONS } from '@quire/shared';
import { HttpClient, httpClient } from './dataProvider';
import type { Me, WorkspaceMembership } from './layout/workspaces/api';

export type { Me, WorkspaceMembership };

/** What `getIdentity` answers: react-admin's identity plus the workspaces, for the app bar's switcher. */
export interface QuireIdentity {
  id: string;
  fullName: string;
  avatar?: string;
  email: string;
  workspace: WorkspaceMembership;
  workspaces: WorkspaceMembership[];
}

/** react-admin's auth provider plus `refreshSession`, for the switcher after PUT /api/me/workspace. */
export interface QuireAuthProvider extends AuthProvider {
  /** Forgets the remembered session: `me` (PUT /api/me/workspace's answer) becomes it, else GET /api/me is asked again. */
  refreshSession(me?: Me): Promise<Me>;
}

/** GET /api/me as react-admin's identity (its id is the email). */
export const toIdentity = (me: Me): QuireIdentity => ({
  id: me.email,
  fullName: me.name,
  avatar: me.avatar ?? undefined,
  email: me.email,
  workspace: me.workspace,
  workspaces: me.workspaces,
});

const status = (error: unknown) => (error as { status?: number } | null)?.status;

/**
 * The operator's session, in one place. Sign-in itself is a browser navigation to
 * /api/auth/{provider}; `checkAuth` asks GET /api/me once and remembers the answer until logout, a
 * 401 or a workspace switch (`refreshSession`), `getIdentity` asks again (so the header sees a
 * session that ended since start-up, and the remembered answer follows), and `logout` ends the
 * session with POST /api/logout.
 *
 * `canAccess` answers from the permission table the server's guard reads too (@quire/shared's
 * PERMISSIONS) with the role in the current workspace; a backup ({ resource: 'backup', action:
 * 'download' }) is for the owners of the data; API tokens are every member's own. A resource the table does not name (react-admin's
 * own) may be read, never changed.
 */
export function createAuthProvider(http: HttpClient): QuireAuthProvider {
  let session: Promise<Me> | null = null;
  const current = () => (session ??= http<Me>('/api/me'));
  return {
    login: async () => undefined,
    logout: async () => {
      try {
        await http('/api/logout', { method: 'POST' });
      } catch (error) {
        // A session the server no longer knows is as good as ended.
        if (status(error) !== 401) throw error;
      }
      session = null;
    },
    checkAuth: async () => {
      try {
        await current();
      } catch (error) {
        session = null;
        throw error;
      }
    },
    checkError: async (error) => {
      if (status(error) === 401) {
        session = null;
        throw error;
      }
    },
    canAccess: async ({ resource, action }) => {
      const me = await current();
      if (resource === 'backup') return action === 'download' && me.can_download_backup;
      // Every member makes and revokes their own API tokens (the server keeps the rest of the rules).
      if (resource === 'tokens') return true;
      if (resource in PERMISSIONS) return can(me.workspace.role, resource, actionOf(action));
      return actionOf(action) === 'read';
    },
    getIdentity: async () => {
      const me = await http<Me>('/api/me');
      session = Promise.resolve(me);
      return toIdentity(me);
    },
    refreshSession: async (me) => {
      session = me ? Promise.resolve(me) : http<Me>('/api/me');
      try {
        return await session;
      } catch (error) {
        session = null;
        throw error;
      }
    },
  };
}

export const authProvider = createAuthProvider(httpClient.json);
