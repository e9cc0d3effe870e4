import type { Api, Schemas } from '../../api/client';

/** GET /api/evaluations/{id}, as the dashboard reads it. */
export type EvaluationOutput = Schemas['EvaluationOutputResponse'];
export type EvaluationItem = Schemas['EvaluationItemResponse'];
export type VariantSummary = Schemas['VariantSummaryResponse'];
export type Evaluation = Api<'EvaluationResponse'>;
/** GET /api/evaluations: each evaluation as its list answers it, without its items. */
export type ListedEvaluation = Api<'EvaluationListResponse'>;
/**
 * An evaluation's page reads it whole, but react-admin keeps each record of a list it read as that
 * record until the page's own read comes back: arriving from the list, its items are not there yet.
 */
export type ShownEvaluation = ListedEvaluation & Partial<Pick<Evaluation, 'items'>>;
export const isWhole = (evaluation: ShownEvaluation): evaluation is Evaluation => evaluation.items !== undefined;
export type EvaluationEstimate = Api<'EvaluationEstimateResponse'>;
export type EvaluationInput = Schemas['CreateEvaluationDto'];

export const isOpen = (evaluation: Pick<Evaluation, 'status'>) => evaluation.status === 'queued' || evaluation.status === 'running';

/** Each status's chip colour, on the list and the evaluation's page. */
export const STATUS_COLOR = { queued: 'default', running: 'info', completed: 'success', failed: 'error' } as const satisfies Record<
  Evaluation['status'],
  string
>;

/** A judgment's side: the output shown as A, as B, or neither. */
export type Side = 'A' | 'B' | 'tie';
