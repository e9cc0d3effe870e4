import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { FineTuneJobsRepository } from '../../backend/src/fine-tune-jobs/fine-tune-jobs.repository';
import { OpenAiFake } from '../fakes/openai-fake';
import { createModel, eventually } from '../support/fixtures';
import { useTestApp } from '../support/use-test-app';

describe('Fine-tuning through the OpenAI simulator', () => {
  const openai = new OpenAiFake();
  const t = useTestApp({ fakes: [openai], env: () => ({ OPENAI_BASE_URL: openai.baseUrl, FINE_TUNE_POLL_SECONDS: '1' }), signIn: 'local' });
  beforeEach(async () => {
    await t.agent
      .post('/api/user')
      .send({ envVars: { OPENAI_API_KEY: openai.apiKey } })
      .expect(200);
  });

  const jobsOf = async () => (await t.agent.get('/api/fine-tune-jobs').expect(200)).body;
  const modelOf = async (id: string) => (await t.agent.get(`/api/models/${id}`).expect(200)).body;

  it('should run the whole lifecycle: start, follow to completion, tune the model, delete it here and at OpenAI', async () => {
    const id = await createModel(t.agent, 'Blog Voice 2', 'gpt-4o', 10);
    expect((await modelOf(id)).actions.fineTune).toEqual({ allowed: true, reason: null });

    const started = await t.agent.post('/api/fine-tune-jobs/start').send({ modelId: id, suffix: 'blog_voice_2' }).expect(201);
    expect(started.body).toMatchObject({ modelId: id, name: 'Blog Voice 2', status: 'queued', output_model: null, training_cost_usd: null });

    const [upload] = openai.requestsTo('POST', /^\/v1\/files$/);
    const file = [...openai.files.values()][0];
    expect(upload).toBeDefined();
    const lines = file.content
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toHaveLength(10);
    expect(lines[0].messages.map((m: { role: string }) => m.role)).toEqual(['system', 'user', 'assistant']);
    expect(lines[0].messages[2].content).toContain('FAQ 1');
    const created = JSON.parse(openai.requestsTo('POST', /^\/v1\/fine_tuning\/jobs$/)[0].body);
    expect(created).toMatchObject({ model: 'gpt-4o-2024-08-06', suffix: 'blog_voice_2', training_file: file.id });

    const blocked = await modelOf(id);
    expect(blocked.fine_tune_status).toBe('queued');
    expect(blocked.actions.fineTune.allowed).toBe(false);
    await t.agent.post('/api/fine-tune-jobs/start').send({ modelId: id, suffix: 'again' }).expect(409);

    const seen = new Set<string>();
    const [done] = await eventually(jobsOf, (jobs) => (jobs[0] && seen.add(jobs[0].status), jobs[0]?.status === 'completed'));
    expect(seen.has('running')).toBe(true);
    expect(done.output_model).toMatch(/^ft:gpt-4o-2024-08-06:quire:blog_voice_2:/);
    expect(done.trained_tokens).toBe(1200);
    // Trained tokens × gpt-4o-2024-08-06's training price, $25 a million (the price table).
    expect(done.training_cost_usd).toBe(0.03);
    expect(new Date(done.date_tuned).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const tuned = await modelOf(id);
    expect(tuned).toMatchObject({ output_model: done.output_model, tokens: 1200, fine_tune_status: 'completed' });
    expect(tuned.date_tuned).not.toBeNull();
    expect(tuned.actions).toEqual({
      fineTune: { allowed: false, reason: 'This model has already been fine-tuned.' },
      delete: { allowed: true, reason: null },
    });
    const again = await t.agent.post('/api/fine-tune-jobs/start').send({ modelId: id, suffix: 'x' }).expect(409);
    expect(again.body.message).toBe('This model has already been fine-tuned.');

    await t.agent.delete(`/api/models/${id}`).expect(200);
    expect(decodeURIComponent(openai.requestsTo('DELETE', /^\/v1\/models\//)[0].path)).toBe(`/v1/models/${done.output_model}`);
    expect(openai.models.has(done.output_model)).toBe(false);
    await t.agent.get(`/api/models/${id}`).expect(404);
    expect(await jobsOf()).toEqual([]);
  });

  it('should refuse a model with fewer than ten examples and call OpenAI not at all', async () => {
    const id = await createModel(t.agent, 'Small', 'gpt-4o', 9);
    const res = await t.agent.post('/api/fine-tune-jobs/start').send({ modelId: id, suffix: 'small' }).expect(409);
    expect(res.body.message).toBe('A model needs at least 10 examples to be fine-tuned; this one has 9.');
    expect(openai.requests).toHaveLength(0);
    expect(await jobsOf()).toEqual([]);
  });

  it('should point an operator without an OpenAI key to Home, not fail with a 500', async () => {
    const id = await createModel(t.agent, 'Keyless', 'gpt-4o', 10);
    await t.agent
      .post('/api/user')
      .send({ envVars: { OPENAI_API_KEY: '' } })
      .expect(200);
    const res = await t.agent.post('/api/fine-tune-jobs/start').send({ modelId: id, suffix: 'keyless' }).expect(409);
    expect(res.body.message).toBe('Add your OpenAI API key in OpenAI Settings on the Home screen first.');
    expect(openai.requests).toHaveLength(0);
  });

  it('should say OpenAI rejected the key when it answers 401', async () => {
    const id = await createModel(t.agent, 'Wrong key', 'gpt-4o', 10);
    await t.agent
      .post('/api/user')
      .send({ envVars: { OPENAI_API_KEY: 'sk-proj-not-the-right-key-0000' } })
      .expect(200);
    const res = await t.agent.post('/api/fine-tune-jobs/start').send({ modelId: id, suffix: 'k' }).expect(502);
    expect(res.body.message).toBe('OpenAI: rejected the API key saved on Home while trying to upload the training file; check the key and save it again.');
    expect(await jobsOf()).toEqual([]);
  });

  it('should save nothing when OpenAI fails at the upload, even after its retries', async () => {
    const id = await createModel(t.agent, 'Upload fails', 'gpt-4o', 10);
    openai.failNext('POST', /^\/v1\/files$/, 500, 'The server had an error while processing your request.', 3);
    const res = await t.agent.post('/api/fine-tune-jobs/start').send({ modelId: id, suffix: 'u' }).expect(502);
    expect(res.body.message).toBe('OpenAI: could not upload the training file: The server had an error while processing your request.');
    expect(openai.requestsTo('POST', /^\/v1\/files$/)).toHaveLength(3);
    expect(await jobsOf()).toEqual([]);
    const model = await modelOf(id);
    expect(model.fine_tune_status).toBeNull();
    expect(model.actions.fineTune.allowed).toBe(true);
  });

  it('should save nothing and remove the uploaded file when OpenAI refuses the account (the wind-down), in its own words, and say so before the next start', async () => {
    const id = await createModel(t.agent, 'No access', 'gpt-4o', 10);
    const words = 'Your organization cannot create new fine-tuning jobs: self-serve fine-tuning is being wound down.';
    openai.fineTuningRefusal = words;
    expect((await modelOf(id)).fine_tune_refusal).toBeNull();
    const res = await t.agent.post('/api/fine-tune-jobs/start').send({ modelId: id, suffix: 'no_access' }).expect(502);
    expect(res.body.message).toBe(`OpenAI: refused to create the fine-tune job: ${words}`);
    expect(openai.files.size).toBe(0);
    expect(openai.requestsTo('DELETE', /^\/v1\/files\//)).toHaveLength(1);
    expect(openai.requestsTo('POST', /^\/v1\/fine_tuning\/jobs$/)).toHaveLength(1);
    expect(await jobsOf()).toEqual([]);
    // Every model of the key says so now, before the operator confirms another start.
    const other = await createModel(t.agent, 'Another', 'gpt-4o-mini', 10);
    expect(await modelOf(other)).toMatchObject({
      fine_tune_refusal: words,
      fine_tune_refused_at: expect.any(String),
      actions: { fineTune: { allowed: true } },
    });
    // Once OpenAI creates a job for the key again, the refusal is forgotten.
    openai.fineTuningRefusal = null;
    await t.agent.post('/api/fine-tune-jobs/start').send({ modelId: other, suffix: 'another' }).expect(201);
    expect((await modelOf(id)).fine_tune_refusal).toBeNull();
  });

  it('should meet the refusal OpenAI gives everybody from 2027-01-06', async () => {
    const id = await createModel(t.agent, 'Too late', 'gpt-4o', 10);
    openai.today = '2027-01-06';
    const res = await t.agent.post('/api/fine-tune-jobs/start').send({ modelId: id, suffix: 'late' }).expect(502);
    expect(res.body.message).toMatch(/^OpenAI: refused to create the fine-tune job: Your organization cannot create new fine-tuning jobs/);
    expect(await jobsOf()).toEqual([]);
  });

  it.each(['gpt-6-luna', 'gpt-5'])(
    'should leave it to OpenAI whether %s can be fine-tuned, and answer its refusal of the model with 409 in its words, keeping nothing',
    async (base) => {
      const id = await createModel(t.agent, `On ${base}`, base, 10);
      expect((await modelOf(id)).actions.fineTune).toEqual({ allowed: true, reason: null });
      const res = await t.agent.post('/api/fine-tune-jobs/start').send({ modelId: id, suffix: 'x' }).expect(409);
      expect(res.body.message).toBe(`OpenAI: refused to create the fine-tune job: Model ${base} is not available for fine-tuning or does not exist.`);
      expect(openai.requestsTo('POST', /^\/v1\/fine_tuning\/jobs$/).map((r) => JSON.parse(r.body).model)).toEqual([base]);
      expect(openai.files.size).toBe(0);
      expect(await jobsOf()).toEqual([]);
    },
  );

  it('should remember OpenAI’s refusal of a base model for the key: said before the next start, which answers at once uploading nothing; another key is asked again', async () => {
    const id = await createModel(t.agent, 'On gpt-5', 'gpt-5', 10);
    const words = 'Model gpt-5 is not available for fine-tuning or does not exist.';
    const uploads = () => openai.requestsTo('POST', /^\/v1\/files$/).length;
    const creates = () => openai.requestsTo('POST', /^\/v1\/fine_tuning\/jobs$/).length;

    const first = await t.agent.post('/api/fine-tune-jobs/start').send({ modelId: id, suffix: 'on_gpt-5' }).expect(409);
    expect(first.body).toMatchObject({ statusCode: 409, message: `OpenAI: refused to create the fine-tune job: ${words}` });
    expect([uploads(), creates(), openai.files.size]).toEqual([1, 1, 0]);
    expect(await jobsOf()).toEqual([]);

    // The dialog's model says so before the operator confirms; another base model of the key is not refused.
    const refused = await modelOf(id);
    expect(refused).toMatchObject({
      fine_tune_refusal: words,
      fine_tune_refused_model: 'gpt-5',
      actions: { fineTune: { allowed: true, reason: null } },
    });
    const heldFor = new Date(refused.fine_tune_refusal_until).getTime() - new Date(refused.fine_tune_refused_at).getTime();
    expect(heldFor).toBe(7 * 24 * 3600_000);
    const other = await createModel(t.agent, 'On gpt-4o', 'gpt-4o', 10);
    expect(await modelOf(other)).toMatchObject({ fine_tune_refusal: null, fine_tune_refused_model: null, fine_tune_refusal_until: null });

    const again = await t.agent.post('/api/fine-tune-jobs/start').send({ modelId: id, suffix: 'on_gpt-5' }).expect(409);
    // The same answer, but for the id of the request it answers.
    expect({ ...again.body, requestId: undefined }).toEqual({ ...first.body, requestId: undefined });
    expect([uploads(), creates()]).toEqual([1, 1]);
    expect(await jobsOf()).toEqual([]);

    // Another key (another organisation, which OpenAI lets fine-tune gpt-5) is asked afresh.
    openai.apiKey = 'sk-test-quire-another-org-key-0001';
    openai.fineTunableSnapshots.push('gpt-5');
    await t.agent
      .post('/api/user')
      .send({ envVars: { OPENAI_API_KEY: openai.apiKey } })
      .expect(200);
    expect((await modelOf(id)).fine_tune_refusal).toBeNull();
    await t.agent.post('/api/fine-tune-jobs/start').send({ modelId: id, suffix: 'on_gpt-5' }).expect(201);
    expect([uploads(), creates()]).toEqual([2, 2]);
  });

  it('should ask OpenAI again about a refused base model once the refusal no longer holds', async () => {
    const id = await createModel(t.agent, 'Later', 'gpt-5', 10);
    await t.agent.post('/api/fine-tune-jobs/start').send({ modelId: id, suffix: 'later' }).expect(409);
    await t.database.db.execute(sql`update fine_tune_refusals set refused_at = now() - interval '7 days 1 minute'`);
    expect((await modelOf(id)).fine_tune_refusal).toBeNull();
    openai.fineTunableSnapshots.push('gpt-5');
    await t.agent.post('/api/fine-tune-jobs/start').send({ modelId: id, suffix: 'later' }).expect(201);
    expect(openai.requestsTo('POST', /^\/v1\/fine_tuning\/jobs$/)).toHaveLength(2);
  });

  it("should offer every model's examples as OpenAI's chat fine-tuning JSONL, a download", async () => {
    const id = await createModel(t.agent, 'Exported voice', 'gpt-4o', 3);
    const res = await t.agent.get(`/api/models/${id}/examples.jsonl`).buffer(true).expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/jsonl/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="Exported voice.jsonl"');
    const lines = res.text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toHaveLength(3);
    for (const line of lines) {
      expect(Object.keys(line)).toEqual(['messages']);
      expect(line.messages.map((m: { role: string }) => m.role)).toEqual(['system', 'user', 'assistant']);
    }
    const empty = await createModel(t.agent, 'Empty', 'gpt-4o', 0);
    expect((await t.agent.get(`/api/models/${empty}/examples.jsonl`).buffer(true).expect(200)).text).toBe('');
    await t.agent.get(`/api/models/${randomUUID()}/examples.jsonl`).expect(404);
  });

  it('should say the account is out of credit, asking OpenAI once, and keep nothing', async () => {
    const id = await createModel(t.agent, 'Broke', 'gpt-4o', 10);
    openai.outOfCredit = true;
    const res = await t.agent.post('/api/fine-tune-jobs/start').send({ modelId: id, suffix: 'broke' }).expect(502);
    expect(res.body.message).toMatch(
      /^OpenAI: could not create the fine-tune job: the OpenAI account of this key is out of credit \(insufficient_quota\)\. Add credit or raise the budget under Billing at platform\.openai\.com, then try again\. OpenAI said: You exceeded your current quota/,
    );
    expect(res.body.message).not.toContain('minute');
    expect(openai.requestsTo('POST', /^\/v1\/fine_tuning\/jobs$/)).toHaveLength(1);
    expect(openai.files.size).toBe(0);
    expect(await jobsOf()).toEqual([]);
  });

  it('should record a job that fails at OpenAI with its reason and let the model be tried again', async () => {
    openai.fineTuneScript = ['validating_files', 'failed'];
    const id = await createModel(t.agent, 'Doomed', 'gpt-4o-mini', 10);
    await t.agent.post('/api/fine-tune-jobs/start').send({ modelId: id, suffix: 'doomed' }).expect(201);
    expect(JSON.parse(openai.requestsTo('POST', /^\/v1\/fine_tuning\/jobs$/)[0].body).model).toBe('gpt-4o-mini-2024-07-18');
    const [failed] = await eventually(jobsOf, (jobs) => jobs[0]?.status === 'failed');
    expect(failed.message).toBe('OpenAI: The training file contains examples that violate the usage policy.');
    const model = await modelOf(id);
    expect(model.date_tuned).toBeNull();
    expect(model.actions.fineTune.allowed).toBe(true);
    expect(model.actions.delete.allowed).toBe(false);
    openai.fineTuneScript = ['validating_files', 'running', 'succeeded'];
    await t.agent.post('/api/fine-tune-jobs/start').send({ modelId: id, suffix: 'doomed' }).expect(201);
  });

  it('should keep a tuned model when OpenAI cannot delete its fine-tuned model', async () => {
    const id = await createModel(t.agent, 'Sticky', 'gpt-4o', 10);
    await t.agent.post('/api/fine-tune-jobs/start').send({ modelId: id, suffix: 'sticky' }).expect(201);
    await eventually(jobsOf, (jobs) => jobs[0]?.status === 'completed');
    openai.failNext('DELETE', /^\/v1\/models\//, 500, 'Internal error', 3);
    const res = await t.agent.delete(`/api/models/${id}`).expect(502);
    expect(res.body.message).toMatch(/^OpenAI: could not delete the fine-tuned model ft:/);
    await t.agent.get(`/api/models/${id}`).expect(200);
  });

  it('should keep a tuned model and say why when OpenAI refuses to delete it (the key lacks the Owner role)', async () => {
    const id = await createModel(t.agent, 'Not mine to delete', 'gpt-4o', 10);
    await t.agent.post('/api/fine-tune-jobs/start').send({ modelId: id, suffix: 'owner' }).expect(201);
    const [done] = await eventually(jobsOf, (jobs) => jobs[0]?.status === 'completed');
    openai.ownerRole = false;
    const res = await t.agent.delete(`/api/models/${id}`).expect(502);
    expect(res.body.message).toBe(
      `OpenAI: refused to delete the fine-tuned model ${done.output_model}: the API key saved on Home lacks the Owner role in its OpenAI organization, which deleting a model needs. The model is kept; delete it with an owner's key. OpenAI said: You have insufficient permissions for this operation: only an Owner of the organization can delete a fine-tuned model.`,
    );
    expect(openai.requestsTo('DELETE', /^\/v1\/models\//)).toHaveLength(1);
    expect((await modelOf(id)).output_model).toBe(done.output_model);
    expect(openai.models.has(done.output_model)).toBe(true);
  });

  describe('when the answer to the create call is lost', () => {
    const creates = () => openai.requestsTo('POST', /^\/v1\/fine_tuning\/jobs$/);
    const listings = () => openai.requestsTo('GET', /^\/v1\/fine_tuning\/jobs$/);

    it.each([
      ['the connection drops', 'drop'],
      ['OpenAI answers 500', 'error'],
    ] as const)('should find the job OpenAI created when %s, and never create a second', async (_case, how) => {
      const id = await createModel(t.agent, 'Lost answer', 'gpt-4o', 10);
      openai.loseNextFineTuneCreate = how;
      const started = await t.agent.post('/api/fine-tune-jobs/start').send({ modelId: id, suffix: 'lost' }).expect(201);
      expect(started.body.status).toBe('queued');
      expect(creates()).toHaveLength(1);
      expect(listings()).toHaveLength(1);
      expect(openai.jobs.size).toBe(1);
      const [remote] = [...openai.jobs.values()];
      expect(remote.trainingFile).toBe([...openai.files.keys()][0]);
      const [done] = await eventually(jobsOf, (jobs) => jobs[0]?.status === 'completed');
      expect(done.output_model).toMatch(new RegExp(`^ft:gpt-4o-2024-08-06:quire:lost:${remote.id.slice(-8)}$`));
      expect(openai.jobs.size).toBe(1);
    });

    it('should try again only after making sure the failed call created nothing', async () => {
      const id = await createModel(t.agent, 'Second try', 'gpt-4o', 10);
      openai.failNext('POST', /^\/v1\/fine_tuning\/jobs$/, 500, 'The server had an error while processing your request.');
      await t.agent.post('/api/fine-tune-jobs/start').send({ modelId: id, suffix: 'second' }).expect(201);
      const order = openai.requests.filter((r) => r.path.startsWith('/v1/fine_tuning/jobs')).map((r) => r.method);
      expect(order).toEqual(['POST', 'GET', 'POST']);
      expect(openai.jobs.size).toBe(1);
      expect(await jobsOf()).toHaveLength(1);
    });

    it('should give up cleanly after three calls that OpenAI answered without creating anything', async () => {
      const id = await createModel(t.agent, 'Three strikes', 'gpt-4o', 10);
      openai.failNext('POST', /^\/v1\/fine_tuning\/jobs$/, 503, 'The engine is currently overloaded, please try again later.', 3);
      const res = await t.agent.post('/api/fine-tune-jobs/start').send({ modelId: id, suffix: 'three' }).expect(502);
      expect(res.body.message).toBe('OpenAI: could not create the fine-tune job: The engine is currently overloaded, please try again later.');
      expect(creates()).toHaveLength(3);
      expect(listings()).toHaveLength(3);
      expect(openai.jobs.size).toBe(0);
      expect(openai.files.size).toBe(0);
      expect(await jobsOf()).toEqual([]);
      expect((await modelOf(id)).actions.fineTune.allowed).toBe(true);
    });

    it('should keep the reservation when it cannot tell, and follow the job once OpenAI shows it', async () => {
      const id = await createModel(t.agent, 'Unknown', 'gpt-4o', 10);
      openai.loseNextFineTuneCreate = 'drop';
      openai.failNext('GET', /^\/v1\/fine_tuning\/jobs$/, 500, 'The server had an error while processing your request.', 3);
      const res = await t.agent.post('/api/fine-tune-jobs/start').send({ modelId: id, suffix: 'unknown' }).expect(502);
      const file = [...openai.files.keys()][0];
      expect(res.body.message).toBe(
        `OpenAI: did not confirm the fine-tune job (OpenAI: could not look for the fine-tune job it may have created: The server had an error while processing your request.), and Quire could not check whether it was created. Quire keeps looking for a job on training file ${file} and follows it if it exists; do not start another meanwhile.`,
      );
      expect(creates()).toHaveLength(1);
      const [held] = await jobsOf();
      expect(held).toMatchObject({ status: 'queued', message: res.body.message });
      await t.agent.post('/api/fine-tune-jobs/start').send({ modelId: id, suffix: 'again' }).expect(409);
      await eventually(jobsOf, (jobs) => jobs[0]?.status === 'completed');
      expect(creates()).toHaveLength(1);
      expect(openai.jobs.size).toBe(1);
    });
  });

  describe('when a job pauses at OpenAI', () => {
    it('should show pausing and paused as such, and then let the model be fine-tuned again, cancelling the paused job first', async () => {
      openai.fineTuneScript = ['validating_files', 'running', 'pausing', 'paused'];
      const id = await createModel(t.agent, 'Paused', 'gpt-4o', 10);
      await t.agent.post('/api/fine-tune-jobs/start').send({ modelId: id, suffix: 'paused' }).expect(201);
      const seen = new Set<string>();
      await eventually(jobsOf, (jobs) => (jobs[0] && seen.add(jobs[0].status), jobs[0]?.status === 'paused'));
      expect(seen.has('pausing')).toBe(true);
      const model = await modelOf(id);
      expect(model.fine_tune_status).toBe('paused');
      expect(model.actions.fineTune).toEqual({ allowed: true, reason: null });

      openai.fineTuneScript = ['validating_files', 'running', 'succeeded'];
      await t.agent.post('/api/fine-tune-jobs/start').send({ modelId: id, suffix: 'paused' }).expect(201);
      const [pausedJob] = [...openai.jobs.values()];
      expect(openai.requestsTo('POST', /^\/v1\/fine_tuning\/jobs\/[^/]+\/cancel$/).map((r) => r.path)).toEqual([`/v1/fine_tuning/jobs/${pausedJob.id}/cancel`]);
      const jobs = await eventually(jobsOf, (list) => list[0]?.status === 'completed');
      expect(jobs.map((job: { status: string }) => job.status)).toEqual(['completed', 'failed']);
      expect(jobs[1].message).toBe('Cancelled at OpenAI while paused, to fine-tune the model again.');
    });

    it('should block the model while its job is being paused', async () => {
      openai.fineTuneScript = ['validating_files', 'pausing'];
      const id = await createModel(t.agent, 'Pausing', 'gpt-4o', 10);
      await t.agent.post('/api/fine-tune-jobs/start').send({ modelId: id, suffix: 'pausing' }).expect(201);
      await eventually(jobsOf, (jobs) => jobs[0]?.status === 'pausing');
      const res = await t.agent.post('/api/fine-tune-jobs/start').send({ modelId: id, suffix: 'pausing' }).expect(409);
      expect(res.body.message).toBe('The fine-tune job of this model is being paused at OpenAI; try again once it is paused.');
    });
  });

  it('should refuse an unknown model or a malformed request with nothing started', async () => {
    const unknown = await t.agent.post('/api/fine-tune-jobs/start').send({ modelId: '6f1c2b3a-0000-4000-8000-000000000000', suffix: 'x' }).expect(400);
    expect(unknown.body).toMatchObject({ message: 'modelId is not one of your models', errors: [{ field: 'modelId', message: 'is not one of your models' }] });
    const bad = await t.agent.post('/api/fine-tune-jobs/start').send({ modelId: 'abc', suffix: '' }).expect(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['modelId', 'suffix']);
    expect(openai.requests).toHaveLength(0);
  });

  it('should let only one process claim a due job at a time', async () => {
    const id = await createModel(t.agent, 'Claimed', 'gpt-4o', 10);
    openai.fineTuneScript = ['validating_files', 'running'];
    await t.agent.post('/api/fine-tune-jobs/start').send({ modelId: id, suffix: 'claimed' }).expect(201);
    const repository = t.app.get(FineTuneJobsRepository);
    const later = new Date(Date.now() + 3_600_000);
    const [first, second] = await Promise.all([repository.claimDue(later, 60_000, 10), repository.claimDue(later, 60_000, 10)]);
    expect(first.length + second.length).toBe(1);
    expect(await repository.claimDue(later, 60_000, 10)).toEqual([]);
  });
});
