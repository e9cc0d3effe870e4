import { Query, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useState } from 'react';
import { Identifier, useAuthProvider, useDataProvider, useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { QuireAuthProvider, toIdentity } from '../../authProvider';
import { QuireDataProvider } from '../../dataProvider';
import type { Me } from './api';
import { serverMessage } from '../../components/useRun';
import { useT } from '../../components/useT';

/** Remounts the screens under the layout (Layout.tsx): no screen keeps what it read in the workspace before. */
export const RemountScreens = createContext<() => void>(() => undefined);

/**
 * What a switch leaves as it is: whether someone is signed in (App.tsx's check included; a switch
 * never changes that) and who they are (set from the new session at once, so the app bar does not blink).
 */
const kept = (query: Query) => query.queryKey[0] === 'auth' && ['checkAuth', 'getIdentity'].includes(String(query.queryKey[1]));
const IDENTITY = ['auth', 'getIdentity'];

/**
 * Moves the session to another workspace (PUT /api/me/workspace), or takes note that the server
 * moved it (after leaving one): the auth provider's remembered session becomes the new one, every
 * cached list, record and permission is dropped and read again, the screens are mounted afresh and
 * Home is shown. `switching` is true meanwhile.
 */
export function useWorkspaceSwitch() {
  const t = useT('workspaces');
  const dataProvider = useDataProvider<QuireDataProvider>();
  const authProvider = useAuthProvider() as QuireAuthProvider;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const notify = useNotify();
  const remount = useContext(RemountScreens);
  const [switching, setSwitching] = useState(false);

  const settle = async (me?: Me) => {
    const fresh = await authProvider.refreshSession(me);
    queryClient.setQueryData(IDENTITY, toIdentity(fresh));
    navigate('/');
    remount();
    await queryClient.resetQueries({ predicate: (query) => !kept(query) });
  };

  const run = async (step: () => Promise<Me | undefined>): Promise<boolean> => {
    if (switching) return false;
    setSwitching(true);
    try {
      await settle(await step());
      return true;
    } catch (error) {
      const reason = serverMessage(error);
      const text = reason ? `${t('switchFailed')} ${reason}` : t('switchFailed');
      notify(text, { type: 'error', messageArgs: { _: text } });
      return false;
    } finally {
      setSwitching(false);
    }
  };

  return {
    switching,
    /** The session's workspace becomes `id`. */
    switchTo: (id: Identifier) => run(() => dataProvider.switchWorkspace(id)),
    /** The server changed the session's workspace or role (the person left it, or changed their own role): read it again. */
    refresh: () => run(async () => undefined),
  };
}
