import HistoryIcon from '@mui/icons-material/History';
import { lazy } from 'react';
import { ResourceScreens } from '../types';

export default {
  list: lazy(() => import('./HistoryList')),
  show: lazy(() => import('./HistoryShow')),
  icon: HistoryIcon,
} satisfies ResourceScreens;
