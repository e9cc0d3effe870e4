import { lazy } from 'react';
import { ResourceScreens } from '../types';

/**
 * Evaluations: every one of the workspace at /evaluations (linked from Current Models),
 * made from a model's row (/evaluations/new?model=…), read and judged at /evaluations/{id}.
 */
export default {
  list: lazy(() => import('./EvaluationList')),
  create: lazy(() => import('./EvaluationCreate')),
  show: lazy(() => import('./EvaluationShow')),
} satisfies ResourceScreens;
