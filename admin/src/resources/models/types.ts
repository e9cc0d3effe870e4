import type { Api, Schemas } from '../../api/client';

export type Eligibility = Schemas['EligibilityResponse'];

export type Model = Api<'ModelResponse'>;

export type FineTuneJob = Api<'FineTuneJobResponse'>;

export type TrainingJob = Api<'TrainingJobResponse'>;

/** Spec §7: the model name in lower case with whitespace turned to underscores. */
export const fineTuneSuffix = (name: string) => name.toLowerCase().replace(/\s+/g, '_');
