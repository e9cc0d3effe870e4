import ArticleIcon from '@mui/icons-material/Article';
import { lazy } from 'react';
import { ResourceScreens } from '../types';

export default {
  list: lazy(() => import('./ArticleView')),
  create: lazy(() => import('./ArticleCreate')),
  edit: lazy(() => import('./ArticleEdit')),
  icon: ArticleIcon,
} satisfies ResourceScreens;
