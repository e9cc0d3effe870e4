import { BadRequestException, ConflictException } from '@nestjs/common';
import { modelRow, scope as SCOPE } from '../../../test/support/rows';
import { buildService } from '../../../test/support/unit';
import { IntegrationError } from '../common/integration-error';
import { APP_CONFIG } from '../config/config.module';
import { FineTuneRefusalsRepository } from '../integrations/openai/fine-tune-refusals.repository';
import { FineTuneCreateUnconfirmed, FineTuningRefused, OpenAiFineTuning, RemoteFineTuneJob } from '../integrations/openai/openai-fine-tuning';
import { ModelsRepository, ModelWithState } from '../models/models.repository';
import { ModelsService } from '../models/models.service';
import { ownedBy } from '../workspaces/scope';
import { FineTuneJobsRepository } from './fine-tune-jobs.repository';
import { FineTuneJobRow } from './fine-tune-jobs.schema';
import { FineTuneJobsService, FineTuneUnconfirmedError } from './fine-tune-jobs.service';

const job = (overrides: Partial<FineTuneJobRow> = {}): FineTuneJobRow => ({
  id: 'job-1',
  ...ownedBy(SCOPE),
  modelId: 'model-1',
  status: 'queued',
  openAiJobId: null,
  trainingFileId: null,
  baseModel: 'gpt-4o-mini-2024-07-18',
  suffix: 'reviews',
  outputModel: null,
  trainedTokens: null,
  dateTuned: null,
  message: null,
  createdAt: new Date(0),
  updatedAt: new Date(0),
  nextCheckAt: new Date(0),
  leaseUntil: null,
  ...overrides,
});

const remote = (overrides: Partial<RemoteFineTuneJob> = {}): RemoteFineTuneJob => ({
  id: 'ftjob-1',
  status: 'validating_files',
  trainingFile: 'file-1',
  fineTunedModel: null,
  trainedTokens: null,
  error: null,
  ...overrides,
});

describe(FineTuneJobsService.name, () => {
  async function build(found: ModelWithState | null = modelRow()) {
    const built = await buildService(
      FineTuneJobsService,
      { jobs: FineTuneJobsRepository, models: ModelsService, modelRows: ModelsRepository, openAi: OpenAiFineTuning, refusals: FineTuneRefusalsRepository },
      [{ provide: APP_CONFIG, useValue: { fineTunePollSeconds: 60 } }],
    );
    built.modelRows.findOwned.mockResolvedValue(found);
    built.modelRows.examples.mockResolvedValue([]);
    built.models.requireOpenAiKey.mockResolvedValue('sk-key');
    built.jobs.reserve.mockImplementation(async ({ scope, ...values }) => job({ ...ownedBy(scope), ...values }));
    built.jobs.recordTrainingFile.mockResolvedValue();
    built.jobs.markSubmitted.mockImplementation(async (id, values) => job({ id, ...values }));
    built.jobs.delete.mockResolvedValue();
    built.openAi.uploadTrainingFile.mockResolvedValue('file-1');
    built.openAi.deleteFile.mockResolvedValue();
    built.refusals.forKey.mockResolvedValue([]);
    built.refusals.clear.mockResolvedValue();
    built.refusals.record.mockResolvedValue();
    return built;
  }

  describe('start', () => {
    it('should upload the examples and create the job on the base model’s fine-tunable snapshot, forgetting an earlier refusal', async () => {
      const { sut, jobs, openAi, refusals } = await build();
      openAi.createJob.mockResolvedValue(remote({ status: 'running' }));

      const started = await sut.start(SCOPE, 'model-1', 'My Reviews!');

      expect(jobs.reserve).toHaveBeenCalledWith(
        { scope: SCOPE, modelId: 'model-1', baseModel: 'gpt-4o-mini-2024-07-18', suffix: 'my_reviews' },
        expect.any(Number),
      );
      expect(openAi.uploadTrainingFile).toHaveBeenCalledWith('sk-key', expect.any(String), 'quire-my_reviews.jsonl');
      expect(jobs.recordTrainingFile).toHaveBeenCalledWith('job-1', 'file-1');
      expect(openAi.createJob).toHaveBeenCalledWith('sk-key', { trainingFile: 'file-1', model: 'gpt-4o-mini-2024-07-18', suffix: 'my_reviews' });
      expect(started).toMatchObject({ _id: 'job-1', name: 'Reviews', status: 'running' });
      expect(refusals.clear).toHaveBeenCalledWith('sk-key', 'gpt-4o-mini-2024-07-18');
    });

    it('should send a base model the table knows no snapshot of as named, for OpenAI to decide', async () => {
      const { sut, openAi } = await build(modelRow({ baseModel: 'gpt-6-luna' }));
      openAi.createJob.mockResolvedValue(remote({ status: 'running' }));

      await sut.start(SCOPE, 'model-1', 'x');

      expect(openAi.createJob).toHaveBeenCalledWith('sk-key', expect.objectContaining({ model: 'gpt-6-luna' }));
    });

    it('should keep OpenAI’s refusal of the account (the wind-down) in its words, recording no job', async () => {
      const { sut, jobs, openAi, refusals } = await build();
      const refusal = new FineTuningRefused('Your organization cannot create new fine-tuning jobs.', null);
      openAi.createJob.mockRejectedValue(refusal);

      await expect(sut.start(SCOPE, 'model-1', 'x')).rejects.toThrow(
        'OpenAI: refused to create the fine-tune job: Your organization cannot create new fine-tuning jobs.',
      );
      expect(refusals.record).toHaveBeenCalledWith('sk-key', null, 'Your organization cannot create new fine-tuning jobs.');
      expect(jobs.delete).toHaveBeenCalledWith('job-1');
      expect(openAi.deleteFile).toHaveBeenCalledWith('sk-key', 'file-1');
      expect(refusals.clear).not.toHaveBeenCalled();
    });

    it('should still ask OpenAI when it refused the account before (the wind-down may have let the organisation in again)', async () => {
      const { sut, openAi, refusals } = await build();
      refusals.forKey.mockResolvedValue([
        { model: null, message: 'Your organization cannot create new fine-tuning jobs.', refusedAt: new Date(), until: null },
      ]);
      openAi.createJob.mockResolvedValue(remote({ status: 'running' }));

      await sut.start(SCOPE, 'model-1', 'x');

      expect(openAi.createJob).toHaveBeenCalledTimes(1);
    });

    it('should answer OpenAI’s refusal of the base model with 409 in its words, keep it for the model as sent, and record no job', async () => {
      const { sut, jobs, openAi, refusals } = await build(modelRow({ baseModel: 'gpt-5' }));
      const words = 'Model gpt-5 is not available for fine-tuning or does not exist.';
      openAi.createJob.mockRejectedValue(new FineTuningRefused(words, 'gpt-5'));

      await expect(sut.start(SCOPE, 'model-1', 'x')).rejects.toThrow(new ConflictException(`OpenAI: refused to create the fine-tune job: ${words}`));
      expect(refusals.record).toHaveBeenCalledWith('sk-key', 'gpt-5', words);
      expect(openAi.deleteFile).toHaveBeenCalledWith('sk-key', 'file-1');
      expect(jobs.delete).toHaveBeenCalledWith('job-1');
    });

    it('should answer a refusal of the base model it still holds at once, with the same 409, reserving and uploading nothing', async () => {
      const { sut, jobs, openAi, refusals } = await build(modelRow({ baseModel: 'gpt-4o' }));
      const words = 'Model gpt-4o-2024-08-06 is not available for fine-tuning or does not exist.';
      refusals.forKey.mockResolvedValue([
        { model: null, message: 'Your organization cannot create new fine-tuning jobs.', refusedAt: new Date(), until: null },
        { model: 'gpt-4o-2024-08-06', message: words, refusedAt: new Date(), until: new Date(Date.now() + 1000) },
      ]);

      await expect(sut.start(SCOPE, 'model-1', 'x')).rejects.toThrow(new ConflictException(`OpenAI: refused to create the fine-tune job: ${words}`));
      expect(refusals.forKey).toHaveBeenCalledWith('sk-key');
      expect(jobs.reserve).not.toHaveBeenCalled();
      expect(openAi.uploadTrainingFile).not.toHaveBeenCalled();
      expect(openAi.createJob).not.toHaveBeenCalled();
    });

    it('should refuse, naming modelId (400), a model that is not the caller’s', async () => {
      const { sut, jobs } = await build(null);

      const error = await sut.start(SCOPE, 'model-1', 'x').catch((e: unknown) => e);

      expect(error).toBeInstanceOf(BadRequestException);
      expect((error as Error).message).toBe('modelId is not one of your models');
      expect(jobs.reserve).not.toHaveBeenCalled();
    });

    it('should refuse (409) a model with too few examples before anything reaches OpenAI', async () => {
      const { sut, jobs, openAi } = await build(modelRow({ exampleCount: 3 }));

      await expect(sut.start(SCOPE, 'model-1', 'x')).rejects.toThrow(
        new ConflictException('A model needs at least 10 examples to be fine-tuned; this one has 3.'),
      );
      expect(jobs.reserve).not.toHaveBeenCalled();
      expect(openAi.uploadTrainingFile).not.toHaveBeenCalled();
    });

    it('should refuse (409) when another start holds the model’s open job, uploading nothing', async () => {
      const { sut, jobs, openAi } = await build();
      jobs.reserve.mockResolvedValue(null);

      await expect(sut.start(SCOPE, 'model-1', 'x')).rejects.toThrow(new ConflictException('A fine-tune job for this model is already queued or running.'));
      expect(openAi.uploadTrainingFile).not.toHaveBeenCalled();
    });

    it('should remove the uploaded file and the reservation when OpenAI refuses the job', async () => {
      const { sut, jobs, openAi } = await build();
      const refusal = new IntegrationError('OpenAI', 'refused the job.', 400);
      openAi.createJob.mockRejectedValue(refusal);

      await expect(sut.start(SCOPE, 'model-1', 'x')).rejects.toBe(refusal);
      expect(openAi.deleteFile).toHaveBeenCalledWith('sk-key', 'file-1');
      expect(jobs.delete).toHaveBeenCalledWith('job-1');
      expect(jobs.markSubmitted).not.toHaveBeenCalled();
    });

    it('should follow the job it finds on the training file when the create was not confirmed, creating no second one', async () => {
      const { sut, jobs, openAi } = await build();
      openAi.createJob.mockRejectedValue(new FineTuneCreateUnconfirmed(new Error('socket hang up')));
      openAi.findJobOnFile.mockResolvedValue(remote({ id: 'ftjob-found', status: 'queued' }));

      const started = await sut.start(SCOPE, 'model-1', 'x');

      expect(openAi.createJob).toHaveBeenCalledTimes(1);
      expect(jobs.markSubmitted).toHaveBeenCalledWith('job-1', expect.objectContaining({ openAiJobId: 'ftjob-found', status: 'queued' }));
      expect(started.status).toBe('queued');
    });

    it('should keep the reservation, queued with the reason, when the job could be neither confirmed nor looked for', async () => {
      const { sut, jobs, openAi } = await build();
      openAi.createJob.mockRejectedValue(new FineTuneCreateUnconfirmed(new Error('socket hang up')));
      openAi.findJobOnFile.mockRejectedValue(new Error('timeout'));
      jobs.release.mockResolvedValue();

      const error = await sut.start(SCOPE, 'model-1', 'x').catch((e: unknown) => e);

      expect(error).toBeInstanceOf(FineTuneUnconfirmedError);
      expect(jobs.release).toHaveBeenCalledWith('job-1', expect.objectContaining({ status: 'queued', message: (error as Error).message }));
      expect(jobs.delete).not.toHaveBeenCalled();
      expect(openAi.deleteFile).not.toHaveBeenCalled();
    });

    it('should cancel a job paused at OpenAI before starting again', async () => {
      const { sut, jobs, openAi } = await build(modelRow({ latestJobStatus: 'paused' }));
      jobs.latestOfModel.mockResolvedValue(job({ id: 'paused-job', status: 'paused', openAiJobId: 'ftjob-paused' }));
      openAi.retrieveJob.mockResolvedValue(remote({ id: 'ftjob-paused', status: 'paused' }));
      openAi.cancelJob.mockResolvedValue(undefined as never);
      jobs.fail.mockResolvedValue();
      openAi.createJob.mockResolvedValue(remote());

      await sut.start(SCOPE, 'model-1', 'x');

      expect(openAi.cancelJob).toHaveBeenCalledWith('sk-key', 'ftjob-paused');
      expect(jobs.fail).toHaveBeenCalledWith('paused-job', 'Cancelled at OpenAI while paused, to fine-tune the model again.');
      expect(jobs.reserve).toHaveBeenCalled();
    });
  });
});
