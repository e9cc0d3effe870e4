import KeyIcon from '@mui/icons-material/Key';
import { lazy } from 'react';
import { ResourceScreens } from '../types';

/** /tokens and /tokens/new: personal API tokens for scripts and automation (any member). */
export default {
  list: lazy(() => import('./TokenList')),
  create: lazy(() => import('./TokenCreate')),
  icon: KeyIcon,
} satisfies ResourceScreens;
