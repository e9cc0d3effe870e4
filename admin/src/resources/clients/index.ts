import BusinessIcon from '@mui/icons-material/Business';
import { lazy } from 'react';
import { ResourceScreens } from '../types';

export default {
  list: lazy(() => import('./ClientsPage')),
  icon: BusinessIcon,
} satisfies ResourceScreens;
