import type { ModelWithState } from '../../backend/src/models/models.repository';

/** A model row as the repository answers it (10 examples, never tuned), for unit specs. */
export function modelRow(overrides: Partial<ModelWithState> = {}): ModelWithState {
  return {
    id: 'model-1',
    userId: 'user-1',
    name: 'Reviews',
    baseModel: 'gpt-4o-mini',
    outputModel: null,
    dateCreated: new Date(0),
    dateTuned: null,
    tokens: null,
    exampleCount: 10,
    latestJobStatus: null,
    ...overrides,
  };
}
