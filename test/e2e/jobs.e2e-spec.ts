import { sql } from 'drizzle-orm';
import request from 'supertest';
import { JobsService } from '../../backend/src/jobs/jobs.service';
import { eventually } from '../support/fixtures';
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
      void jobs.work<{ n: number }>(
        'foundation-check',
        async (data) => {
          received.push(data);
          resolve();
        },
        { pollingIntervalSeconds: 0.5 },
      );
    });
    const id = await jobs.send('foundation-check', { n: 7 });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await done;
    expect(received).toEqual([{ n: 7 }]);
  });
});

describe('Background jobs that fail unexpectedly', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('should record the failure (its text made storable and redacted) and log it redacted, with the server serving on', async () => {
    const jobs = t.app.get(JobsService);
    await jobs.work(
      'hostile-failure',
      async () => {
        throw new TypeError('Headers.append: "Bearer sk-abc\u0000defSECRET" is an invalid header value \ud800');
      },
      { pollingIntervalSeconds: 0.5 },
    );
    const id = (await jobs.send('hostile-failure', {}, { retryLimit: 0 }))!;
    const job = await eventually(
      () => jobs.boss.getJobById('hostile-failure', id),
      (found) => found?.state === 'failed',
    );
    const recorded = JSON.stringify(job!.output);
    expect(recorded).toContain('TypeError: Headers.append: \\"Bearer [redacted]');
    expect(recorded).not.toMatch(/SECRET|\\u0000/);
    expect(t.logger.lines.join('\n')).toContain('Job ' + id + ' on hostile-failure failed');
    expect(t.logger.lines.join('\n')).not.toContain('SECRET');
    await request(t.http).get('/api/health').expect(200);
  });
});

describe('An API-only server (RUN_JOBS=false)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ RUN_JOBS: 'false' });
    await t.reset();
  });
  afterAll(() => t.close());

  it('should queue a job a request starts and leave it for a server that runs jobs', async () => {
    const login = await request(t.http).get('/api/auth/local').expect(302);
    const cookie = (login.headers['set-cookie'][0] as string).split(';')[0];
    const job = await request(t.http).post('/api/training-jobs/submit-url').set('Cookie', cookie).send({ url: 'https://example.com/' }).expect(201);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const read = await request(t.http).get(`/api/training-jobs/${job.body._id}`).set('Cookie', cookie).expect(200);
    expect(read.body.status).toBe('queued');
    const queued = (await t.database.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = 'training-collection' and data->>'jobId' = ${job.body._id as string}`,
    )) as unknown as {
      rows: { n: number }[];
    };
    expect(queued.rows[0].n).toBe(1);
  });
});
