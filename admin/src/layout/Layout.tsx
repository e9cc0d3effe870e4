import { Fragment, ReactNode, useCallback, useState } from 'react';
import { Layout as RaLayout } from 'react-admin';
import { AppBar } from './AppBar';
import { Menu } from './Menu';
import { RemountScreens } from './workspaces/useWorkspaceSwitch';

/**
 * The layout shell; the screens inside are mounted afresh after a workspace switch (`RemountScreens`).
 * The shell and its content column are as wide as the window, never as wide as their widest table
 * (react-admin makes the shell `fit-content`): a wide table scrolls sideways in its own region
 * instead of widening the page past the window.
 */
export function Layout({ children }: { children: ReactNode }) {
  const [generation, setGeneration] = useState(0);
  const remount = useCallback(() => setGeneration((n) => n + 1), []);
  return (
    <RemountScreens.Provider value={remount}>
      <RaLayout appBar={AppBar} menu={Menu} sx={{ minWidth: 0, '& .RaLayout-content': { minWidth: 0 } }}>
        <Fragment key={generation}>{children}</Fragment>
      </RaLayout>
    </RemountScreens.Provider>
  );
}
