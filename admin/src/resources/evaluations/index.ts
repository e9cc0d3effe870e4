import { lazy } from 'react';
import { ResourceScreens } from '../types';

/** Evaluations (issue 25): made from a model's row (/evaluations/new?model=…), read and judged at /evaluations/{id}. */
export default {
  create: lazy(() => import('./EvaluationCreate')),
  show: lazy(() => import('./EvaluationShow')),
} satisfies ResourceScreens;
