import request from 'supertest';
import { randomUUID } from 'node:crypto';
import { createModel, example } from '../support/fixtures';
import { useTestApp } from '../support/use-test-app';
import { otherOperatorCookie } from '../support/test-app';

describe('Models and their training examples', () => {
  const t = useTestApp({ signIn: 'local' });

  const otherOperator = () => otherOperatorCookie(t);

  it('should create a model and answer it with its fields and what may be done with it', async () => {
    const res = await t.agent.post('/api/models').send({ name: '  Blog voice ', base_model: 'gpt-4o' }).expect(201);
    expect(res.body).toMatchObject({
      name: 'Blog voice',
      base_model: 'gpt-4o',
      output_model: null,
      date_tuned: null,
      tokens: null,
      example_count: 0,
      fine_tune_status: null,
      examples: [],
      actions: {
        fineTune: { allowed: false, reason: 'A model needs at least 10 examples to be fine-tuned; this one has 0.' },
        delete: { allowed: false, reason: 'Only a fine-tuned model can be deleted.' },
      },
    });
    expect(res.body._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(res.body.date_created).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it.each([
    [{ name: '   ', base_model: 'gpt-4o' }, 'name is required'],
    [{ base_model: 'gpt-4o' }, 'name must be text'],
    [{ name: 'x'.repeat(101), base_model: 'gpt-4o' }, 'name must be at most 100 characters'],
    [{ name: 'A', base_model: 'gpt 5 ultra' }, 'base_model must be a model id as its vendor lists it, such as gpt-4o'],
    [{ name: 'A', base_model: 'gpt-4o', output_model: 'ft:x' }, 'property output_model should not exist'],
    [{ name: 42, base_model: 'gpt-4o' }, 'name must be text'],
  ])('should refuse %j with 400 and create nothing', async (body, message) => {
    const res = await t.agent.post('/api/models').send(body).expect(400);
    expect(res.body.message).toContain(message);
    expect((await t.agent.get('/api/models').expect(200)).body).toEqual([]);
  });

  it('should keep names unique per operator, ignoring case', async () => {
    await createModel(t.agent, 'Blog voice');
    const res = await t.agent.post('/api/models').send({ name: 'BLOG VOICE', base_model: 'gpt-4' }).expect(409);
    expect(res.body.message).toBe('A model named "BLOG VOICE" already exists.');
    const grace = await otherOperator();
    await request(t.http).post('/api/models').set('Cookie', grace).send({ name: 'Blog voice', base_model: 'gpt-4o' }).expect(201);
  });

  it('should list with Content-Range, sort, range and filter', async () => {
    for (const name of ['Charlie', 'Alpha', 'Bravo']) await createModel(t.agent, name);
    const all = await t.agent.get('/api/models').expect(200);
    expect(all.headers['content-range']).toBe('models 0-2/3');
    expect(all.body.map((m: { name: string }) => m.name)).toEqual(['Bravo', 'Alpha', 'Charlie']);
    const page = await t.agent.get('/api/models').query({ sort: '["name","ASC"]', range: '[1,1]' }).expect(200);
    expect(page.headers['content-range']).toBe('models 1-1/3');
    expect(page.body.map((m: { name: string }) => m.name)).toEqual(['Bravo']);
    const search = await t.agent.get('/api/models').query({ filter: '{"q":"alp"}' }).expect(200);
    expect(search.body.map((m: { name: string }) => m.name)).toEqual(['Alpha']);
    const none = await t.agent.get('/api/models').query({ filter: '{"q":"zzz"}' }).expect(200);
    expect(none.headers['content-range']).toBe('models */0');
    expect('examples' in all.body[0]).toBe(false);
  });

  it.each([
    [{ sort: '["secret","ASC"]' }, 'Cannot sort by secret'],
    [{ sort: 'name' }, 'sort is not valid JSON'],
    [{ range: '[5,1]' }, 'range must look like [start,end]'],
    [{ range: '[0,5000]' }, 'range may cover at most 1000 rows'],
    [{ filter: '{"user_id":"x"}' }, 'Cannot filter by user_id'],
    [{ page: '2' }, 'Unknown query parameter: page'],
  ])('should answer 400 to the list query %j', async (query, message) => {
    const res = await t.agent.get('/api/models').query(query).expect(400);
    expect(res.body.message).toContain(message);
  });

  it('should add examples in system, user, assistant order and show them on the model', async () => {
    const id = await createModel(t.agent);
    const shuffled = example(1);
    shuffled.messages = [shuffled.messages[2], shuffled.messages[0], shuffled.messages[1]];
    const added = await t.agent.post(`/api/models/${id}/add-example`).send({ example: shuffled }).expect(201);
    expect(added.body.messages.map((m: { role: string }) => m.role)).toEqual(['system', 'user', 'assistant']);
    await t.agent
      .post(`/api/models/${id}/add-example`)
      .send({ example: example(2, { article_uuid: null }) })
      .expect(201);
    const model = await t.agent.get(`/api/models/${id}`).expect(200);
    expect(model.body.example_count).toBe(2);
    expect(model.body.examples.map((e: { uuid: string }) => e.uuid)).toEqual(['section-1', 'section-2']);
    expect(model.body.examples[1]).toMatchObject({ article_uuid: null, clusterId: 2 });
  });

  it('should refuse a uuid already in the model with 409', async () => {
    const id = await createModel(t.agent);
    await t.agent
      .post(`/api/models/${id}/add-example`)
      .send({ example: example(1) })
      .expect(201);
    const res = await t.agent
      .post(`/api/models/${id}/add-example`)
      .send({ example: example(1) })
      .expect(409);
    expect(res.body.message).toBe('This section has already been added to this model.');
    expect((await t.agent.get(`/api/models/${id}`).expect(200)).body.example_count).toBe(1);
  });

  it('should replace the example of the same uuid when replace is true', async () => {
    const id = await createModel(t.agent);
    await t.agent
      .post(`/api/models/${id}/add-example`)
      .send({ example: example(1) })
      .expect(201);
    const second = example(1, { clusterId: 7 });
    second.messages = [second.messages[0], second.messages[1], { role: 'assistant', content: 'A better answer.' }];
    await t.agent.post(`/api/models/${id}/add-example`).send({ example: second, replace: true }).expect(201);
    const model = (await t.agent.get(`/api/models/${id}`).expect(200)).body;
    expect(model.examples).toHaveLength(1);
    expect(model.examples[0]).toMatchObject({ clusterId: 7 });
    expect(model.examples[0].messages[2]).toEqual({ role: 'assistant', content: 'A better answer.' });
    await t.agent
      .post(`/api/models/${id}/add-example`)
      .send({ example: example(2), replace: 'yes' })
      .expect(400);
  });

  const twoUsers = example(1);
  twoUsers.messages = [twoUsers.messages[0], twoUsers.messages[1], { role: 'user', content: 'again' }];
  it.each([
    ['two user messages', { example: twoUsers }, 'An example needs exactly one system, one user and one assistant message.'],
    ['two messages', { example: { ...example(1), messages: example(1).messages.slice(0, 2) } }, 'messages must hold exactly three messages'],
    [
      'an unknown role',
      { example: { ...example(1), messages: [...example(1).messages.slice(0, 2), { role: 'tool', content: 'x' }] } },
      'role must be system, user or assistant',
    ],
    [
      'blank content',
      { example: { ...example(1), messages: [...example(1).messages.slice(0, 2), { role: 'assistant', content: '  ' }] } },
      'The assistant message must not be empty.',
    ],
    [
      'huge content',
      { example: { ...example(1), messages: [...example(1).messages.slice(0, 2), { role: 'assistant', content: 'x'.repeat(20_001) }] } },
      'content must be at most 20000 characters',
    ],
    ['a fractional clusterId', { example: example(1, { clusterId: 1.5 }) }, 'clusterId must be a whole number'],
    ['no uuid', { example: example(1, { uuid: '' }) }, 'uuid is required'],
    ['no example', {}, 'example is required'],
    ['an unknown field', { example: example(1), extra: true }, 'property extra should not exist'],
  ])('should refuse an example with %s (400) and change nothing', async (_case, body, message) => {
    const id = await createModel(t.agent);
    const res = await t.agent.post(`/api/models/${id}/add-example`).send(body).expect(400);
    expect(res.body.message).toContain(message);
    expect((await t.agent.get(`/api/models/${id}`).expect(200)).body.example_count).toBe(0);
  });

  it('should remove an example by uuid, and answer 404 when it is not there', async () => {
    const id = await createModel(t.agent, 'M', 'gpt-4o', 2);
    const res = await t.agent.delete(`/api/models/${id}/remove-example`).send({ uuid: 'section-1' }).expect(200);
    expect(res.body).toEqual({ uuid: 'section-1' });
    expect((await t.agent.get(`/api/models/${id}`).expect(200)).body.examples.map((e: { uuid: string }) => e.uuid)).toEqual(['section-2']);
    const again = await t.agent.delete(`/api/models/${id}/remove-example`).send({ uuid: 'section-1' }).expect(404);
    expect(again.body.message).toBe('This model has no example for that section.');
  });

  it("should answer 404 for another operator's model on every route and never list it", async () => {
    const id = await createModel(t.agent, 'Mine', 'gpt-4o', 1);
    const grace = await otherOperator();
    const as = (req: request.Test) => req.set('Cookie', grace);
    for (const req of [
      as(request(t.http).get(`/api/models/${id}`)),
      as(request(t.http).delete(`/api/models/${id}`)),
      as(
        request(t.http)
          .post(`/api/models/${id}/add-example`)
          .send({ example: example(9) }),
      ),
      as(request(t.http).delete(`/api/models/${id}/remove-example`).send({ uuid: 'section-1' })),
    ]) {
      const res = await req.expect(404);
      expect(res.body.message).toBe('Model not found.');
    }
    expect((await as(request(t.http).get('/api/models')).expect(200)).body).toEqual([]);
    expect((await t.agent.get(`/api/models/${id}`).expect(200)).body.example_count).toBe(1);
  });

  it('should answer 404 for an id that is not a uuid', async () => {
    const res = await t.agent.get('/api/models/not-a-uuid').expect(404);
    expect(res.body).toEqual({ statusCode: 404, error: 'Not Found', message: 'Model not found.', requestId: res.headers['x-request-id'] });
  });

  it('should refuse to delete a model that was never fine-tuned', async () => {
    const id = await createModel(t.agent);
    const res = await t.agent.delete(`/api/models/${id}`).expect(409);
    expect(res.body.message).toBe('Only a fine-tuned model can be deleted.');
    await t.agent.get(`/api/models/${id}`).expect(200);
  });

  it('should list training jobs (none yet) with a Content-Range and 404 an unknown one', async () => {
    const list = await t.agent.get('/api/training-jobs').expect(200);
    expect(list.body).toEqual([]);
    expect(list.headers['content-range']).toBe('training-jobs */0');
    await t.agent.get(`/api/training-jobs/${randomUUID()}`).expect(404);
  });
});
