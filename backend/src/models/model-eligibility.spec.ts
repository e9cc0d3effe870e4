import { canDelete, canFineTune } from './model-eligibility';

const fresh = { dateTuned: null, exampleCount: 10, latestJobStatus: null };

describe('canFineTune', () => {
  it('should allow a model with no tuned date, no open job and ten examples', () => {
    expect(canFineTune(fresh)).toEqual({ allowed: true, reason: null });
  });

  it('should allow another attempt when the last job failed', () => {
    expect(canFineTune({ ...fresh, latestJobStatus: 'failed' }).allowed).toBe(true);
  });

  it.each(['queued', 'running'] as const)('should refuse while a job is %s', (status) => {
    expect(canFineTune({ ...fresh, latestJobStatus: status })).toEqual({
      allowed: false,
      reason: 'A fine-tune job for this model is already queued or running.',
    });
  });

  it('should refuse a model that has been tuned', () => {
    expect(canFineTune({ ...fresh, dateTuned: new Date(), latestJobStatus: 'completed' }).reason).toBe(
      'This model has already been fine-tuned.',
    );
  });

  it('should refuse fewer than ten examples and say how many there are', () => {
    expect(canFineTune({ ...fresh, exampleCount: 9 }).reason).toBe(
      'A model needs at least 10 examples to be fine-tuned; this one has 9.',
    );
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
    expect(canDelete({ ...fresh, dateTuned: new Date(), latestJobStatus: 'running' }).reason).toBe(
      'Its fine-tune job has not finished yet.',
    );
  });
});
