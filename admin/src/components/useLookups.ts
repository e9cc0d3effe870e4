import { useGetList } from 'react-admin';

const ALL = { pagination: { page: 1, perPage: 1000 } };
/** Spec §8: a failure to load models is only logged to the console, never shown. */
const logModelsFailure = (error: unknown) => console.error('Failed to load models', error);

export interface ModelOption {
  id: string;
  name: string;
  base_model: string;
  output_model: string | null;
  /** Whether it reasons, as OpenAI's answers have shown (else as its name suggests): the form offers reasoning_effort. */
  reasoning: boolean;
  /** The day OpenAI stops it, as its listing says. */
  shutdown_date: string | null;
  shut_down: boolean;
  /** How many examples it holds (its set, for example-guided sections and evaluations). */
  example_count: number;
}

export interface BiasGroupOption {
  id: string;
  name: string;
}

/** The user's models and bias word lists, for dropdowns and for showing names instead of ids. */
export function useLookups() {
  const models = useGetList<ModelOption>('models', { ...ALL, sort: { field: 'name', order: 'ASC' } }, { onError: logModelsFailure });
  const biasGroups = useGetList<BiasGroupOption>('logit-bias-groups', { ...ALL, sort: { field: 'name', order: 'ASC' } });
  const modelName = (id: string) => models.data?.find((m) => m.id === id)?.name ?? '—';
  const biasName = (id: string | null, none: string) => (id ? (biasGroups.data?.find((g) => g.id === id)?.name ?? '—') : none);
  return { models: models.data ?? [], biasGroups: biasGroups.data ?? [], modelName, biasName, isPending: models.isPending || biasGroups.isPending };
}

/** Spec §2: a model is shown as its name plus its output model. */
export function modelLabel(model: ModelOption, notTuned: string): string {
  return `${model.name} (${model.output_model ?? notTuned})`;
}
