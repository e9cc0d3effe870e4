import GroupIcon from '@mui/icons-material/Group';
import { lazy } from 'react';
import { ResourceScreens } from '../types';

/** /members: who is in the current workspace, their roles; leaving it. */
export default {
  list: lazy(() => import('./MemberList')),
  icon: GroupIcon,
} satisfies ResourceScreens;
