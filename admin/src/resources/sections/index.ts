import SegmentIcon from '@mui/icons-material/Segment';
import { lazy } from 'react';
import { ResourceScreens } from '../types';

export default {
  list: lazy(() => import('./SectionList')),
  create: lazy(() => import('./SectionCreate')),
  edit: lazy(() => import('./SectionEdit')),
  icon: SegmentIcon,
} satisfies ResourceScreens;
