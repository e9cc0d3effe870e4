import { TrainingJobMeta, TrainingJobRow } from './training-jobs.schema';

export interface TrainingJobResponse {
  _id: string;
  _type: 'training';
  status: string;
  url: string;
  message: string | null;
  timestamp: Date;
  startedAt: Date | null;
  completedAt: Date | null;
  meta: TrainingJobMeta;
}

export function toTrainingJobResponse(row: TrainingJobRow): TrainingJobResponse {
  return {
    _id: row.id,
    _type: 'training',
    status: row.status,
    url: row.url,
    message: row.message,
    timestamp: row.timestamp,
    startedAt: row.startedAt,
    completedAt: row.completedAt,
    meta: row.meta,
  };
}
