import { JobsService } from '../../backend/src/jobs/jobs.service';
import { createTestApp, TestApp } from '../support/test-app';

describe('Background jobs (pg-boss on the same database)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('should deliver a sent job to its worker', async () => {
    const jobs = t.app.get(JobsService);
    const received: unknown[] = [];
    const done = new Promise<void>((resolve) => {
      void jobs.work<{ n: number }>('foundation-check', async (data) => {
        received.push(data);
        resolve();
      }, { pollingIntervalSeconds: 0.5 });
    });
    const id = await jobs.send('foundation-check', { n: 7 });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await done;
    expect(received).toEqual([{ n: 7 }]);
  });
});
