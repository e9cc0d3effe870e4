import { Injectable } from '@nestjs/common';
import { IntegrationError } from '../../common/integration-error';
import { isOpenAiApiError, OpenAiClientFactory, openAiCode, openAiError, openAiSdk, openAiWords } from './openai.client';

export type RemoteStatus = 'validating_files' | 'queued' | 'running' | 'pausing' | 'paused' | 'succeeded' | 'failed' | 'cancelled';

export interface RemoteFineTuneJob {
  id: string;
  status: RemoteStatus;
  trainingFile: string;
  fineTunedModel: string | null;
  trainedTokens: number | null;
  error: string | null;
}

/**
 * A create call whose outcome is unknown: no answer (a timeout or a dropped connection) or one
 * that does not say the job was refused (a 5xx, a lock timeout, a passing rate limit). OpenAI may
 * have created the job all the same, so it must be looked for before creating another.
 */
export class FineTuneCreateUnconfirmed extends Error {
  constructor(readonly failure: unknown) {
    super('OpenAI did not confirm the fine-tune job');
  }
}

/** Whether a failed create may still have created the job (see FineTuneCreateUnconfirmed). */
export function createOutcomeUnknown(error: unknown): boolean {
  if (error instanceof Error && error instanceof openAiSdk().APIConnectionError) return true;
  if (!isOpenAiApiError(error) || error.status === undefined) return false;
  if (error.status === 429) return openAiCode(error) !== 'insufficient_quota';
  return error.status === 408 || error.status === 409 || error.status >= 500;
}

/** OpenAI's code for a base model it does not fine-tune (one that cannot be, or does not exist). */
const MODEL_NOT_AVAILABLE = 'model_not_available';

/** Recent jobs looked through for one on a training file: a job created seconds ago is among them. */
const RECENT_JOBS = 50;

/** The fine-tuning part of OpenAI's API, through the official SDK. */
@Injectable()
export class OpenAiFineTuning {
  constructor(private readonly clients: OpenAiClientFactory) {}

  async uploadTrainingFile(apiKey: string, jsonl: string, filename: string): Promise<string> {
    try {
      const file = await this.clients
        .create(apiKey)
        .files.create({ file: await openAiSdk().toFile(Buffer.from(jsonl, 'utf8'), filename, { type: 'application/jsonl' }), purpose: 'fine-tune' });
      return file.id;
    } catch (error) {
      throw openAiError(error, 'upload the training file');
    }
  }

  /**
   * One create call, never retried here: a retry after a lost answer would start a second paid job.
   * An answer that leaves the outcome open is a FineTuneCreateUnconfirmed; the caller looks for the
   * job on the training file (findJobOnFile) before it tries again.
   */
  async createJob(apiKey: string, job: { trainingFile: string; model: string; suffix: string }): Promise<RemoteFineTuneJob> {
    try {
      const created = await this.clients.create(apiKey, 0).fineTuning.jobs.create({ training_file: job.trainingFile, model: job.model, suffix: job.suffix });
      return this.toRemote(created);
    } catch (error) {
      if (createOutcomeUnknown(error)) throw new FineTuneCreateUnconfirmed(error);
      // 403: OpenAI will not fine-tune for this account (the wind-down), whatever the model or file.
      if (isOpenAiApiError(error) && error.status === 403) throw new FineTuningRefused(openAiWords(error) ?? 'it answered HTTP 403', null);
      // 400 model_not_available: not this base model, whatever the file ("Model gpt-5 is not available for fine-tuning or does not exist.").
      if (isOpenAiApiError(error) && error.status === 400 && openAiCode(error) === MODEL_NOT_AVAILABLE) {
        throw new FineTuningRefused(openAiWords(error) ?? `it answered HTTP 400 ${MODEL_NOT_AVAILABLE}`, job.model);
      }
      throw openAiError(error, 'create the fine-tune job');
    }
  }

  /** The job OpenAI created on this training file, among the most recent ones, if any. */
  async findJobOnFile(apiKey: string, trainingFile: string): Promise<RemoteFineTuneJob | null> {
    try {
      const page = await this.clients.create(apiKey).fineTuning.jobs.list({ limit: RECENT_JOBS });
      const found = page.data.find((job) => job.training_file === trainingFile);
      return found ? this.toRemote(found) : null;
    } catch (error) {
      throw openAiError(error, 'look for the fine-tune job it may have created');
    }
  }

  async retrieveJob(apiKey: string, id: string): Promise<RemoteFineTuneJob> {
    try {
      return this.toRemote(await this.clients.create(apiKey).fineTuning.jobs.retrieve(id));
    } catch (error) {
      throw openAiError(error, 'check the fine-tune job');
    }
  }

  async cancelJob(apiKey: string, id: string): Promise<RemoteFineTuneJob> {
    try {
      return this.toRemote(await this.clients.create(apiKey).fineTuning.jobs.cancel(id));
    } catch (error) {
      throw openAiError(error, 'cancel the paused fine-tune job');
    }
  }

  /** Best effort: a file left behind by a failed start costs storage, not correctness. */
  async deleteFile(apiKey: string, id: string): Promise<void> {
    await this.clients
      .create(apiKey)
      .files.delete(id)
      .catch(() => undefined);
  }

  /**
   * Deletes a fine-tuned model; one OpenAI no longer knows is already gone. Only an Owner of the
   * OpenAI organization may delete a model: a 403 says so.
   */
  async deleteModel(apiKey: string, model: string): Promise<void> {
    try {
      await this.clients.create(apiKey).models.delete(model);
    } catch (error) {
      if (isOpenAiApiError(error) && error.status === 404) return;
      if (isOpenAiApiError(error) && error.status === 403) {
        const words = openAiWords(error);
        throw new IntegrationError(
          'OpenAI',
          `refused to delete the fine-tuned model ${model}: the API key saved on Home lacks the Owner role in its OpenAI organization, which deleting a model needs. The model is kept; delete it with an owner's key.${words ? ` OpenAI said: ${words}` : ''}`,
          403,
        );
      }
      throw openAiError(error, `delete the fine-tuned model ${model}`);
    }
  }

  private toRemote(job: {
    id: string;
    status: string;
    training_file: string;
    fine_tuned_model: string | null;
    trained_tokens: number | null;
    error?: { message?: string } | null;
  }): RemoteFineTuneJob {
    return {
      id: job.id,
      status: job.status as RemoteStatus,
      trainingFile: job.training_file,
      fineTunedModel: job.fine_tuned_model,
      trainedTokens: job.trained_tokens,
      error: job.error?.message || null,
    };
  }
}

/**
 * OpenAI refuses to create fine-tuning jobs for this account (self-serve fine-tuning is being wound
 * down; `model` null), or on this base model as sent (`model`): its words, kept for the dialog.
 */
export class FineTuningRefused extends IntegrationError {
  constructor(
    readonly words: string,
    readonly model: string | null,
  ) {
    super('OpenAI', `refused to create the fine-tune job: ${words}`, model ? 400 : 403);
  }
}
