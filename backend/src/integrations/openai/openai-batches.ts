import { Injectable } from '@nestjs/common';
import type { Batch } from 'openai/resources/batches';
import { OpenAiClientFactory, openAiError, openAiSdk } from './openai.client';
import { createOutcomeUnknown } from './openai-fine-tuning';

/** What Quire keeps of an OpenAI batch. */
export interface RemoteBatch {
  id: string;
  status: Batch['status'];
  total: number;
  completed: number;
  failed: number;
  outputFileId: string | null;
  errorFileId: string | null;
  /** Seconds since the epoch, as OpenAI gives them. */
  inProgressAt: number | null;
  expiresAt: number | null;
  /** A failed batch's errors, in OpenAI's words, and the first one's code. */
  error: string | null;
  errorCode: string | null;
  metadata: Record<string, string> | null;
}

/** A create whose answer was lost: OpenAI may have made the batch, so it is looked for (by its metadata) before another is made. */
export class BatchCreateUnconfirmed extends Error {
  constructor(readonly failure: unknown) {
    super('OpenAI did not confirm the batch');
  }
}

/** Recent batches looked through for one Quire made but never heard back about. */
const RECENT_BATCHES = 100;

/**
 * OpenAI's Batch API through the official SDK: a JSONL file of chat requests uploaded
 * with purpose `batch`, a batch made from it on `/v1/chat/completions` within `24h`, then read
 * back until it ends; its output and error files are read whole.
 */
@Injectable()
export class OpenAiBatches {
  constructor(private readonly clients: OpenAiClientFactory) {}

  async upload(apiKey: string, jsonl: string, filename: string): Promise<string> {
    try {
      const file = await this.clients
        .create(apiKey)
        .files.create({ file: await openAiSdk().toFile(Buffer.from(jsonl, 'utf8'), filename, { type: 'application/jsonl' }), purpose: 'batch' });
      return file.id;
    } catch (error) {
      throw openAiError(error, 'upload the batch file');
    }
  }

  /** One create call, never retried here (a retry after a lost answer would run the file twice): see BatchCreateUnconfirmed. */
  async create(apiKey: string, inputFileId: string, quireBatchId: string): Promise<RemoteBatch> {
    try {
      const batch = await this.clients.create(apiKey, 0).batches.create({
        input_file_id: inputFileId,
        endpoint: '/v1/chat/completions',
        completion_window: '24h',
        metadata: { quire_batch: quireBatchId },
      });
      return toRemote(batch);
    } catch (error) {
      if (createOutcomeUnknown(error)) throw new BatchCreateUnconfirmed(error);
      throw openAiError(error, 'create the batch');
    }
  }

  /** The batch Quire made as `quireBatchId`, among the most recent ones, if OpenAI has it. */
  async findMade(apiKey: string, quireBatchId: string): Promise<RemoteBatch | null> {
    try {
      const page = await this.clients.create(apiKey).batches.list({ limit: RECENT_BATCHES });
      const found = page.data.find((batch) => batch.metadata?.quire_batch === quireBatchId);
      return found ? toRemote(found) : null;
    } catch (error) {
      throw openAiError(error, 'look for the batch it may have made');
    }
  }

  async retrieve(apiKey: string, batchId: string): Promise<RemoteBatch> {
    try {
      return toRemote(await this.clients.create(apiKey).batches.retrieve(batchId));
    } catch (error) {
      throw openAiError(error, 'read the batch');
    }
  }

  async cancel(apiKey: string, batchId: string): Promise<RemoteBatch> {
    try {
      return toRemote(await this.clients.create(apiKey).batches.cancel(batchId));
    } catch (error) {
      throw openAiError(error, 'cancel the batch');
    }
  }

  /** A file's lines, each parsed (an output or error file). */
  async lines(apiKey: string, fileId: string): Promise<Record<string, unknown>[]> {
    try {
      const text = await (await this.clients.create(apiKey).files.content(fileId)).text();
      return text
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    } catch (error) {
      throw openAiError(error, 'read the batch results');
    }
  }
}

function toRemote(batch: Batch): RemoteBatch {
  const errors = batch.errors?.data ?? [];
  return {
    id: batch.id,
    status: batch.status,
    total: batch.request_counts?.total ?? 0,
    completed: batch.request_counts?.completed ?? 0,
    failed: batch.request_counts?.failed ?? 0,
    outputFileId: batch.output_file_id ?? null,
    errorFileId: batch.error_file_id ?? null,
    inProgressAt: batch.in_progress_at ?? null,
    expiresAt: batch.expires_at ?? null,
    error: errors.length > 0 ? errors.map((e) => `${e.message ?? e.code}${e.line != null ? ` (line ${e.line})` : ''}`).join(' ') : null,
    errorCode: errors[0]?.code ?? null,
    metadata: (batch.metadata as Record<string, string> | null) ?? null,
  };
}
