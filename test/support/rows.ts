import type { GenerationJobRow } from '../../backend/src/generation/generation.schema';
import type { ModelWithState } from '../../backend/src/models/models.repository';
import type { Scope } from '../../backend/src/workspaces/scope';

/** The scope unit specs act in: operator user-1 in their personal workspace (which has their id). */
export const scope: Scope = { workspaceId: 'user-1', userId: 'user-1' };

/** A model row as the repository answers it (10 examples, never tuned), for unit specs. */
export function modelRow(overrides: Partial<ModelWithState> = {}): ModelWithState {
  return {
    id: 'model-1',
    workspaceId: 'user-1',
    createdBy: 'user-1',
    name: 'Reviews',
    baseModel: 'gpt-4o-mini',
    connectionId: null,
    outputModel: null,
    dateCreated: new Date(0),
    dateTuned: null,
    tokens: null,
    exampleCount: 10,
    latestJobStatus: null,
    ...overrides,
  };
}

/** A generation job as the repository answers it (running, first attempt, nothing written yet), for unit specs. */
export const generationJobRow = (overrides: Partial<GenerationJobRow> = {}): GenerationJobRow => ({
  id: 'job-1',
  workspaceId: 'user-1',
  createdBy: 'user-1',
  notionPageId: 'page-1',
  notionPageUrl: 'https://notion.so/page-1',
  pageProperties: {},
  title: 'Best laptops',
  status: 'running',
  articleType: null,
  message: null,
  sectionsTotal: 0,
  sectionsDone: 0,
  tokens: 0,
  viewUrl: null,
  docUrl: null,
  notionMarker: null,
  appended: false,
  omittedParameters: [],
  leaseUntil: null,
  attempts: 1,
  clientId: null,
  articleId: null,
  reservedUsd: null,
  spentUsd: 0,
  budgetWaiting: false,
  timestamp: new Date(0),
  startedAt: null,
  completedAt: null,
  ...overrides,
});
