import { Fragment, ReactNode, useCallback, useState } from 'react';
import { Layout as RaLayout } from 'react-admin';
import { AppBar } from './AppBar';
import { Menu } from './Menu';
import { RemountScreens } from './workspaces/useWorkspaceSwitch';

/** The layout shell; the screens inside are mounted afresh after a workspace switch (`RemountScreens`). */
export function Layout({ children }: { children: ReactNode }) {
  const [generation, setGeneration] = useState(0);
  const remount = useCallback(() => setGeneration((n) => n + 1), []);
  return (
    <RemountScreens.Provider value={remount}>
      <RaLayout appBar={AppBar} menu={Menu}>
        <Fragment key={generation}>{children}</Fragment>
      </RaLayout>
    </RemountScreens.Provider>
  );
}
