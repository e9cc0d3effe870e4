import request from 'supertest';
import { createModel, createSection, sectionBody } from '../support/fixtures';
import { otherOperatorCookie } from '../support/test-app';
import { useTestApp } from '../support/use-test-app';

describe('Sections', () => {
  const t = useTestApp({ signIn: 'local' });
  let modelId: string;

  beforeEach(async () => {
    modelId = await createModel(t.agent, 'Writer');
  });

  it('should create, read, update and delete a section', async () => {
    const created = await createSection(t.agent, modelId);
    expect(created).toMatchObject({ ...sectionBody(modelId), _id: expect.any(String) });
    expect((await t.agent.get(`/api/sections/${created._id}`).expect(200)).body.name).toBe('FAQ');
    const updated = await t.agent
      .put(`/api/sections/${created._id}`)
      .send(sectionBody(modelId, { name: 'FAQ v2', temperature: 1.2, notes: '' }))
      .expect(200);
    expect(updated.body).toMatchObject({ name: 'FAQ v2', temperature: 1.2, notes: '' });
    await t.agent.delete(`/api/sections/${created._id}`).expect(200);
    await t.agent.get(`/api/sections/${created._id}`).expect(404);
  });

  it('should keep a bias list on a section and drop it when the list is deleted', async () => {
    const list = await t.agent
      .post('/api/logit-bias-groups')
      .send({ name: 'Banned', entries: [{ words: ['delve'], bias: -100 }] })
      .expect(201);
    const section = await createSection(t.agent, modelId, { logit_bias_group: list.body._id });
    expect(section.logit_bias_group).toBe(list.body._id);
    await t.agent.delete(`/api/logit-bias-groups/${list.body._id}`).expect(200);
    expect((await t.agent.get(`/api/sections/${section._id}`).expect(200)).body.logit_bias_group).toBeNull();
  });

  it('should name copies by the first free " (n)", counting from the base name and filling gaps', async () => {
    const intro = await createSection(t.agent, modelId, { name: 'Intro' });
    const copy = async (id: string) => (await t.agent.post(`/api/sections/${id}/copy`).expect(201)).body;
    const one = await copy(intro._id);
    expect(one.name).toBe('Intro (1)');
    expect(one._id).not.toBe(intro._id);
    expect(one).toMatchObject({ model: modelId, temperature: 0.7, system_message: intro.system_message });
    const two = await copy(one._id);
    expect(two.name).toBe('Intro (2)');
    await t.agent
      .put(`/api/sections/${two._id}`)
      .send(sectionBody(modelId, { name: 'Intro (3)' }))
      .expect(200);
    expect((await copy(intro._id)).name).toBe('Intro (2)');
    expect((await copy(intro._id)).name).toBe('Intro (4)');
    await createSection(t.agent, modelId, { name: 'Intro_x (1)' });
    expect((await copy(intro._id)).name).toBe('Intro (5)');
  });

  it.each([
    ['a blank name', { name: '  ' }, 'name is required'],
    ['a missing model', { model: undefined }, 'model must be one of your models'],
    ['a model that is not a uuid', { model: 'gpt-4o' }, 'model must be one of your models'],
    ['a temperature above 2', { temperature: 2.5 }, 'temperature must be from 0 to 2'],
    ['a temperature given as text', { temperature: '0.7' }, 'temperature must be a number'],
    ['a blank system message', { system_message: ' \n ' }, 'system_message is required'],
    ['a missing user message', { user_message: undefined }, 'user_message must be text'],
    ['a huge user message', { user_message: 'x'.repeat(20_001) }, 'user_message must be at most 20000 characters'],
    ['an unknown field', { user_id: 'x' }, 'property user_id should not exist'],
    ['a bias list that is not a uuid', { logit_bias_group: 'None' }, 'logit_bias_group must be one of your bias word lists or null'],
  ])('should answer 400 to %s and change nothing', async (_case, overrides, message) => {
    const existing = await createSection(t.agent, modelId);
    const body = sectionBody(modelId, overrides);
    const created = await t.agent.post('/api/sections').send(body).expect(400);
    expect(created.body.message).toContain(message);
    // An update may leave a field out (it keeps its value); a field given is checked as on create.
    const missing = Object.values(overrides).includes(undefined);
    const updated = await t.agent
      .put(`/api/sections/${existing._id}`)
      .send(body)
      .expect(missing ? 200 : 400);
    if (!missing) expect(updated.body.message).toContain(message);
    const list = await t.agent.get('/api/sections').expect(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject(sectionBody(modelId));
  });

  it("should refuse another operator's model or bias list inside a section", async () => {
    const grace = await otherOperatorCookie(t);
    const theirModel = (await request(t.http).post('/api/models').set('Cookie', grace).send({ name: 'Theirs', base_model: 'gpt-4o' }).expect(201)).body._id;
    const theirList = (
      await request(t.http)
        .post('/api/logit-bias-groups')
        .set('Cookie', grace)
        .send({ name: 'L', entries: [{ words: ['x'], bias: 1 }] })
        .expect(201)
    ).body._id;
    expect((await t.agent.post('/api/sections').send(sectionBody(theirModel)).expect(400)).body).toMatchObject({
      message: 'model is not one of your models',
      errors: [{ field: 'model', message: 'is not one of your models' }],
    });
    expect(
      (
        await t.agent
          .post('/api/sections')
          .send(sectionBody(modelId, { logit_bias_group: theirList }))
          .expect(400)
      ).body.message,
    ).toBe('logit_bias_group is not one of your bias word lists');
  });

  it("should answer 404 for another operator's section and never list it", async () => {
    const mine = await createSection(t.agent, modelId);
    const grace = await otherOperatorCookie(t);
    for (const req of [
      request(t.http).get(`/api/sections/${mine._id}`),
      request(t.http).put(`/api/sections/${mine._id}`).send(sectionBody(modelId)),
      request(t.http).post(`/api/sections/${mine._id}/copy`),
      request(t.http).delete(`/api/sections/${mine._id}`),
    ]) {
      expect((await req.set('Cookie', grace).expect(404)).body.message).toBe('Section not found.');
    }
    expect((await request(t.http).get('/api/sections').set('Cookie', grace).expect(200)).body).toEqual([]);
    expect((await t.agent.get('/api/sections').expect(200)).body).toHaveLength(1);
  });

  it('should sort, page and filter the list with Content-Range', async () => {
    for (const [name, temperature] of [
      ['Beta', 0.2],
      ['Alpha', 0.9],
      ['Gamma', 0.5],
    ] as const)
      await createSection(t.agent, modelId, { name, temperature });
    const sorted = await t.agent.get('/api/sections').query({ sort: '["temperature","DESC"]', range: '[0,1]' }).expect(200);
    expect(sorted.headers['content-range']).toBe('sections 0-1/3');
    expect(sorted.body.map((s: { name: string }) => s.name)).toEqual(['Alpha', 'Gamma']);
    const filtered = await t.agent
      .get('/api/sections')
      .query({ filter: JSON.stringify({ q: 'amm' }) })
      .expect(200);
    expect(filtered.body.map((s: { name: string }) => s.name)).toEqual(['Gamma']);
    const byModel = await t.agent
      .get('/api/sections')
      .query({ filter: JSON.stringify({ model: modelId }) })
      .expect(200);
    expect(byModel.headers['content-range']).toBe('sections 0-2/3');
  });
});
