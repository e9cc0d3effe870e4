import type { AuthProvider } from 'react-admin';
import { HttpClient, httpClient } from './dataProvider';

export interface Me {
  name: string;
  avatar: string | null;
  email: string;
  /** Whether the operator owns the data: may download a backup of all of it. */
  can_download_backup: boolean;
}

const status = (error: unknown) => (error as { status?: number } | null)?.status;

/**
 * The operator's session, in one place. Sign-in itself is a browser navigation to
 * /api/auth/{provider}; `checkAuth` asks GET /api/me once and remembers the answer until logout or
 * a 401, `getIdentity` asks again (so the header sees a session that ended since start-up), and
 * `logout` ends the session with POST /api/logout. `canAccess` says what the operator may do beyond
 * the resources every operator has: download a backup ({ resource: 'backup', action: 'download' }).
 */
export function createAuthProvider(http: HttpClient): AuthProvider {
  let session: Promise<Me> | null = null;
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
      session ??= http<Me>('/api/me');
      try {
        await session;
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
      if (resource !== 'backup') return true;
      session ??= http<Me>('/api/me');
      return action === 'download' && (await session).can_download_backup;
    },
    getIdentity: async () => {
      const me = await http<Me>('/api/me');
      return { id: me.email, fullName: me.name, avatar: me.avatar ?? undefined };
    },
  };
}

export const authProvider = createAuthProvider(httpClient.json);
