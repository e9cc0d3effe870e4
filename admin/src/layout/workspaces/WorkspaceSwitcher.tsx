import { Box, Button, CircularProgress, Divider, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import CheckIcon from '@mui/icons-material/Check';
import WorkspacesIcon from '@mui/icons-material/Workspaces';
import { MouseEvent, useState } from 'react';
import { Identifier, useGetIdentity } from 'react-admin';
import { QuireIdentity } from '../../authProvider';
import { useT } from '../../components/useT';
import { NewWorkspaceDialog } from './NewWorkspaceDialog';
import { useWorkspaceSwitch } from './useWorkspaceSwitch';

/**
 * The app bar's workspace switcher: the current workspace's name and the person's role
 * in it, which are also its accessible name; its menu lists every workspace they belong to with
 * their role there, and "New workspace…". Choosing one moves the session there
 * (useWorkspaceSwitch); the button is disabled meanwhile.
 */
export function WorkspaceSwitcher() {
  const t = useT('workspaces');
  const { identity } = useGetIdentity();
  const me = identity as QuireIdentity | undefined;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [creating, setCreating] = useState(false);
  const { switching, switchTo } = useWorkspaceSwitch();
  if (!me?.workspace) return null;
  const current = me.workspace;

  const open = (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget);
  const choose = (id: Identifier) => {
    setAnchor(null);
    if (id !== current.id) void switchTo(id);
  };
  const created = (id: Identifier) => {
    setCreating(false);
    void switchTo(id);
  };

  return (
    <>
      {/* Named by what it shows (WCAG 2.5.3, Label in Name: "Acme team Owner"); what it does is its description. */}
      <span id="workspace-switcher-hint" hidden>
        {t('switcherHint')}
      </span>
      <Button
        id="workspace-switcher"
        color="inherit"
        aria-describedby="workspace-switcher-hint"
        aria-haspopup="menu"
        aria-controls={anchor ? 'workspace-menu' : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        aria-busy={switching}
        disabled={switching}
        onClick={open}
        startIcon={switching ? <CircularProgress size={16} color="inherit" aria-hidden /> : <WorkspacesIcon />}
        endIcon={<ArrowDropDownIcon />}
        sx={{ textTransform: 'none', mr: 2, maxWidth: 360, '&.Mui-disabled': { color: 'inherit', opacity: 0.7 } }}
      >
        <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {current.name}
        </Box>{' '}
        <Box component="span" sx={{ ml: 1, opacity: 0.8, fontSize: '0.8em', whiteSpace: 'nowrap' }}>
          {t(`roles.${current.role}`)}
        </Box>
      </Button>
      <Menu id="workspace-menu" anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)} slotProps={{ list: { 'aria-label': t('menu') } }}>
        {me.workspaces.map((workspace) => (
          <MenuItem key={workspace.id} selected={workspace.id === current.id} onClick={() => choose(workspace.id)}>
            <ListItemIcon>{workspace.id === current.id && <CheckIcon fontSize="small" />}</ListItemIcon>
            <ListItemText primary={workspace.name} secondary={t(`roles.${workspace.role}`)} />
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setCreating(true);
          }}
        >
          <ListItemIcon>
            <AddIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={t('new')} />
        </MenuItem>
      </Menu>
      {creating && <NewWorkspaceDialog onClose={() => setCreating(false)} onCreated={created} />}
    </>
  );
}
