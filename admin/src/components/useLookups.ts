import { useGetList } from 'react-admin';
import type { Api } from '../api/client';

const ALL = { pagination: { page: 1, perPage: 1000 } };
/** Spec §8: a failure to load models is only logged to the console, never shown. */
const logModelsFailure = (error: unknown) => console.error('Failed to load models', error);

/** A model as the dropdowns read it (GET /api/models). */
export type ModelOption = Api<'ModelResponse'>;

export type BiasGroupOption = Api<'LogitBiasGroupResponse'>;

/** The user's models and bias word lists, for dropdowns and for showing names instead of ids. */
export function useLookups() {
  const models = useGetList<ModelOption>('models', { ...ALL, sort: { field: 'name', order: 'ASC' } }, { onError: logModelsFailure });
  const biasGroups = useGetList<BiasGroupOption>('logit-bias-groups', { ...ALL, sort: { field: 'name', order: 'ASC' } });
  const modelName = (id: string) => models.data?.find((m) => m.id === id)?.name ?? '—';
  const biasName = (id: string | null, none: string) => (id ? (biasGroups.data?.find((g) => g.id === id)?.name ?? '—') : none);
  return { models: models.data ?? [], biasGroups: biasGroups.data ?? [], modelName, biasName, isPending: models.isPending || biasGroups.isPending };
}

/** Spec §2: a model is shown as its name plus its output model; a model on another provider names its model and provider instead. */
export function modelLabel(model: ModelOption, notTuned: string): string {
  if (model.connection_id) return `${model.name} (${model.base_model} · ${model.connection_name}, ${model.vendor})`;
  return `${model.name} (${model.output_model ?? notTuned})`;
}
