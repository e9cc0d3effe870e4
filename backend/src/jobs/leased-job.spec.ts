import { LEASE_MS, LeasedJobStore, recoverOrphans, withLease } from './leased-job';

function store(job: { id: string } | null): jest.Mocked<LeasedJobStore<{ id: string }>> {
  return { start: jest.fn().mockResolvedValue(job), renewLease: jest.fn().mockResolvedValue(undefined), orphaned: jest.fn().mockResolvedValue(['a', 'b']) };
}

describe('withLease', () => {
  afterEach(() => jest.useRealTimers());

  it('should not run the work when the lease is not had', async () => {
    const jobs = store(null);
    const work = jest.fn();

    await withLease(jobs, 'job-1', work);

    expect(jobs.start).toHaveBeenCalledWith('job-1', LEASE_MS);
    expect(work).not.toHaveBeenCalled();
  });

  it('should renew the lease every 15 s while the work runs, and stop when it ends, even by failing', async () => {
    jest.useFakeTimers();
    const jobs = store({ id: 'job-1' });
    let finish!: (error: Error) => void;
    const running = withLease(jobs, 'job-1', () => new Promise<void>((_, reject) => (finish = reject)));
    await jest.advanceTimersByTimeAsync(0);

    await jest.advanceTimersByTimeAsync(45_000);
    expect(jobs.renewLease).toHaveBeenCalledTimes(3);
    expect(jobs.renewLease).toHaveBeenCalledWith('job-1', LEASE_MS);

    finish(new Error('failed'));
    await expect(running).rejects.toThrow('failed');
    await jest.advanceTimersByTimeAsync(60_000);
    expect(jobs.renewLease).toHaveBeenCalledTimes(3);
  });
});

describe('recoverOrphans', () => {
  it('should hand every orphaned job to the queue', async () => {
    const enqueue = jest.fn().mockResolvedValue(undefined);

    await recoverOrphans(store(null), enqueue);

    expect(enqueue.mock.calls).toEqual([['a'], ['b']]);
  });
});
