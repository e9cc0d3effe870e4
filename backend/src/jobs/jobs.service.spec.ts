import type { AppConfig } from '../config/config';
import type { DatabaseService } from '../database/database.service';
import { JobsService } from './jobs.service';

describe('JobsService', () => {
  function build() {
    const sut = new JobsService({ kind: 'postgres', sqlRunner: { executeSql: jest.fn() } } as unknown as DatabaseService, { runJobs: true } as AppConfig);
    const boss = sut.boss;
    jest.spyOn(boss, 'getQueue').mockResolvedValue({ name: 'q' } as never);
    jest.spyOn(boss, 'send').mockResolvedValue('job-1');
    let worker = 0;
    jest.spyOn(boss, 'work').mockImplementation(async () => `worker-${++worker}`);
    const notify = jest.spyOn(boss, 'notifyWorker').mockReturnValue(undefined as never);
    return { sut, boss, notify };
  }

  it('should wake every idle worker of a queue when this process sends it a job due now', async () => {
    const { sut, notify } = build();
    await sut.workers('q', 2, async () => undefined);

    await expect(sut.send('q', { jobId: 'a' }, { singletonKey: 'a' })).resolves.toBe('job-1');

    expect(notify.mock.calls).toEqual([['worker-1'], ['worker-2']]);
  });

  it('should leave the workers to their poll for a job due later, and look every 2 s', async () => {
    const { sut, boss, notify } = build();
    await sut.workers('q', 1, async () => undefined);

    await sut.send('q', { jobId: 'a' }, { singletonKey: 'a', startAfter: 30 });

    expect(notify).not.toHaveBeenCalled();
    expect(boss.work).toHaveBeenCalledWith('q', { batchSize: 1, pollingIntervalSeconds: 2 }, expect.any(Function));
  });
});
