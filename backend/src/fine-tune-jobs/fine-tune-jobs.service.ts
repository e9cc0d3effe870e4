import { Scope } from '../workspaces/scope';
import { ConflictException, Inject, Injectable, Logger } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { APP_CONFIG } from '../config/config.module';
import { AppConfig } from '../config/config';
import { IntegrationError } from '../common/integration-error';
import { ListQuery, Page } from '../common/list-query';
import { notYours } from '../common/validation';
import { FineTuneRefusalsRepository, refusalFor } from '../integrations/openai/fine-tune-refusals.repository';
import { fineTuneModelFor } from '../integrations/openai/model-catalogue';
import { openAiError } from '../integrations/openai/openai.client';
import { FineTuneCreateUnconfirmed, FineTuningRefused, OpenAiFineTuning, RemoteFineTuneJob, RemoteStatus } from '../integrations/openai/openai-fine-tuning';
import { canFineTune, FineTuneStatus } from '../models/model-eligibility';
import { ModelsRepository } from '../models/models.repository';
import { ModelsService } from '../models/models.service';
import { FineTuneJobsRepository } from './fine-tune-jobs.repository';
import { FineTuneJobRow } from './fine-tune-jobs.schema';
import { FineTuneJobResponse, toFineTuneJobResponse } from './fine-tune-jobs.dto';
import { toTrainingJsonl } from '../models/training-jsonl';
import { cleanSuffix } from './training-file';

/** How long a reserved job may wait for OpenAI's answer before the follower looks into it. */
const SUBMIT_GRACE_MS = 10 * 60 * 1000;
/** Create calls per start, each after making sure the one before created nothing. */
const CREATE_ATTEMPTS = 3;
const CREATE_RETRY_DELAY_MS = 1_000;

/**
 * OpenAI refused the operator's base model (400 model_not_available): their choice was refused and
 * nothing failed, so a 409 in OpenAI's words, the same whether just asked or remembered.
 */
const modelRefused = (refusal: FineTuningRefused) => new ConflictException(refusal.message);

/** OpenAI's job states in the ones the dashboard shows. */
export function localStatus(remote: RemoteStatus): FineTuneStatus {
  if (remote === 'succeeded') return 'completed';
  if (remote === 'failed' || remote === 'cancelled') return 'failed';
  if (remote === 'running' || remote === 'pausing' || remote === 'paused') return remote;
  return 'queued';
}

/** The outcome of a create call Quire could not confirm, and could not check either. */
export class FineTuneUnconfirmedError extends IntegrationError {
  constructor(trainingFile: string, reason: string) {
    super(
      'OpenAI',
      `did not confirm the fine-tune job (${reason}), and Quire could not check whether it was created. Quire keeps looking for a job on training file ${trainingFile} and follows it if it exists; do not start another meanwhile.`,
    );
  }
}

/** Starting OpenAI fine-tune jobs on a model's examples, and listing them. */
@Injectable()
export class FineTuneJobsService {
  private readonly logger = new Logger(FineTuneJobsService.name);

  constructor(
    private readonly jobs: FineTuneJobsRepository,
    private readonly models: ModelsService,
    private readonly modelRows: ModelsRepository,
    private readonly openAi: OpenAiFineTuning,
    private readonly refusals: FineTuneRefusalsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(scope: Scope, query: ListQuery): Promise<Page<FineTuneJobResponse>> {
    const page = await this.jobs.list(scope, query);
    return { ...page, rows: page.rows.map((job) => toFineTuneJobResponse(job, this.config.openAiPrices)) };
  }

  /**
   * Reserve the job, upload the examples as JSONL, create the OpenAI job (at most once). If OpenAI
   * refuses either step the reservation (and an uploaded file) is removed: nothing is half-saved.
   * Whether the base model (and the account) may be fine-tuned is OpenAI's to say: an alias the
   * table knows is sent as its fine-tunable snapshot, any other model as named. OpenAI's refusals
   * are kept per key, so the dialog says so next time: of the whole account (the wind-down), asked
   * again at every start; of the base model, answered at once while it holds, uploading nothing.
   */
  async start(scope: Scope, modelId: string, suffix: string): Promise<FineTuneJobResponse> {
    const model = await this.modelRows.findOwned(scope, modelId);
    if (!model) throw notYours('modelId', 'models');
    const eligibility = canFineTune(model);
    if (!eligibility.allowed) throw new ConflictException(eligibility.reason);
    const snapshot = fineTuneModelFor(model.baseModel);
    const apiKey = await this.models.requireOpenAiKey(scope);
    const known = refusalFor(await this.refusals.forKey(apiKey), snapshot);
    if (known?.model) throw modelRefused(new FineTuningRefused(known.message, known.model));
    if (model.latestJobStatus === 'paused') await this.cancelPaused(apiKey, modelId);
    const examples = await this.modelRows.examples(modelId);
    const cleaned = cleanSuffix(suffix);

    const reserved = await this.jobs.reserve({ scope, modelId, baseModel: snapshot, suffix: cleaned }, SUBMIT_GRACE_MS);
    if (!reserved) throw new ConflictException('A fine-tune job for this model is already queued or running.');
    let fileId: string | null = null;
    try {
      fileId = await this.openAi.uploadTrainingFile(apiKey, toTrainingJsonl(examples), `quire-${cleaned}.jsonl`);
      await this.jobs.recordTrainingFile(reserved.id, fileId);
      const remote = await this.createOnce(apiKey, { trainingFile: fileId, model: snapshot, suffix: cleaned });
      await this.refusals.clear(apiKey, snapshot);
      const submitted = await this.jobs.markSubmitted(reserved.id, {
        openAiJobId: remote.id,
        trainingFileId: fileId,
        status: localStatus(remote.status),
        nextCheckAt: new Date(Date.now() + this.config.fineTunePollSeconds * 1000),
      });
      return toFineTuneJobResponse({ ...submitted, modelName: model.name }, this.config.openAiPrices);
    } catch (error) {
      if (error instanceof FineTuneUnconfirmedError) {
        // OpenAI may hold the job: the reservation stays, and the follower looks for it on the file.
        await this.jobs.release(reserved.id, {
          status: 'queued',
          message: error.message,
          nextCheckAt: new Date(Date.now() + this.config.fineTunePollSeconds * 1000),
        });
        throw error;
      }
      if (error instanceof FineTuningRefused) await this.refusals.record(apiKey, error.model, error.words);
      if (fileId) await this.openAi.deleteFile(apiKey, fileId);
      await this.jobs.delete(reserved.id);
      throw error instanceof FineTuningRefused && error.model ? modelRefused(error) : error;
    }
  }

  /**
   * Creates the job without ever leaving a second one: a create call whose answer was lost (a
   * timeout, a dropped connection, a 5xx) may have created the job, so before trying again the
   * recent jobs are searched for one on the same training file.
   */
  private async createOnce(apiKey: string, request: { trainingFile: string; model: string; suffix: string }): Promise<RemoteFineTuneJob> {
    for (let attempt = 1; ; attempt++) {
      let unconfirmed: FineTuneCreateUnconfirmed;
      try {
        return await this.openAi.createJob(apiKey, request);
      } catch (error) {
        if (!(error instanceof FineTuneCreateUnconfirmed)) throw error;
        unconfirmed = error;
      }
      const reason = openAiError(unconfirmed.failure, 'create the fine-tune job');
      this.logger.warn(`Fine-tune create on ${request.trainingFile} not confirmed (${reason.message}); looking for the job before trying again`);
      let found: RemoteFineTuneJob | null;
      try {
        found = await this.openAi.findJobOnFile(apiKey, request.trainingFile);
      } catch (error) {
        throw new FineTuneUnconfirmedError(request.trainingFile, (error as Error).message);
      }
      if (found) return found;
      // Nothing was created: the failure is final after the last attempt, and the caller cleans up.
      if (attempt >= CREATE_ATTEMPTS) throw reason;
      await sleep(CREATE_RETRY_DELAY_MS * attempt);
    }
  }

  /**
   * A job paused at OpenAI would block its model for as long as nobody resumes it: starting the
   * model again cancels it there first. One that resumed or ended meanwhile is recorded as such.
   */
  private async cancelPaused(apiKey: string, modelId: string): Promise<void> {
    const paused = await this.jobs.latestOfModel(modelId);
    if (paused?.status !== 'paused' || !paused.openAiJobId) return;
    const remote = await this.openAi.retrieveJob(apiKey, paused.openAiJobId);
    if (remote.status === 'paused') {
      await this.openAi.cancelJob(apiKey, paused.openAiJobId);
      await this.jobs.fail(paused.id, 'Cancelled at OpenAI while paused, to fine-tune the model again.');
      return;
    }
    await this.recordRemote(paused, remote);
    if (localStatus(remote.status) !== 'failed') {
      throw new ConflictException(`The paused fine-tune job of this model is ${localStatus(remote.status)} again at OpenAI; it is followed as before.`);
    }
  }

  private async recordRemote(job: FineTuneJobRow, remote: RemoteFineTuneJob): Promise<void> {
    const status = localStatus(remote.status);
    if (status === 'failed')
      await this.jobs.fail(
        job.id,
        remote.status === 'cancelled' ? 'The job was cancelled at OpenAI.' : `OpenAI: ${remote.error ?? 'the job failed without a reason.'}`,
      );
    else await this.jobs.release(job.id, { status: status === 'completed' ? 'running' : status, message: null, nextCheckAt: new Date() });
  }
}
