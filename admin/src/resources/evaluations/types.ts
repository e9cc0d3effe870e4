import type { Api, Schemas } from '../../api/client';

/** GET /api/evaluations/{id}, as the dashboard reads it. */
export type EvaluationOutput = Schemas['EvaluationOutputResponse'];
export type EvaluationItem = Schemas['EvaluationItemResponse'];
export type VariantSummary = Schemas['VariantSummaryResponse'];
export type Evaluation = Api<'EvaluationResponse'>;
export type EvaluationEstimate = Api<'EvaluationEstimateResponse'>;
export type EvaluationInput = Schemas['CreateEvaluationDto'];

/**
 * GET /api/evaluations: an evaluation without its items. react-admin keeps each listed one as the
 * record of its page until the page reads it, so the page may hold one for a moment.
 */
export type ListedEvaluation = Api<'EvaluationListResponse'>;

/** Whether the evaluation is read in full (its page's own read), not as the list answered it. */
export const hasItems = (evaluation: ListedEvaluation): evaluation is Evaluation => 'items' in evaluation;

export const isOpen = (evaluation: Pick<ListedEvaluation, 'status'>) => evaluation.status === 'queued' || evaluation.status === 'running';

/** Each status's chip colour, on the list and the evaluation's page. */
export const STATUS_COLOR = { queued: 'default', running: 'info', completed: 'success', failed: 'error' } as const satisfies Record<
  ListedEvaluation['status'],
  string
>;

/** A judgment's side: the output shown as A, as B, or neither. */
export type Side = 'A' | 'B' | 'tie';
