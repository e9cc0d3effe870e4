// Spec §3's content blocks, section items and clustered pools, as the server defines them.
export type { ClusteredPool, ContentBlock, SectionItem } from '@quire/shared';
import type { ClusteredPool } from '@quire/shared';

export interface TrainingSnapshot {
  _id: string;
  jobId: string;
  createdAt: string;
  data: { sections: ClusteredPool; h1sAndIntros: ClusteredPool };
}

export type TrainingJobStatus = 'queued' | 'running' | 'completed' | 'failed';

export interface PoolCounts {
  clusters: number;
  subClusters: number;
}

export interface TrainingJob {
  _id: string;
  _type: 'training';
  status: TrainingJobStatus;
  url: string;
  message: string | null;
  timestamp: string;
  startedAt: string | null;
  completedAt: string | null;
  meta: {
    viewUrl?: string;
    progress?: { found: number; fetched: number; articles: number; sections: number };
    counts?: { h1sAndIntros: PoolCounts; sections: PoolCounts };
    rawMeta?: { uuid: string; url: string; createdAt: string };
    clusterSizes?: { sections: number[]; h1sAndIntros: number[] };
  };
}

/** A model as GET /api/models and GET /api/models/{id} answer it (the latter with examples). */
export interface TrainingModel {
  _id: string;
  name: string;
  base_model: string;
  examples?: { uuid: string }[];
}

export const isOpenJob = (job: { status: string } | undefined) => job?.status === 'queued' || job?.status === 'running';
