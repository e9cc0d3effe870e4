import { useEffect, useState } from 'react';
import { useGetList } from 'react-admin';
import { TrainingModel } from './types';

/**
 * The "Existing Models" of the wizard; a model created in the wizard is appended (spec §4), and
 * stays last when the list is read again (it would sort first, as the newest).
 */
export function useModelChoices() {
  const { data = [], error } = useGetList<TrainingModel & { id: string }>('models', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'date_created', order: 'DESC' },
  });
  const [appended, setAppended] = useState<TrainingModel[]>([]);
  // Spec §8: a failure to load models is only logged.
  useEffect(() => void (error && console.error('Failed to load models', error)), [error]);

  const models = [...data.filter((model) => !appended.some((m) => m._id === model._id)), ...appended];
  const append = (model: TrainingModel) => setAppended((list) => [...list.filter((m) => m._id !== model._id), model]);
  return { models, append };
}
