import { useQuery } from '@tanstack/react-query';
import { api } from '../../api';
import { isOpenJob, TrainingJob } from './types';

export const JOB_REFRESH_MS = 2000;

/** One training job, fetched again every 2 s while it is queued or running. */
export function useTrainingJob(id: string | undefined) {
  return useQuery({
    queryKey: ['training-job', id],
    queryFn: () => api<TrainingJob>(`/api/training-jobs/${encodeURIComponent(id ?? '')}`),
    enabled: !!id,
    refetchInterval: (query) => (isOpenJob(query.state.data) ? JOB_REFRESH_MS : false),
  });
}
