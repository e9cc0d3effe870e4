// Spec §3's content blocks, section items and clustered pools, as the server defines them.
export type { ClusteredPool, ContentBlock, SectionItem } from '@quire/shared';
import type { ClusteredPool } from '@quire/shared';
import type { Api, Schemas } from '../../api/client';

/** A job's clustered pools; their content blocks as @quire/shared defines them (the document flattens their union). */
export type TrainingSnapshot = Omit<Api<'TrainingSnapshotResponse'>, 'data'> & { data: { sections: ClusteredPool; h1sAndIntros: ClusteredPool } };

export type TrainingJobStatus = TrainingJob['status'];

export type PoolCounts = Schemas['PoolCountsResponse'];

export type TrainingJob = Api<'TrainingJobResponse'>;

/** A model as GET /api/models and GET /api/models/{id} answer it (the latter with examples). */
export type TrainingModel = Api<'ModelResponse'>;

export const isOpenJob = (job: { status: string } | undefined) => job?.status === 'queued' || job?.status === 'running';
