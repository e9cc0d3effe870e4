import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import { lazy } from 'react';
import { ResourceScreens } from '../types';

/** /audit (owners only): who changed what, newest first. */
export default {
  list: lazy(() => import('./AuditList')),
  icon: ManageSearchIcon,
} satisfies ResourceScreens;
