/** Spec §9: the base models a new model may be built on, in this order; the first is the default. */
export const SPEC_BASE_MODELS = ['gpt-4o', 'gpt-4', 'gpt-4-32k', 'gpt-3.5-turbo', 'gpt-3.5-turbo-16k'] as const;
