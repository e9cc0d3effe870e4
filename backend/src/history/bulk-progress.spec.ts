import { BulkProgressRow } from '../bulk/bulk.repository';
import { bulkProgress } from './history.service';

describe('bulkProgress', () => {
  const now = Date.parse('2026-11-26T12:00:00Z');
  const row = (overrides: Partial<BulkProgressRow> = {}): BulkProgressRow => ({
    jobId: 'job-1',
    round: 2,
    batchStatus: 'in_progress',
    lineStatus: 'submitted',
    total: 100,
    completed: 0,
    failed: 0,
    inProgressAt: new Date(now - 60 * 60_000),
    expiresAt: new Date(now + 20 * 3600_000),
    ...overrides,
  });

  it('should be null for an article written at once', () => {
    expect(bulkProgress(undefined, now)).toBeNull();
  });

  it("should expect the end of OpenAI's window before the batch has finished any request", () => {
    expect(bulkProgress(row(), now)).toEqual({
      round: 2,
      batch_status: 'in_progress',
      total: 100,
      completed: 0,
      failed: 0,
      expected_at: '2026-11-27T08:00:00.000Z',
      expires_at: '2026-11-27T08:00:00.000Z',
    });
  });

  it('should carry the pace so far to the end: a quarter done in an hour, done three hours later', () => {
    expect(bulkProgress(row({ completed: 20, failed: 5 }), now)?.expected_at).toBe('2026-11-26T15:00:00.000Z');
  });

  it('should never expect the batch after its window ends', () => {
    expect(bulkProgress(row({ completed: 1 }), now)?.expected_at).toBe('2026-11-27T08:00:00.000Z');
  });

  it('should show a section waiting for the next file with no batch, and an ended batch with no expected time', () => {
    expect(bulkProgress(row({ lineStatus: 'waiting', batchStatus: null }), now)).toMatchObject({ batch_status: null, total: 0, expected_at: null });
    expect(bulkProgress(row({ lineStatus: 'written', batchStatus: 'completed', completed: 100 }), now)).toMatchObject({
      batch_status: 'completed',
      completed: 100,
      expected_at: null,
    });
  });
});
