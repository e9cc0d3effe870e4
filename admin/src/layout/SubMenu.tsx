import { Box, Collapse, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { ReactNode, useId, useState } from 'react';
import { Menu, useSidebarState } from 'react-admin';

/**
 * A collapsible group of menu entries, open by default: the toggle button and the entries' own
 * menu (a menu may own only menu items and groups, ARIA's required children).
 */
export function SubMenu({ label, icon, children }: { label: string; icon: ReactNode; children: ReactNode }) {
  const [open, setOpen] = useState(true);
  const [sidebarOpen] = useSidebarState();
  const entries = useId();
  return (
    <Box role="group" aria-label={label}>
      <ListItemButton onClick={() => setOpen((o) => !o)} aria-expanded={open} aria-controls={entries}>
        <ListItemIcon sx={{ minWidth: 40 }}>{icon}</ListItemIcon>
        <ListItemText primary={label} />
        {open ? <ExpandLess /> : <ExpandMore />}
      </ListItemButton>
      <Collapse in={open} timeout="auto" id={entries}>
        <Menu sx={{ py: 0, '& a': { pl: sidebarOpen ? 4 : 2 } }}>{children}</Menu>
      </Collapse>
    </Box>
  );
}
