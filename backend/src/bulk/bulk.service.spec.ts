import { refusedLimit } from './bulk.service';

describe('refusedLimit', () => {
  it("should read the model's enqueued-token limit from OpenAI's refusal", () => {
    expect(
      refusedLimit(
        'Enqueued token limit reached for gpt-4o-mini in organization org-abc. Limit: 2,000,000 enqueued tokens. Please try again once some in_progress batches have been completed.',
      ),
    ).toBe(2_000_000);
    expect(refusedLimit('Enqueued token limit reached for gpt-4o in organization org-x. Limit: 90000 enqueued tokens.')).toBe(90_000);
  });

  it('should be null when the refusal names no limit', () => {
    expect(refusedLimit('Enqueued token limit reached.')).toBeNull();
    expect(refusedLimit(null)).toBeNull();
  });
});
