import { useEffect, useState } from 'react';
import { api } from '../../api';
import { TrainingModel } from './types';

/** The "Existing Models" of the wizard; a model created in the wizard is appended. */
export function useModelChoices() {
  const [models, setModels] = useState<TrainingModel[]>([]);

  useEffect(() => {
    let live = true;
    api<TrainingModel[]>('/api/models')
      .then((list) => live && setModels((appended) => [...list, ...appended.filter((m) => !list.some((l) => l._id === m._id))]))
      // Spec §8: a failure to load models is only logged.
      .catch((error) => console.error('Failed to load models', error));
    return () => {
      live = false;
    };
  }, []);

  const append = (model: TrainingModel) => setModels((list) => [...list.filter((m) => m._id !== model._id), model]);
  return { models, append };
}
