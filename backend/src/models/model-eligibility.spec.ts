import { canDelete, canFineTune } from './model-eligibility';

const fresh = { baseModel: 'gpt-4o', connectionId: null, dateTuned: null, exampleCount: 10, latestJobStatus: null };

describe('canFineTune', () => {
  it('should allow a model with no tuned date, no open job and ten examples', () => {
    expect(canFineTune(fresh)).toEqual({ allowed: true, reason: null });
  });

  it('should allow another attempt when the last job failed', () => {
    expect(canFineTune({ ...fresh, latestJobStatus: 'failed' }).allowed).toBe(true);
  });

  it('should allow a model whose job is paused at OpenAI, which would otherwise block it for good', () => {
    expect(canFineTune({ ...fresh, latestJobStatus: 'paused' })).toEqual({ allowed: true, reason: null });
  });

  it.each(['queued', 'running'] as const)('should refuse while a job is %s', (status) => {
    expect(canFineTune({ ...fresh, latestJobStatus: status })).toEqual({
      allowed: false,
      reason: 'A fine-tune job for this model is already queued or running.',
    });
  });

  it('should refuse while a job is being paused', () => {
    expect(canFineTune({ ...fresh, latestJobStatus: 'pausing' }).reason).toBe(
      'The fine-tune job of this model is being paused at OpenAI; try again once it is paused.',
    );
  });

  it('should refuse a model that has been tuned', () => {
    expect(canFineTune({ ...fresh, dateTuned: new Date(), latestJobStatus: 'completed' }).reason).toBe('This model has already been fine-tuned.');
  });

  it('should leave to OpenAI whether the base model (and the account) can be fine-tuned: no table of Quire’s decides', () => {
    for (const baseModel of ['gpt-6-luna', 'gpt-5', 'gpt-3.5-turbo', 'a-model-nobody-knows']) expect(canFineTune({ ...fresh, baseModel }).allowed).toBe(true);
  });

  it('should refuse fewer than ten examples and say how many there are', () => {
    expect(canFineTune({ ...fresh, exampleCount: 9 }).reason).toBe('A model needs at least 10 examples to be fine-tuned; this one has 9.');
  });
});

describe('a model on another provider', () => {
  const claude = { ...fresh, baseModel: 'claude-sonnet-4-6', connectionId: '3f1c0d52-4f7e-4c55-9d55-2b1f6f2f0a11' };

  it("should refuse to fine-tune it, saying fine-tuning is OpenAI's and the examples still download", () => {
    expect(canFineTune(claude)).toEqual({
      allowed: false,
      reason: "Fine-tuning is OpenAI's: this model writes through another provider. Its examples still download as JSONL.",
    });
  });

  it('should allow deleting it though it was never tuned', () => {
    expect(canDelete(claude)).toEqual({ allowed: true, reason: null });
  });
});

describe('canDelete', () => {
  it.each(['completed', 'failed'] as const)('should allow a tuned model whose job is %s', (status) => {
    expect(canDelete({ ...fresh, dateTuned: new Date(), latestJobStatus: status }).allowed).toBe(true);
  });

  it('should refuse a model that was never tuned', () => {
    expect(canDelete(fresh)).toEqual({ allowed: false, reason: 'Only a fine-tuned model can be deleted.' });
  });

  it('should refuse while its job is still running', () => {
    expect(canDelete({ ...fresh, dateTuned: new Date(), latestJobStatus: 'running' }).reason).toBe('Its fine-tune job has not finished yet.');
  });
});
