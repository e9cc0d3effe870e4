import type { TypedApi } from '../../api/client';
import type { TrainingSnapshot } from './types';

export const trainingApi = (api: TypedApi) => ({
  submitTrainingUrl: (url: string) => api.post('/api/training-jobs/submit-url', { body: { url } }),
  /** The snapshots' content blocks as @quire/shared types them: the document can only flatten their union. */
  getTrainingSnapshots: (query: Record<string, string>) => api.get('/api/training-snapshots', { query }) as Promise<TrainingSnapshot[]>,
});
