import { useEffect, useState } from 'react';
import { useGetList } from 'react-admin';
import { TrainingModel } from './types';

/** The "Existing Models" of the wizard; a model created in the wizard is appended. */
export function useModelChoices() {
  const { data = [], error } = useGetList<TrainingModel & { id: string }>('models', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'date_created', order: 'DESC' },
  });
  const [appended, setAppended] = useState<TrainingModel[]>([]);
  // Spec §8: a failure to load models is only logged.
  useEffect(() => void (error && console.error('Failed to load models', error)), [error]);

  const models = [...data, ...appended.filter((m) => !data.some((l) => l._id === m._id))];
  const append = (model: TrainingModel) => setAppended((list) => [...list.filter((m) => m._id !== model._id), model]);
  return { models, append };
}
