import { Alert, Box, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import HomeIcon from '@mui/icons-material/Home';
import ViewListIcon from '@mui/icons-material/ViewList';
import AddIcon from '@mui/icons-material/Add';
import LogoutIcon from '@mui/icons-material/Logout';
import { useState } from 'react';
import { Menu as RaMenu, useCanAccess, useLogout } from 'react-admin';
import articles from '../resources/articles';
import audit from '../resources/audit';
import biaswords from '../resources/biaswords';
import clients from '../resources/clients';
import history from '../resources/history';
import invitations from '../resources/invitations';
import members from '../resources/members';
import tokens from '../resources/tokens';
import models from '../resources/models';
import sections from '../resources/sections';
import { useCanWrite } from '../components/CanWrite';
import { SubMenu } from './SubMenu';
import { useT, useQuireTranslate } from '../components/useT';

/** Logout through the auth provider, which goes to /login; a failure is told here and the operator stays. */
function LogoutItem() {
  const translate = useQuireTranslate();
  const logoutAndLeave = useLogout();
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  const logout = async () => {
    if (busy) return;
    setBusy(true);
    setFailed(false);
    try {
      await logoutAndLeave({}, '/login', false);
    } catch {
      setFailed(true);
      setTimeout(() => setFailed(false), 4000);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <ListItemButton onClick={logout} disabled={busy}>
        <ListItemIcon sx={{ minWidth: 40 }}>
          <LogoutIcon />
        </ListItemIcon>
        <ListItemText primary={translate('quire.menu.logout')} />
      </ListItemButton>
      {failed && (
        <Alert severity="error" role="alert" sx={{ mx: 1 }}>
          {translate('quire.menu.logoutFailed')}
        </Alert>
      )}
    </>
  );
}

const entries = { sx: { py: 0 } };

/** Whether the signed-in person may read `resource` in the current workspace. */
const useCanRead = (resource: string) => useCanAccess({ resource, action: 'list' }).canAccess === true;

/** The workspace's own screens, after the spec's entries: each shown to whom may read it (API tokens, to every member). */
function WorkspaceEntries() {
  const t = useT('menu');
  const shown = { members: useCanRead('members'), invitations: useCanRead('invitations'), audit: useCanRead('audit') };
  return (
    <SubMenu label={t('workspace')} icon={<members.icon />}>
      {shown.members && <RaMenu.Item to="/members" primaryText={t('members')} leftIcon={<members.icon />} />}
      {shown.invitations && <RaMenu.Item to="/invitations" primaryText={t('invitations')} leftIcon={<invitations.icon />} />}
      {shown.audit && <RaMenu.Item to="/audit" primaryText={t('audit')} leftIcon={<audit.icon />} />}
      <RaMenu.Item to="/tokens" primaryText={t('tokens')} leftIcon={<tokens.icon />} />
    </SubMenu>
  );
}

/**
 * The sidebar of spec §2: every entry and group, in order (a create entry only for those who may
 * create), then the workspace's own screens. Each run of entries is its own menu (a menu
 * may own only menu items and groups, so a group's toggle button sits beside its menu, not in
 * one); Logout is an action after them.
 */
export function Menu() {
  const t = useT('menu');
  // A viewer, who may only read, is not offered the create screens.
  const creates = { articles: useCanWrite('articles'), sections: useCanWrite('sections'), models: useCanWrite('models') };
  return (
    <Box component="nav" sx={{ pt: 1 }}>
      <RaMenu {...entries}>
        <RaMenu.Item to="/" primaryText={t('home')} leftIcon={<HomeIcon />} />
      </RaMenu>
      <SubMenu label={t('articleSettings')} icon={<articles.icon />}>
        <RaMenu.Item to="/articles" primaryText={t('currentArticles')} leftIcon={<ViewListIcon />} />
        {creates.articles && <RaMenu.Item to="/articles/new" primaryText={t('createArticle')} leftIcon={<AddIcon />} />}
      </SubMenu>
      <SubMenu label={t('sectionSettings')} icon={<sections.icon />}>
        <RaMenu.Item to="/sections" primaryText={t('currentSections')} leftIcon={<ViewListIcon />} />
        {creates.sections && <RaMenu.Item to="/sections/new" primaryText={t('createSection')} leftIcon={<AddIcon />} />}
      </SubMenu>
      <SubMenu label={t('modelSettings')} icon={<models.icon />}>
        <RaMenu.Item to="/models" primaryText={t('currentModels')} leftIcon={<ViewListIcon />} />
        {creates.models && <RaMenu.Item to="/models/new" primaryText={t('createModels')} leftIcon={<AddIcon />} />}
      </SubMenu>
      <RaMenu {...entries}>
        <RaMenu.Item to="/clients" primaryText={t('clients')} leftIcon={<clients.icon />} />
        <RaMenu.Item to="/biaswords" primaryText={t('biasWords')} leftIcon={<biaswords.icon />} />
        <RaMenu.Item to="/history" primaryText={t('history')} leftIcon={<history.icon />} />
      </RaMenu>
      <WorkspaceEntries />
      <LogoutItem />
    </Box>
  );
}
