import type { TrainingJob } from '../training/types';

/**
 * A section not written as it asks: settings its model refused (and OpenAI's words for each), and
 * for a word list kept by instructions, the words that made Quire write it once more and those still in it.
 */
export interface OmittedParameters {
  position: number;
  section: string;
  model: string;
  parameters: string[];
  reasons: Record<string, string>;
  rewritten: string[];
  slipped: string[];
}

/** OpenAI's statuses of a batch, and `preparing` while Quire makes it. */
export type BatchStatus = 'preparing' | 'validating' | 'in_progress' | 'finalizing' | 'completed' | 'failed' | 'expired' | 'cancelling' | 'cancelled';

/** Issue 30: a bulk template's article in its batches (one round per section); its current batch's state and counts. */
export interface BulkProgress {
  round: number;
  /** null: the section waits for the next batch file. */
  batch_status: BatchStatus | null;
  total: number;
  completed: number;
  failed: number;
  expected_at: string | null;
  expires_at: string | null;
}

/** One History entry as GET /api/history lists it (spec §3). */
export interface HistoryEntry {
  id: string;
  _id: string;
  _type: 'generation' | 'training';
  title: string;
  status: string;
  article_type: string | null;
  job_type: string | null;
  timestamp: string | null;
  startedAt: string | null;
  completedAt: string | null;
  message: string | null;
  meta: {
    viewUrl?: string | null;
    sectionsDone?: number;
    sectionsTotal?: number;
    tokens?: number;
    durationMs?: number | null;
    omittedParameters?: OmittedParameters[];
    /** Generation only: null for an article written at once. */
    bulk?: BulkProgress | null;
  };
}

/** One section as written: the request as sent and what it spent (GET /api/history/{id}). */
export interface HistorySection {
  position: number;
  heading: string;
  content: string;
  model: string | null;
  temperature: number | null;
  reasoning_effort: string | null;
  logit_bias_group: string | null;
  system_message: string | null;
  user_message: string | null;
  prompt_tokens: number | null;
  completion_tokens: number | null;
  cached_tokens: number;
  reasoning_tokens: number;
  cost_usd: number | null;
  duration_ms: number | null;
  /** The version of its section the article's entry equalled when this was written; null when none. */
  section_version: number | null;
  /** The examples of its example set sent with it (issue 25), nearest first; [] for an empty set; null: no set (or absent). */
  examples?: { uuid: string; words: string }[] | null;
  /** Issue 30: written through OpenAI's Batch API; its cost_usd is already the batch price (half). */
  batch?: boolean;
}

/** GET /api/history/{id}: the entry, plus what it wrote (generation) or its job (training). */
export interface HistoryDetail extends HistoryEntry {
  sections?: HistorySection[];
  usage?: { prompt_tokens: number; completion_tokens: number; cost_usd: number | null };
  notion_url?: string;
  doc_url?: string | null;
  stopped_at?: { position: number | null; reason: string };
  job?: TrainingJob;
}

/** Queued or running: the screens follow it until it ends. */
export const isOpen = (entry: { status: string } | undefined) => entry?.status === 'queued' || entry?.status === 'running';

export const STATUS_COLOR: Record<string, 'success' | 'error' | 'info' | 'default'> = { completed: 'success', failed: 'error', running: 'info' };
