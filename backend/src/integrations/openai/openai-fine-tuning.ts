import { Injectable } from '@nestjs/common';
import { APIError, toFile } from 'openai';
import { OpenAiClientFactory, openAiError } from './openai.client';

export interface RemoteFineTuneJob {
  id: string;
  status: 'validating_files' | 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';
  fineTunedModel: string | null;
  trainedTokens: number | null;
  error: string | null;
}

/** The fine-tuning part of OpenAI's API, through the official SDK. */
@Injectable()
export class OpenAiFineTuning {
  constructor(private readonly clients: OpenAiClientFactory) {}

  async uploadTrainingFile(apiKey: string, jsonl: string, filename: string): Promise<string> {
    try {
      const file = await this.clients
        .create(apiKey)
        .files.create({ file: await toFile(Buffer.from(jsonl, 'utf8'), filename, { type: 'application/jsonl' }), purpose: 'fine-tune' });
      return file.id;
    } catch (error) {
      throw openAiError(error, 'upload the training file');
    }
  }

  async createJob(apiKey: string, job: { trainingFile: string; model: string; suffix: string }): Promise<RemoteFineTuneJob> {
    try {
      const created = await this.clients
        .create(apiKey)
        .fineTuning.jobs.create({ training_file: job.trainingFile, model: job.model, suffix: job.suffix });
      return this.toRemote(created);
    } catch (error) {
      throw openAiError(error, 'create the fine-tune job');
    }
  }

  async retrieveJob(apiKey: string, id: string): Promise<RemoteFineTuneJob> {
    try {
      return this.toRemote(await this.clients.create(apiKey).fineTuning.jobs.retrieve(id));
    } catch (error) {
      throw openAiError(error, 'check the fine-tune job');
    }
  }

  /** Best effort: a file left behind by a failed start costs storage, not correctness. */
  async deleteFile(apiKey: string, id: string): Promise<void> {
    await this.clients
      .create(apiKey)
      .files.delete(id)
      .catch(() => undefined);
  }

  /** Deletes a fine-tuned model; one OpenAI no longer knows is already gone. */
  async deleteModel(apiKey: string, model: string): Promise<void> {
    try {
      await this.clients.create(apiKey).models.delete(model);
    } catch (error) {
      if (error instanceof APIError && error.status === 404) return;
      throw openAiError(error, `delete the fine-tuned model ${model}`);
    }
  }

  private toRemote(job: {
    id: string;
    status: string;
    fine_tuned_model: string | null;
    trained_tokens: number | null;
    error?: { message?: string } | null;
  }): RemoteFineTuneJob {
    return {
      id: job.id,
      status: job.status as RemoteFineTuneJob['status'],
      fineTunedModel: job.fine_tuned_model,
      trainedTokens: job.trained_tokens,
      error: job.error?.message || null,
    };
  }
}
