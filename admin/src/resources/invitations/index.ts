import MailOutlineIcon from '@mui/icons-material/MailOutline';
import { lazy } from 'react';
import { ResourceScreens } from '../types';

/** /invitations and /invitations/new (owners only). */
export default {
  list: lazy(() => import('./InvitationList')),
  create: lazy(() => import('./InvitationCreate')),
  icon: MailOutlineIcon,
} satisfies ResourceScreens;
