import { HistoryRow } from './history.repository';

/** Spec §3 History/job entry, with the progress of a running generation. */
export interface HistoryResponse {
  _id: string;
  _type: 'generation' | 'training';
  title: string;
  status: string;
  article_type: string | null;
  job_type: string | null;
  timestamp: Date;
  startedAt: Date | null;
  completedAt: Date | null;
  message: string | null;
  meta: { viewUrl: string | null; sectionsDone?: number; sectionsTotal?: number; tokens?: number; durationMs?: number | null };
}

export function toHistoryResponse(row: HistoryRow): HistoryResponse {
  return {
    _id: row.id,
    _type: row.type,
    title: row.title,
    status: row.status,
    article_type: row.article_type,
    job_type: row.job_type,
    timestamp: new Date(row.timestamp),
    startedAt: row.started_at ? new Date(row.started_at) : null,
    completedAt: row.completed_at ? new Date(row.completed_at) : null,
    message: row.message,
    meta:
      row.type === 'generation'
        ? {
            viewUrl: row.view_url,
            sectionsDone: row.sections_done ?? 0,
            sectionsTotal: row.sections_total ?? 0,
            tokens: row.tokens ?? 0,
            durationMs: row.started_at && row.completed_at ? new Date(row.completed_at).getTime() - new Date(row.started_at).getTime() : null,
          }
        : { viewUrl: row.view_url },
  };
}
