import { useEffect, useState } from 'react';
import { useGetList } from 'react-admin';
import { FineTuneJob, Model, TrainingJob } from './types';

const ALL = { pagination: { page: 1, perPage: 1000 } };
/** Jobs whose status is about to change; a paused one waits at OpenAI for someone to resume it. */
const isOpen = (job: { status: string }) => ['queued', 'running', 'pausing'].includes(job.status);

/** The three lists of the Models screen, refreshed every 5 s while a fine-tune or training job is open. */
export function useModelsData() {
  const [following, setFollowing] = useState(false);
  const options = { refetchInterval: following ? 5000 : (false as const) };
  const models = useGetList<Model>('models', { ...ALL, sort: { field: 'date_created', order: 'DESC' } }, options);
  const jobs = useGetList<FineTuneJob>('fine-tune-jobs', { ...ALL, sort: { field: 'created_at', order: 'DESC' } }, options);
  const training = useGetList<TrainingJob>('training-jobs', { ...ALL, sort: { field: 'timestamp', order: 'DESC' } }, options);

  useEffect(() => setFollowing((jobs.data ?? []).some(isOpen) || (training.data ?? []).some(isOpen)), [jobs.data, training.data]);
  // Spec §8: a failure loading models (or their jobs) is only logged to the console.
  useEffect(() => void (models.error && console.error('Failed to load models', models.error)), [models.error]);
  useEffect(() => void (jobs.error && console.error('Failed to load fine-tune jobs', jobs.error)), [jobs.error]);
  useEffect(() => void (training.error && console.error('Failed to load training jobs', training.error)), [training.error]);

  const reload = async () => {
    await Promise.all([models.refetch(), jobs.refetch(), training.refetch()]);
  };
  return { models, jobs, training, reload };
}
