import { ConflictException, Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.module';
import { AppConfig } from '../config/config';
import { ListQuery, Page } from '../common/list-query';
import { OpenAiFineTuning, RemoteFineTuneJob } from '../integrations/openai/openai-fine-tuning';
import { fineTuneSnapshot } from '../models/base-models';
import { canFineTune } from '../models/model-eligibility';
import { ModelsRepository } from '../models/models.repository';
import { ModelsService } from '../models/models.service';
import { FineTuneJobsRepository } from './fine-tune-jobs.repository';
import { FineTuneStatus } from './fine-tune-jobs.schema';
import { FineTuneJobResponse, toFineTuneJobResponse } from './fine-tune-jobs.dto';
import { cleanSuffix, toTrainingJsonl } from './training-file';

/** How long a reserved job may wait for OpenAI's answer before the follower gives up on it. */
export const SUBMIT_GRACE_MS = 10 * 60 * 1000;

/** OpenAI's job states in the four the dashboard shows. */
export function localStatus(remote: RemoteFineTuneJob['status']): FineTuneStatus {
  if (remote === 'succeeded') return 'completed';
  if (remote === 'failed' || remote === 'cancelled') return 'failed';
  if (remote === 'running') return 'running';
  return 'queued';
}

/** Starting OpenAI fine-tune jobs on a model's examples, and listing them. */
@Injectable()
export class FineTuneJobsService {
  constructor(
    private readonly jobs: FineTuneJobsRepository,
    private readonly models: ModelsService,
    private readonly modelRows: ModelsRepository,
    private readonly openAi: OpenAiFineTuning,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(userId: string, query: ListQuery): Promise<Page<FineTuneJobResponse>> {
    const page = await this.jobs.list(userId, query);
    return { ...page, rows: page.rows.map(toFineTuneJobResponse) };
  }

  /**
   * Reserve the job, upload the examples as JSONL, create the OpenAI job. If OpenAI refuses
   * either step the reservation (and an uploaded file) is removed: nothing is half-saved.
   */
  async start(userId: string, modelId: string, suffix: string): Promise<FineTuneJobResponse> {
    const model = await this.models.requireOwned(userId, modelId);
    const eligibility = canFineTune(model);
    if (!eligibility.allowed) throw new ConflictException(eligibility.reason);
    const apiKey = await this.models.requireOpenAiKey(userId);
    const examples = await this.modelRows.examples(modelId);
    const cleaned = cleanSuffix(suffix);
    const snapshot = fineTuneSnapshot(model.baseModel);

    const reserved = await this.jobs.reserve({ userId, modelId, baseModel: snapshot, suffix: cleaned }, SUBMIT_GRACE_MS);
    if (!reserved) throw new ConflictException('A fine-tune job for this model is already queued or running.');
    let submitted;
    try {
      const fileId = await this.openAi.uploadTrainingFile(apiKey, toTrainingJsonl(examples), `quire-${cleaned}.jsonl`);
      let remote: RemoteFineTuneJob;
      try {
        remote = await this.openAi.createJob(apiKey, { trainingFile: fileId, model: snapshot, suffix: cleaned });
      } catch (error) {
        await this.openAi.deleteFile(apiKey, fileId);
        throw error;
      }
      submitted = await this.jobs.markSubmitted(reserved.id, {
        openAiJobId: remote.id,
        trainingFileId: fileId,
        status: localStatus(remote.status),
        nextCheckAt: new Date(Date.now() + this.config.fineTunePollSeconds * 1000),
      });
    } catch (error) {
      await this.jobs.delete(reserved.id);
      throw error;
    }
    return toFineTuneJobResponse({ ...submitted, modelName: model.name });
  }
}
