import type { AuthProvider } from 'react-admin';
import { api } from './api';
import { forgetIdentity, lookupIdentity, Me } from './identity';

/** Sign-in itself is a browser navigation to /api/auth/{provider}; this only reflects the session. */
export const authProvider: AuthProvider = {
  login: async () => undefined,
  logout: async () => {
    forgetIdentity();
  },
  checkAuth: async () => {
    if (!(await lookupIdentity())) throw new Error('Not signed in');
  },
  checkError: async (error: { status?: number }) => {
    if (error?.status === 401) {
      forgetIdentity();
      throw error;
    }
  },
  // The header asks the server itself, so a session that ended since start-up shows as such.
  getIdentity: async () => {
    const me = await api<Me>('/api/me');
    return { id: me.email, fullName: me.name, avatar: me.avatar ?? undefined };
  },
};
