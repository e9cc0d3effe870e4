import { useGetOne } from 'react-admin';
import { isOpenJob, TrainingJob } from './types';

export const JOB_REFRESH_MS = 2000;

/** One training job, fetched again every 2 s while it is queued or running. */
export function useTrainingJob(id: string | undefined) {
  return useGetOne<TrainingJob & { id: string }>(
    'training-jobs',
    { id: id ?? '' },
    { enabled: !!id, refetchInterval: (query) => (isOpenJob(query.state.data) ? JOB_REFRESH_MS : false) },
  );
}
