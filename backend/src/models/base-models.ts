/** Spec §9: the base models a new model may be built on; the first is the default. */
export const BASE_MODELS = ['gpt-4o', 'gpt-4', 'gpt-4-32k', 'gpt-3.5-turbo', 'gpt-3.5-turbo-16k'] as const;
export type BaseModel = (typeof BASE_MODELS)[number];

/** The snapshot OpenAI fine-tunes for each listed alias (an alias itself is not fine-tunable). */
export const FINE_TUNE_SNAPSHOTS: Record<BaseModel, string> = {
  'gpt-4o': 'gpt-4o-2024-08-06',
  'gpt-4': 'gpt-4-0613',
  'gpt-4-32k': 'gpt-4-32k-0613',
  'gpt-3.5-turbo': 'gpt-3.5-turbo-0125',
  'gpt-3.5-turbo-16k': 'gpt-3.5-turbo-0125',
};

export function fineTuneSnapshot(baseModel: string): string {
  return FINE_TUNE_SNAPSHOTS[baseModel as BaseModel] ?? baseModel;
}
