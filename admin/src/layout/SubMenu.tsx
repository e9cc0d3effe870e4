import { Collapse, List, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { ReactNode, useState } from 'react';
import { useSidebarState } from 'react-admin';

/** A collapsible group of menu entries, open by default. */
export function SubMenu({ label, icon, children }: { label: string; icon: ReactNode; children: ReactNode }) {
  const [open, setOpen] = useState(true);
  const [sidebarOpen] = useSidebarState();
  return (
    <>
      <ListItemButton onClick={() => setOpen((o) => !o)} aria-expanded={open}>
        <ListItemIcon sx={{ minWidth: 40 }}>{icon}</ListItemIcon>
        <ListItemText primary={label} />
        {open ? <ExpandLess /> : <ExpandMore />}
      </ListItemButton>
      <Collapse in={open} timeout="auto" unmountOnExit>
        <List component="div" disablePadding role="group" aria-label={label} sx={{ '& a': { pl: sidebarOpen ? 4 : 2 } }}>
          {children}
        </List>
      </Collapse>
    </>
  );
}
