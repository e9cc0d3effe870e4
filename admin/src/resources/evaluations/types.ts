/** GET /api/evaluations/{id} (issue 25), as the dashboard reads it. */
export interface EvaluationOutput {
  text: string;
  model: string;
  similarity: number | null;
  rouge_l: number;
  tokens: number;
  cost: number | null;
  examples: string[];
}

export interface EvaluationItem {
  _id: string;
  position: number;
  example_uuid: string;
  system: string;
  prompt: string;
  original: string;
  outputs: Record<string, EvaluationOutput>;
  /** The two variants judged on it, as A and B. */
  pair: [string, string];
  winner: string | null;
}

export interface VariantSummary {
  label: string;
  outputs: number;
  mean_similarity: number | null;
  mean_rouge_l: number | null;
  cost: number | null;
  judged: number;
  wins: number;
  losses: number;
  ties: number;
  win_rate: number | null;
  win_rate_low: number | null;
  win_rate_high: number | null;
}

export interface Evaluation {
  id: string;
  status: 'queued' | 'running' | 'completed' | 'failed';
  message: string | null;
  modelId: string | null;
  model_name: string;
  holdout: number;
  variants: { label: string; model: string; model_name: string; examples_count: number }[];
  progress: { done: number; total: number };
  items: EvaluationItem[];
  summary: VariantSummary[];
  judgments: number;
  verdict: { decided: boolean; better: string | null; text: string };
  cost: number | null;
  created_at: string;
}

export interface EvaluationEstimate {
  items: number;
  requests: number;
  embedding_requests: number;
  cost: number | null;
  variants: { label: string; openai_model: string; requests: number; prompt_tokens: number; completion_tokens: number; cost: number | null }[];
}

export interface EvaluationInput {
  modelId: string;
  holdout: number;
  variants: { label: string; model: string; examples_count: number }[];
}

export const isOpen = (evaluation: Pick<Evaluation, 'status'>) => evaluation.status === 'queued' || evaluation.status === 'running';

/** Each status's chip colour, on the list and the evaluation's page. */
export const STATUS_COLOR = { queued: 'default', running: 'info', completed: 'success', failed: 'error' } as const satisfies Record<
  Evaluation['status'],
  string
>;

/** A judgment's side: the output shown as A, as B, or neither. */
export type Side = 'A' | 'B' | 'tie';
