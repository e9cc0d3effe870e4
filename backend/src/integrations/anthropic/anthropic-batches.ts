import type Anthropic from '@anthropic-ai/sdk';
import type { MessageBatch, MessageBatchIndividualResponse } from '@anthropic-ai/sdk/resources/messages/batches';
import type { MessageCreateParamsNonStreaming } from '@anthropic-ai/sdk/resources/messages/messages';
import { anthropicError, anthropicRefusal } from './anthropic.client';

/** What Quire keeps of one of Anthropic's message batches. */
export interface RemoteMessageBatch {
  id: string;
  status: MessageBatch['processing_status'];
  /** Its requests, whatever their state. */
  total: number;
  /** Anthropic's counts: all `processing` until the whole batch has ended. */
  succeeded: number;
  errored: number;
  canceled: number;
  expired: number;
  createdAt: Date;
  /** The end of its 24 hours. */
  expiresAt: Date;
  endedAt: Date | null;
  cancelInitiatedAt: Date | null;
}

/** One request of a batch: its custom_id (`^[a-zA-Z0-9_-]{1,64}$`, unique in the batch) and the Messages API's params. */
export interface MessageBatchRequest {
  custom_id: string;
  params: MessageCreateParamsNonStreaming;
}

/** One line of a batch's results: a request's custom_id and what became of it (succeeded, errored, canceled, expired). */
export type MessageBatchResultLine = MessageBatchIndividualResponse;

/** A client of the provider's key, with as many retries as asked (a create is sent once: see createMessageBatch). */
export type AnthropicLink = (maxRetries: number) => Anthropic;

/** A create whose answer was lost: Anthropic may have made the batch, so it is looked for before another is made. */
export class MessageBatchCreateUnconfirmed extends Error {
  constructor(readonly failure: unknown) {
    super('Anthropic did not confirm the message batch');
  }
}

/** The HTTP status of an errored request's error type (a batch's results carry the type alone), as Anthropic answers it at once. */
const ERROR_STATUS: Record<string, number> = {
  invalid_request_error: 400,
  authentication_error: 401,
  billing_error: 402,
  permission_error: 403,
  not_found_error: 404,
  request_too_large: 413,
  rate_limit_error: 429,
  api_error: 500,
  timeout_error: 504,
  overloaded_error: 529,
};

/** The status a request refused in a batch would have been answered with at once (500 for a type Quire does not know). */
export function errorStatus(type: string): number {
  return ERROR_STATUS[type] ?? 500;
}

/** How far Anthropic's clock and Quire's may differ, and a create may take, when a batch made but unconfirmed is looked for. */
const CREATE_WINDOW_MS = 10 * 60_000;

/** Whether a failed create may still have made the batch: no answer, a timeout, a conflict or a server error (not 529, which runs nothing). */
function createOutcomeUnknown(error: unknown): boolean {
  const refusal = anthropicRefusal(error);
  if (!refusal) return true;
  return refusal.status === 408 || refusal.status === 409 || (refusal.status >= 500 && refusal.status !== 529);
}

/**
 * The batch of these requests, sent once and never retried here: a retry after a lost answer
 * would run them twice (see MessageBatchCreateUnconfirmed). A refusal is thrown in Anthropic's words.
 */
export async function createMessageBatch(link: AnthropicLink, requests: MessageBatchRequest[]): Promise<RemoteMessageBatch> {
  try {
    return toRemote(await link(0).messages.batches.create({ requests }));
  } catch (error) {
    if (createOutcomeUnknown(error)) throw new MessageBatchCreateUnconfirmed(error);
    throw anthropicError(error, 'create the message batch');
  }
}

export async function retrieveMessageBatch(link: AnthropicLink, id: string): Promise<RemoteMessageBatch> {
  try {
    return toRemote(await link(2).messages.batches.retrieve(id));
  } catch (error) {
    throw anthropicError(error, 'read the message batch');
  }
}

export async function cancelMessageBatch(link: AnthropicLink, id: string): Promise<RemoteMessageBatch> {
  try {
    return toRemote(await link(2).messages.batches.cancel(id));
  } catch (error) {
    throw anthropicError(error, 'cancel the message batch');
  }
}

/**
 * An ended batch's results, read as they stream (one JSON line per request, in no particular
 * order): each handed to `each` before the next is read, so a large batch is never held whole.
 */
export async function readMessageBatchResults(link: AnthropicLink, id: string, each: (line: MessageBatchResultLine) => Promise<void>): Promise<void> {
  let lines: AsyncIterable<MessageBatchResultLine>;
  try {
    lines = await link(2).messages.batches.results(id);
  } catch (error) {
    throw anthropicError(error, 'read the message batch results');
  }
  for await (const line of lines) await each(line);
}

/** What is known of a batch whose create was sent but never answered. */
export interface UnconfirmedCreate {
  /** When the create was sent (by Quire's clock). */
  sentAt: Date;
  /** How many requests it held. */
  requests: number;
  /** Whether a batch of Anthropic's is one Quire already has a record of (so not this one). */
  known(batchId: string): Promise<boolean>;
  /** Whether a custom_id is one of this batch's requests (each names one section's attempt, only ever sent in one batch). */
  ours(customId: string): boolean;
}

/**
 * The batch a create whose answer was lost made, if Anthropic has it. A message batch carries no
 * metadata, so it is recognised by its requests: among the batches made around the create
 * (Anthropic lists the newest first), one Quire has no record of, with as many requests, whose
 * results name one of this batch's custom_ids. A candidate still processing has no results yet, so
 * cannot be told: `undecided` then, and the caller asks again later rather than make another.
 */
export async function findUnconfirmedMessageBatch(link: AnthropicLink, create: UnconfirmedCreate): Promise<RemoteMessageBatch | 'undecided' | null> {
  const since = create.sentAt.getTime() - CREATE_WINDOW_MS;
  const until = create.sentAt.getTime() + CREATE_WINDOW_MS;
  let undecided = false;
  try {
    for await (const batch of link(2).messages.batches.list({ limit: 100 })) {
      const created = Date.parse(batch.created_at);
      if (created < since) break;
      const remote = toRemote(batch);
      if (created > until || remote.total !== create.requests || (await create.known(batch.id))) continue;
      if (remote.status !== 'ended') {
        undecided = true;
        continue;
      }
      // One line tells: a custom_id of this batch's is in no other.
      for await (const line of await link(2).messages.batches.results(batch.id)) {
        if (create.ours(line.custom_id)) return remote;
        break;
      }
    }
  } catch (error) {
    throw anthropicError(error, 'look for the message batch it may have made');
  }
  return undecided ? 'undecided' : null;
}

function toRemote(batch: MessageBatch): RemoteMessageBatch {
  const counts = batch.request_counts;
  const date = (value: string | null) => (value ? new Date(value) : null);
  return {
    id: batch.id,
    status: batch.processing_status,
    total: counts.processing + counts.succeeded + counts.errored + counts.canceled + counts.expired,
    succeeded: counts.succeeded,
    errored: counts.errored,
    canceled: counts.canceled,
    expired: counts.expired,
    createdAt: new Date(batch.created_at),
    expiresAt: new Date(batch.expires_at),
    endedAt: date(batch.ended_at),
    cancelInitiatedAt: date(batch.cancel_initiated_at),
  };
}
