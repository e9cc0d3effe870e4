import type { BatchScriptEntry } from './batch-clock';
import type { BatchError, BatchLine } from './openai-batch-input';

/**
 * A batch of OpenAiFake's as the fake keeps it (openai-batches.ts moves it through its statuses),
 * and as the Batch API shows it: OpenAI's `Batch` object, in the shape of OpenAI's OpenAPI document.
 */

/** What the next created batch does, instead of running its lines to completion (see OpenAiFake.batchScript). */
export type { BatchScriptEntry };

export type BatchStatus = 'validating' | 'failed' | 'in_progress' | 'finalizing' | 'completed' | 'expired' | 'cancelling' | 'cancelled';

/** A line that was executed: the chat route's answer to it. */
export interface BatchLineResult {
  customId: string;
  /** The HTTP status the chat route answered (200, or the refusal's). */
  status: number;
  body: unknown;
  /** When it was executed (ms since the epoch): on the batch's schedule, however late the fake was asked. */
  at: number;
}

/** The fake's record of one batch; times are milliseconds since the epoch (the API answers whole seconds). */
export interface BatchRecord {
  id: string;
  /** Creation order, which breaks ties between events due at the same instant. */
  seq: number;
  inputFileId: string;
  endpoint: string;
  completionWindow: string;
  metadata: Record<string, string> | null;
  /** The output and error files' expiry, in seconds after their creation (`output_expires_after`), or null. */
  outputExpiresAfter: number | null;
  /** `batchLatencyMs` when the batch was created: its whole run, from created to completed. */
  latencyMs: number;
  /** The batchScript entry it took, if any. */
  script: BatchScriptEntry;
  /** released by releaseBatch (a held batch runs to completion). */
  released: boolean;
  /** What validation will find, worked out at creation and made known at the end of validating. */
  parsed: { lines: BatchLine[]; errors: BatchError[]; model: string | null };
  status: BatchStatus;
  /** The lines' model, once validated. */
  model: string | null;
  /** The lines to execute, once validated (in file order). */
  lines: BatchLine[];
  errors: BatchError[] | null;
  /** The executed lines, in the order they were executed (lines[0..results.length-1]). */
  results: BatchLineResult[];
  createdAt: number;
  inProgressAt: number | null;
  finalizingAt: number | null;
  completedAt: number | null;
  failedAt: number | null;
  expiredAt: number | null;
  cancellingAt: number | null;
  cancelledAt: number | null;
  /** When the lines' schedule (re)started — in_progress_at, or the release of a held batch — and how many lines were done then. */
  resumeAt: number;
  resumedFrom: number;
  /** When the last line was executed (in_progress_at before the first). */
  lastLineAt: number;
  outputFileId: string | null;
  errorFileId: string | null;
}

/** A chat.completion's usage, which a batch's `usage` sums (as input_tokens, output_tokens and their details). */
interface ChatUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  prompt_tokens_details?: { cached_tokens?: number };
  completion_tokens_details?: { reasoning_tokens?: number };
}

/** The completion window: a batch not done within 24 hours expires. */
export const WINDOW_MS = 86_400_000;

const seconds = (ms: number | null) => (ms === null ? null : Math.floor(ms / 1000));

/** The batch object, as OpenAI's `Batch`: every field, null where not (yet) set, as OpenAI writes them. */
export function batchBody(record: BatchRecord) {
  const succeeded = record.results.filter((result) => result.status === 200);
  const usage = {
    input_tokens: 0,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: 0,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: 0,
  };
  for (const result of succeeded) {
    const used = (result.body as { usage?: ChatUsage }).usage;
    if (!used) continue;
    usage.input_tokens += used.prompt_tokens;
    usage.input_tokens_details.cached_tokens += used.prompt_tokens_details?.cached_tokens ?? 0;
    usage.output_tokens += used.completion_tokens;
    usage.output_tokens_details.reasoning_tokens += used.completion_tokens_details?.reasoning_tokens ?? 0;
    usage.total_tokens += used.total_tokens;
  }
  return {
    id: record.id,
    object: 'batch',
    endpoint: record.endpoint,
    model: record.model,
    errors: record.errors ? { object: 'list', data: record.errors } : null,
    input_file_id: record.inputFileId,
    completion_window: record.completionWindow,
    status: record.status,
    output_file_id: record.outputFileId,
    error_file_id: record.errorFileId,
    created_at: seconds(record.createdAt),
    in_progress_at: seconds(record.inProgressAt),
    expires_at: seconds(record.createdAt + WINDOW_MS),
    finalizing_at: seconds(record.finalizingAt),
    completed_at: seconds(record.completedAt),
    failed_at: seconds(record.failedAt),
    expired_at: seconds(record.expiredAt),
    cancelling_at: seconds(record.cancellingAt),
    cancelled_at: seconds(record.cancelledAt),
    request_counts: {
      total: record.lines.length,
      completed: succeeded.length,
      failed: record.results.length - succeeded.length,
    },
    usage,
    metadata: record.metadata,
  };
}
