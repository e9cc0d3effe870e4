import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.module';
import { AppConfig } from '../config/config';
import { RepeatingPass } from '../jobs/job-declarations';
import { OpenAiFineTuning, RemoteFineTuneJob } from '../integrations/openai/openai-fine-tuning';
import { WorkspaceSettingsService } from '../workspaces/settings.service';
import { FineTuneJobsRepository } from './fine-tune-jobs.repository';
import { FineTuneJobRow } from './fine-tune-jobs.schema';
import { localStatus } from './fine-tune-jobs.service';

const BATCH = 20;

/**
 * Every FINE_TUNE_POLL_SECONDS, asks OpenAI about the open jobs that are due, until each ends.
 * The state lives in the database (due time and lease), so it survives restarts and several
 * server processes share the work without following one job twice at once.
 */
@Injectable()
export class FineTuneFollower {
  private readonly logger = new Logger(FineTuneFollower.name);

  constructor(
    private readonly jobs: FineTuneJobsRepository,
    private readonly settings: WorkspaceSettingsService,
    private readonly openAi: OpenAiFineTuning,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get pollMs(): number {
    return this.config.fineTunePollSeconds * 1000;
  }

  @RepeatingPass('fine-tune-follower', {
    everyMs: (config) => config.fineTunePollSeconds * 1000,
    failure: 'Following fine-tune jobs failed',
    atStart: false,
  })
  async followDue(): Promise<void> {
    const due = await this.jobs.claimDue(new Date(), Math.max(this.pollMs * 2, 60_000), BATCH);
    for (const job of due) await this.follow(job);
  }

  private async follow(job: FineTuneJobRow): Promise<void> {
    const next = new Date(Date.now() + this.pollMs);
    if (!job.openAiJobId && !job.trainingFileId) {
      await this.jobs.fail(job.id, 'Quire stopped before OpenAI confirmed this job; start the fine-tune again.');
      return;
    }
    const apiKey = await this.settings.getSecret(job.workspaceId, 'OPENAI_API_KEY');
    if (!apiKey) {
      await this.jobs.release(job.id, { status: job.status, message: 'Waiting: add the OpenAI API key on Home to follow this job.', nextCheckAt: next });
      return;
    }
    let remote;
    try {
      remote = job.openAiJobId ? await this.openAi.retrieveJob(apiKey, job.openAiJobId) : await this.adopt(apiKey, job, next);
    } catch (error) {
      this.logger.warn(`Fine-tune job ${job.id}: ${(error as Error).message}; will check again`);
      await this.jobs.release(job.id, { status: job.status, message: (error as Error).message, nextCheckAt: next });
      return;
    }
    if (!remote) return;
    const status = localStatus(remote.status);
    if (status === 'completed' && remote.fineTunedModel) {
      await this.jobs.complete(job, { outputModel: remote.fineTunedModel, trainedTokens: remote.trainedTokens, dateTuned: new Date() });
      this.logger.log(`Fine-tune job ${job.id} completed: ${remote.fineTunedModel}`);
    } else if (status === 'failed') {
      const reason = remote.status === 'cancelled' ? 'The job was cancelled at OpenAI.' : `OpenAI: ${remote.error ?? 'the job failed without a reason.'}`;
      await this.jobs.fail(job.id, reason);
      this.logger.warn(`Fine-tune job ${job.id} failed: ${reason}`);
    } else {
      await this.jobs.release(job.id, { status: status === 'completed' ? 'running' : status, message: null, nextCheckAt: next });
    }
  }

  /**
   * A job whose create call was never confirmed (the answer was lost, or the server stopped after
   * uploading): OpenAI's recent jobs tell whether it exists. Found, it is followed like any other;
   * not found, nothing is running at OpenAI and the reservation ends.
   */
  private async adopt(apiKey: string, job: FineTuneJobRow, next: Date): Promise<RemoteFineTuneJob | null> {
    const found = await this.openAi.findJobOnFile(apiKey, job.trainingFileId!);
    if (found) {
      await this.jobs.markSubmitted(job.id, {
        openAiJobId: found.id,
        trainingFileId: found.trainingFile,
        status: localStatus(found.status),
        nextCheckAt: next,
      });
      this.logger.log(`Fine-tune job ${job.id}: found ${found.id} at OpenAI on its training file`);
      return found;
    }
    await this.openAi.deleteFile(apiKey, job.trainingFileId!);
    await this.jobs.fail(job.id, 'OpenAI did not create this job (no job uses its training file); start the fine-tune again.');
    return null;
  }
}
