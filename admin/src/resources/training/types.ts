/** Spec §3 "Content block types": p, h3, blockquote and code carry text; ul and ol a list of items. */
export type ContentBlock =
  | { type: 'p' | 'h1' | 'h2' | 'h3' | 'blockquote' | 'code'; text: string }
  | { type: 'ul' | 'ol'; items: string[] }
  | { type: 'hr' };

/** Spec §3 "Section item": one entry of a cluster. */
export interface SectionItem {
  /** `yyyy-MM-dd`, or null when the page gave no date. */
  published_date: string | null;
  /** Normalised: lower case, numbering and trailing punctuation removed. */
  heading: string;
  originalHeading: string;
  children: ContentBlock[];
  uuid: string;
  article_uuid: string | null;
}

/** A clustered pool: `clusters[c]` is cluster c's items; `subClusters[c][s]` positions within it. */
export interface ClusteredPool {
  clusters: SectionItem[][];
  subClusters: number[][][];
}

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

/** The server's `message` of a failed call, when it gave one. */
export function serverMessage(failure: unknown): string | undefined {
  const message = (failure as { body?: { message?: unknown } | null } | null)?.body?.message;
  const text = Array.isArray(message) ? message.filter((m) => typeof m === 'string').join(' ') : message;
  return typeof text === 'string' && text.trim() ? text : undefined;
}
