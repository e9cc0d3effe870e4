import PsychologyIcon from '@mui/icons-material/Psychology';
import { lazy } from 'react';
import { ResourceScreens } from '../types';

export default {
  list: lazy(() => import('./ModelsPage')),
  create: lazy(() => import('./ModelCreate')),
  icon: PsychologyIcon,
} satisfies ResourceScreens;
