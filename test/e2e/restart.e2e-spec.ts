import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { FixtureSite } from '../fakes/fixture-site';
import { OpenAiFake } from '../fakes/openai-fake';
import { createModel, eventually, staysExactly } from '../support/fixtures';
import { createTestApp } from '../support/test-app';

const targets: [string, string][] = [['the embedded database in DATA_DIR', '']];
if (process.env.DATABASE_URL?.startsWith('postgres')) targets.push(['PostgreSQL', process.env.DATABASE_URL]);

/** DATA_DIR (and the key generated into it) is kept across the two app instances, as for `npm start` twice. */
describe.each(targets)('Restarting on %s', (_name, databaseUrl) => {
  it('should keep users, sessions and settings, with the generated encryption key', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'quire-restart-'));
    const env = { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, ENCRYPTION_KEY: '' };

    const first = await createTestApp(env);
    await first.reset();
    if (!databaseUrl) expect(first.database.describe()).toBe(`pglite at ${join(dataDir, 'pglite')}`);
    const login = await request(first.http).get('/api/auth/local').expect(302);
    const cookie = (login.headers['set-cookie'][0] as string).split(';')[0];
    await request(first.http)
      .post('/api/user')
      .set('Cookie', cookie)
      .send({ envVars: { OPENAI_API_KEY: 'sk-proj-survives-a-restart-0042' } })
      .expect(200);
    const status = { propertyName: 'Stage', values: { start: 'Go', inProgress: 'Writing', error: 'Broken', complete: 'Done' } };
    await request(first.http).post('/api/user/status-config').set('Cookie', cookie).send(status).expect(200);
    await first.close();

    const second = await createTestApp(env);
    try {
      const me = await request(second.http).get('/api/me').set('Cookie', cookie).expect(200);
      expect(me.body.name).toBe('Local Operator');
      const user = await request(second.http).get('/api/user').set('Cookie', cookie).expect(200);
      expect(user.body.envVars.OPENAI_API_KEY).toBe('sk-…0042');
      const config = await request(second.http).get('/api/user/status-config').set('Cookie', cookie).expect(200);
      expect(config.body.statusConfig).toEqual(status);
    } finally {
      await second.close();
    }
  });

  it('should finish following a fine-tune job that was running when the server stopped', async () => {
    const openai = await new OpenAiFake().start();
    openai.fineTuneScript = ['validating_files', 'running', 'running', 'running', 'succeeded'];
    const env = {
      DATABASE_URL: databaseUrl,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'quire-restart-')),
      ENCRYPTION_KEY: '',
      OPENAI_BASE_URL: openai.baseUrl,
      FINE_TUNE_POLL_SECONDS: '1',
    };
    try {
      const first = await createTestApp(env);
      await first.reset();
      const login = await request(first.http).get('/api/auth/local').expect(302);
      const cookie = (login.headers['set-cookie'][0] as string).split(';')[0];
      const agent = request.agent(first.http).set('Cookie', cookie);
      await agent
        .post('/api/user')
        .send({ envVars: { OPENAI_API_KEY: openai.apiKey } })
        .expect(200);
      const id = await createModel(agent, 'Survivor', 'gpt-4o', 10);
      await agent.post('/api/fine-tune-jobs/start').send({ modelId: id, suffix: 'survivor' }).expect(201);
      const jobs = (http: typeof first.http) => async () => (await request(http).get('/api/fine-tune-jobs').set('Cookie', cookie).expect(200)).body;
      await eventually(jobs(first.http), (list) => list[0]?.status === 'running');
      await first.close();

      const second = await createTestApp(env);
      try {
        const [done] = await eventually(jobs(second.http), (list) => list[0]?.status === 'completed');
        expect(done.output_model).toMatch(/^ft:gpt-4o-2024-08-06:quire:survivor:/);
        const model = await request(second.http).get(`/api/models/${id}`).set('Cookie', cookie).expect(200);
        expect(model.body.output_model).toBe(done.output_model);
        // One paid job, however the restart fell: the second server followed it and created none.
        await staysExactly(() => openai.requestsTo('POST', /^\/v1\/fine_tuning\/jobs$/).length, 1, 2500);
      } finally {
        await second.close();
      }
    } finally {
      await openai.stop();
    }
  });

  it('should resume a training crawl where it stopped, without fetching finished pages again', async () => {
    const site = await new FixtureSite({ latencyMs: 150 }).start();
    const env = {
      DATABASE_URL: databaseUrl,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'quire-restart-')),
      ENCRYPTION_KEY: '',
      CRAWL_ALLOW_PRIVATE_NETWORKS: 'true',
      CRAWL_HOST_CONCURRENCY: '1',
      CRAWL_HOST_DELAY_MS: '0',
    };
    try {
      const first = await createTestApp(env);
      await first.reset();
      const login = await request(first.http).get('/api/auth/local').expect(302);
      const cookie = (login.headers['set-cookie'][0] as string).split(';')[0];
      const submitted = await request(first.http)
        .post('/api/training-jobs/submit-url')
        .set('Cookie', cookie)
        .send({ url: `${site.url}/` })
        .expect(201);
      const job = (http: typeof first.http) => async () =>
        (await request(http).get(`/api/training-jobs/${submitted.body._id}`).set('Cookie', cookie).expect(200)).body;
      const paused = await eventually(job(first.http), (j) => (j.meta.progress?.fetched ?? 0) >= 4);
      await first.close();
      const pagesBefore = site.requests.filter((r) => r.path.endsWith('.html')).length;
      expect(paused.status).toBe('running');

      const second = await createTestApp(env);
      try {
        const done = await eventually(job(second.http), (j) => j.status === 'completed', 30_000);
        expect(done.meta.progress.fetched).toBe(done.meta.progress.found);
        const pageRequests = site.requests.filter((r) => r.path.endsWith('.html')).map((r) => r.path);
        // Only the page in flight at shutdown may be asked for twice.
        expect(pageRequests.length - new Set(pageRequests).size).toBeLessThanOrEqual(1);
        expect(pageRequests.length).toBeGreaterThan(pagesBefore);
      } finally {
        await second.close();
      }
    } finally {
      await site.stop();
    }
  });
  it('should resume an evaluation stopped by a restart where it stopped, paying for no output twice', async () => {
    const openai = await new OpenAiFake().start();
    openai.chatLatencyMs = 150;
    const env = { DATABASE_URL: databaseUrl, DATA_DIR: mkdtempSync(join(tmpdir(), 'quire-restart-')), ENCRYPTION_KEY: '', OPENAI_BASE_URL: openai.baseUrl };
    try {
      const first = await createTestApp(env);
      await first.reset();
      const login = await request(first.http).get('/api/auth/local').expect(302);
      const cookie = (login.headers['set-cookie'][0] as string).split(';')[0];
      const agent = request.agent(first.http).set('Cookie', cookie);
      await agent
        .post('/api/user')
        .send({ envVars: { OPENAI_API_KEY: openai.apiKey } })
        .expect(200);
      const model = await createModel(agent, 'Evaluated', 'gpt-4o', 10);
      const variants = [
        { label: 'Plain', model, examples_count: 0 },
        { label: 'Guided', model, examples_count: 2 },
      ];
      const created = (await agent.post('/api/evaluations').send({ modelId: model, holdout: 6, variants }).expect(201)).body;
      const read = (http: typeof first.http) => async () => (await request(http).get(`/api/evaluations/${created._id}`).set('Cookie', cookie).expect(200)).body;
      const paused = await eventually(read(first.http), (e) => e.progress.done >= 2);
      await first.close();
      expect(paused.status).toBe('running');
      const stoppedAt = openai.requestsTo('POST', /^\/v1\/chat\/completions$/).length;
      expect(stoppedAt).toBeLessThan(12);

      const second = await createTestApp(env);
      try {
        const done = await eventually(read(second.http), (e) => e.status === 'completed', 30_000);
        expect(done.progress).toEqual({ done: 12, total: 12 });
        // Every output paid once: the first process finished the item it was writing, the second went on from the next.
        await staysExactly(() => openai.requestsTo('POST', /^\/v1\/chat\/completions$/).length, 12);
      } finally {
        await second.close();
      }
    } finally {
      await openai.stop();
    }
  });
});
