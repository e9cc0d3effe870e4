export interface Eligibility {
  allowed: boolean;
  reason: string | null;
}

export interface Model {
  id: string;
  _id: string;
  name: string;
  base_model: string;
  output_model: string | null;
  date_created: string;
  date_tuned: string | null;
  tokens: number | null;
  example_count: number;
  fine_tune_status: string | null;
  /** Whether it reasons, as OpenAI's answers have shown (else as its name suggests). */
  reasoning: boolean;
  /** The day OpenAI stops it (yyyy-MM-dd), as its listing says; null when none is announced. */
  shutdown_date: string | null;
  /** It has stopped: the day has passed, or OpenAI no longer lists it. */
  shut_down: boolean;
  /** OpenAI's last refusal to fine-tune for this key, in its words: of this model's base (fine_tune_refused_model), else of the account (the wind-down). */
  fine_tune_refusal: string | null;
  fine_tune_refused_at: string | null;
  /** The base model as sent that OpenAI refused; a start answers so at once until fine_tune_refusal_until. */
  fine_tune_refused_model: string | null;
  fine_tune_refusal_until: string | null;
  actions: { fineTune: Eligibility; delete: Eligibility };
}

export interface FineTuneJob {
  id: string;
  modelId: string;
  name: string;
  status: string;
  output_model: string | null;
  trained_tokens: number | null;
  date_tuned: string | null;
  message: string | null;
}

export interface TrainingJob {
  id: string;
  status: string;
  url: string;
  message: string | null;
  timestamp: string;
}

/** Spec §7: the model name in lower case with whitespace turned to underscores. */
export const fineTuneSuffix = (name: string) => name.toLowerCase().replace(/\s+/g, '_');
