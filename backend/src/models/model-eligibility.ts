/**
 * A fine-tune job's status (spec §4's four, plus OpenAI's pausing and paused: a paused job waits at
 * OpenAI until resumed or cancelled). Declared here, where a model's eligibility reads it; the
 * fine-tune-jobs folder, which depends on models, stores it.
 */
export type FineTuneStatus = 'queued' | 'running' | 'pausing' | 'paused' | 'completed' | 'failed';

export const MIN_EXAMPLES_TO_FINE_TUNE = 10;

export interface Eligibility {
  allowed: boolean;
  reason: string | null;
}

interface ModelState {
  baseModel: string;
  /** The model provider it is on; null: OpenAI. */
  connectionId: string | null;
  dateTuned: Date | null;
  exampleCount: number;
  latestJobStatus: FineTuneStatus | null;
}

const yes: Eligibility = { allowed: true, reason: null };
const no = (reason: string): Eligibility => ({ allowed: false, reason });

/**
 * Spec §4: no tuned date and no queued or running job (nor one pausing at OpenAI); PRODUCT.md: at
 * least 10 examples. Whether OpenAI fine-tunes the base model (and this account at all) is OpenAI's
 * to say when the job is created: its refusal is shown in its words. A job paused at OpenAI does
 * not block the model: starting again cancels it there first.
 */
export function canFineTune(model: ModelState): Eligibility {
  if (model.connectionId) return no("Fine-tuning is OpenAI's: this model writes through another provider. Its examples still download as JSONL.");
  if (model.dateTuned) return no('This model has already been fine-tuned.');
  if (model.latestJobStatus === 'queued' || model.latestJobStatus === 'running') {
    return no('A fine-tune job for this model is already queued or running.');
  }
  if (model.latestJobStatus === 'pausing') return no('The fine-tune job of this model is being paused at OpenAI; try again once it is paused.');
  if (model.exampleCount < MIN_EXAMPLES_TO_FINE_TUNE) {
    return no(`A model needs at least ${MIN_EXAMPLES_TO_FINE_TUNE} examples to be fine-tuned; this one has ${model.exampleCount}.`);
  }
  return yes;
}

/**
 * Spec §4: a tuned date, and its job completed or failed. A model on another provider is never
 * tuned, so it may always be deleted (its sections then name a model that no longer exists, as a
 * deleted tuned model's do).
 */
export function canDelete(model: ModelState): Eligibility {
  if (model.connectionId) return yes;
  if (!model.dateTuned) return no('Only a fine-tuned model can be deleted.');
  if (model.latestJobStatus !== 'completed' && model.latestJobStatus !== 'failed') {
    return no('Its fine-tune job has not finished yet.');
  }
  return yes;
}
