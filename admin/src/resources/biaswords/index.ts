import BlockIcon from '@mui/icons-material/Block';
import { lazy } from 'react';
import { ResourceScreens } from '../types';

export default {
  list: lazy(() => import('./BiasList')),
  create: lazy(() => import('./BiasCreate')),
  edit: lazy(() => import('./BiasEdit')),
  icon: BlockIcon,
} satisfies ResourceScreens;
