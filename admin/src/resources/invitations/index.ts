import MailOutlineIcon from '@mui/icons-material/MailOutline';
import { lazy } from 'react';
import { ResourceScreens } from '../types';

/** /invitations and /invitations/new (issue 28; owners only). */
export default {
  list: lazy(() => import('./InvitationList')),
  create: lazy(() => import('./InvitationCreate')),
  icon: MailOutlineIcon,
} satisfies ResourceScreens;
