import type { Api, Schemas } from '../../api/client';

/**
 * A section not written as it asks: settings its model refused (and OpenAI's words for each), and
 * for a word list kept by instructions, the words that made Quire write it once more and those still in it.
 */
export type OmittedParameters = Schemas['OmittedParametersResponse'];

/** A bulk template's article in its batches (one round per section); its current batch's state and counts. */
export type BulkProgress = Schemas['BulkProgressResponse'];
/** OpenAI's statuses of a batch, and `preparing` while Quire makes it. */
export type BatchStatus = NonNullable<BulkProgress['batch_status']>;

/** One History entry as GET /api/history lists it (spec §3). */
export type HistoryEntry = Api<'HistoryResponse'>;

/** One section as written: the request as sent and what it spent (GET /api/history/{id}). */
export type HistorySection = Schemas['HistorySectionResponse'];

/** GET /api/history/{id}: the entry, plus what it wrote (generation) or its job (training). */
export type HistoryDetail = Api<'HistoryDetailResponse'>;

/** Queued or running: the screens follow it until it ends. */
export const isOpen = (entry: { status: string } | undefined) => entry?.status === 'queued' || entry?.status === 'running';

export const STATUS_COLOR: Record<string, 'success' | 'error' | 'info' | 'default'> = { completed: 'success', failed: 'error', running: 'info' };
