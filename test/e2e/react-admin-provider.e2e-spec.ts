import { fetchUtils } from 'ra-core';
import request from 'supertest';
import { createDataProvider, QuireDataProvider } from '../../admin/src/dataProvider';
import { OpenAiFake } from '../fakes/openai-fake';
import { createModel } from '../support/fixtures';
import { otherOperatorCookie } from '../support/test-app';
import { useTestApp } from '../support/use-test-app';

/**
 * The dashboard's own data provider (ra-data-simple-rest with the id mapping) against the running
 * API, called the way react-admin's screens call it by default: getList with react-admin's
 * default sort (`id`) and with `q`, getOne, getMany, getManyReference, create, update with the
 * whole record as <Edit> sends it back, delete, updateMany and deleteMany — on every resource that
 * has the method.
 */
describe("react-admin's data provider against every resource", () => {
  const openai = new OpenAiFake();
  const t = useTestApp({ fakes: [openai], env: () => ({ OPENAI_BASE_URL: openai.baseUrl, NOTION_POLL_SECONDS: '3600', FINE_TUNE_POLL_SECONDS: '3600' }) });
  let provider: QuireDataProvider;
  let base: string;

  beforeAll(async () => {
    await t.app.listen(0, '127.0.0.1');
    base = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
  });

  /** The data provider as a browser holding `cookie` would use it. */
  const providerFor = (cookie: string) =>
    createDataProvider(`${base}/api`, (url, options = {}) => {
      const headers = new Headers(options.headers as ConstructorParameters<typeof Headers>[0]);
      headers.set('Cookie', cookie);
      return fetchUtils.fetchJson(url, { ...options, headers });
    });

  let agent: ReturnType<typeof request.agent>;
  beforeEach(async () => {
    const login = await request(t.http).get('/api/auth/local').expect(302);
    const cookie = String(login.headers['set-cookie'][0]).split(';')[0];
    agent = request.agent(t.http).set('Cookie', cookie);
    provider = providerFor(cookie);
  });

  /** What react-admin's <List> asks first: page 1 of 10, sorted by `id`, no filter. */
  const defaultList = (resource: string, filter: Record<string, unknown> = {}) =>
    provider.getList(resource, { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter });
  const ids = (records: { id: unknown }[]) => records.map((r) => r.id).sort();
  const sectionData = (model: string, name: string) => ({
    name,
    model,
    temperature: 0.5,
    logit_bias_group: null,
    system_message: 'S',
    user_message: 'U',
    notes: '',
  });

  it('should serve sections: every method, ids mapped, the whole record accepted back on update', async () => {
    const model = await createModel(agent, 'Voice');
    const other = await createModel(agent, 'Other voice');
    const a = (await provider.create('sections', { data: sectionData(model, 'Alpha intro') })).data;
    const b = (await provider.create('sections', { data: sectionData(model, 'Beta FAQ') })).data;
    const c = (await provider.create('sections', { data: sectionData(other, 'Gamma intro') })).data;
    expect(a.id).toBe(a._id);

    const list = await defaultList('sections');
    expect(list.total).toBe(3);
    expect(list.data.map((r) => r.id)).toEqual([a.id, b.id, c.id].sort());
    expect((await defaultList('sections', { q: 'intro' })).data.map((r) => r.name).sort()).toEqual(['Alpha intro', 'Gamma intro']);

    expect((await provider.getOne('sections', { id: b.id })).data).toMatchObject({ id: b.id, name: 'Beta FAQ' });
    expect(ids((await provider.getMany('sections', { ids: [a.id, c.id] })).data)).toEqual([a.id, c.id].sort());
    const byModel = await provider.getManyReference('sections', {
      target: 'model',
      id: other,
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(byModel).toMatchObject({ total: 1, data: [{ id: c.id }] });

    // <Edit> sends the record back as it was read, with `id`, `_id` and the timestamps.
    const read = (await provider.getOne('sections', { id: a.id })).data;
    const updated = (await provider.update('sections', { id: a.id, data: { ...read, name: 'Alpha intro, edited' }, previousData: read })).data;
    expect(updated).toMatchObject({ id: a.id, _id: a.id, name: 'Alpha intro, edited' });

    const many = await provider.updateMany('sections', { ids: [a.id, b.id], data: { ...sectionData(model, 'Same name') } });
    expect(many.data!.slice().sort()).toEqual([a.id, b.id].sort());

    expect((await provider.delete('sections', { id: c.id, previousData: c })).data.id).toBe(c.id);
    expect((await provider.deleteMany('sections', { ids: [a.id, b.id] })).data!.slice().sort()).toEqual([a.id, b.id].sort());
    expect((await defaultList('sections')).total).toBe(0);
  });

  it("should still refuse fields a record does not have, and another record's id", async () => {
    const model = await createModel(agent, 'Voice');
    const a = (await provider.create('sections', { data: sectionData(model, 'Alpha') })).data;
    await expect(provider.update('sections', { id: a.id, data: { ...a, owner: 'me' }, previousData: a })).rejects.toMatchObject({
      status: 400,
      message: 'property owner should not exist',
    });
    const b = (await provider.create('sections', { data: sectionData(model, 'Beta') })).data;
    // A record sent back to another record's URL is a mistake, not an update of either.
    await expect(provider.update('sections', { id: a.id, data: b, previousData: a })).rejects.toMatchObject({
      status: 400,
      message: '_id must be the id of the record being updated',
    });
  });

  it("should apply react-admin's bulk updates: only the fields sent change, on sections, articles, bias lists and clients", async () => {
    const model = await createModel(agent, 'Voice');
    const other = await createModel(agent, 'Other voice');
    const a = (await provider.create('sections', { data: { ...sectionData(model, 'Alpha'), notes: 'kept' } })).data;
    const b = (await provider.create('sections', { data: sectionData(model, 'Beta') })).data;
    // <BulkUpdateButton data={{ model }}> sends one PUT per record with only that field.
    expect((await provider.updateMany('sections', { ids: [a.id, b.id], data: { model: other } })).data!.slice().sort()).toEqual([a.id, b.id].sort());
    const [readA, readB] = [(await provider.getOne('sections', { id: a.id })).data, (await provider.getOne('sections', { id: b.id })).data];
    expect(readA).toMatchObject({ ...sectionData(other, 'Alpha'), notes: 'kept' });
    expect(readB).toMatchObject(sectionData(other, 'Beta'));
    // Each change is a new version of the section; an update that changes nothing adds none.
    expect((await agent.get(`/api/sections/${a.id}/versions`).expect(200)).body.map((v: any) => v.version)).toEqual([2, 1]);
    await provider.updateMany('sections', { ids: [a.id], data: { model: other } });
    expect((await agent.get(`/api/sections/${a.id}/versions`).expect(200)).body).toHaveLength(2);
    await provider.updateMany('sections', { ids: [a.id, b.id], data: { notes: 'bulk' } });
    expect((await provider.getMany('sections', { ids: [a.id, b.id] })).data.map((s) => [s.name, s.notes, s.model])).toEqual(
      expect.arrayContaining([
        ['Alpha', 'bulk', other],
        ['Beta', 'bulk', other],
      ]),
    );

    // Each field given is checked as on create, null included; unknown fields are still refused; nothing changes.
    await expect(provider.update('sections', { id: a.id, data: { temperature: 3 }, previousData: readA })).rejects.toMatchObject({
      status: 400,
      body: { errors: { temperature: 'temperature must be from 0 to 2' } },
    });
    await expect(provider.update('sections', { id: a.id, data: { name: null }, previousData: readA })).rejects.toMatchObject({ status: 400 });
    await expect(provider.update('sections', { id: a.id, data: { notes: 'x', colour: 'red' }, previousData: readA })).rejects.toMatchObject({
      status: 400,
      message: 'property colour should not exist',
    });
    const theirs = await createModel(request.agent(t.http).set('Cookie', await otherOperatorCookie(t)), 'Theirs');
    await expect(provider.updateMany('sections', { ids: [a.id], data: { model: theirs } })).rejects.toMatchObject({
      status: 400,
      body: { errors: { model: 'is not one of your models' } },
    });
    expect((await provider.getOne('sections', { id: a.id })).data).toMatchObject({ name: 'Alpha', notes: 'bulk', temperature: 0.5, model: other });

    // Articles: the entries are kept when left out.
    const snapshot = { section: a.id, heading: 'Alpha', systemPrompt: 'S', userPrompt: 'U', model, temperature: 0.5, logit_bias_group: null };
    const guide = (await provider.create('articles', { data: { article_title: 'Guide', article_type: 'Guide', sections: [snapshot] } })).data;
    const review = (await provider.create('articles', { data: { article_title: 'Review', article_type: 'Review', notes: 'mine', sections: [snapshot] } })).data;
    await provider.updateMany('articles', { ids: [guide.id, review.id], data: { article_type: 'Roundup' } });
    const articles = (await provider.getMany('articles', { ids: [guide.id, review.id] })).data;
    expect(articles.map((r) => [r.article_title, r.article_type, r.notes, r.sections.length]).sort()).toEqual([
      ['Guide', 'Roundup', '', 1],
      ['Review', 'Roundup', 'mine', 1],
    ]);
    expect(articles[0].sections[0]).toMatchObject({ section: a.id, model, section_version: 1 });
    await expect(provider.update('articles', { id: guide.id, data: { article_title: 'Review' }, previousData: guide })).rejects.toMatchObject({
      status: 409,
    });

    // Bias lists: a name alone keeps the groups.
    const list = (await provider.create('logit-bias-groups', { data: { name: 'Overused', entries: [{ words: ['delve'], bias: -100 }] } })).data;
    const filler = (await provider.create('logit-bias-groups', { data: { name: 'Filler', entries: [{ words: ['very', 'really'], bias: -50 }] } })).data;
    await provider.updateMany('logit-bias-groups', { ids: [list.id, filler.id], data: { name: 'Archived' } });
    const lists = (await provider.getMany('logit-bias-groups', { ids: [list.id, filler.id] })).data;
    expect(lists.map((l) => [l.name, l.words]).sort()).toEqual([
      ['Archived', ['delve']],
      ['Archived', ['very', 'really']],
    ]);
    await expect(provider.update('logit-bias-groups', { id: list.id, data: { entries: [] }, previousData: list })).rejects.toMatchObject({ status: 400 });

    // Clients: a save folder for several at once, then cleared; a name taken is a 409.
    const acme = (await provider.create('clients', { data: { name: 'Acme' } })).data;
    const globex = (await provider.create('clients', { data: { name: 'Globex' } })).data;
    await provider.updateMany('clients', { ids: [acme.id, globex.id], data: { savePath: 'folder-shared', savePathLabel: 'Shared articles' } });
    expect((await provider.getMany('clients', { ids: [acme.id, globex.id] })).data.map((c) => [c.name, c.savePath, c.savePathLabel]).sort()).toEqual([
      ['Acme', 'folder-shared', 'Shared articles'],
      ['Globex', 'folder-shared', 'Shared articles'],
    ]);
    expect((await provider.update('clients', { id: acme.id, data: { savePath: null }, previousData: acme })).data).toMatchObject({
      name: 'Acme',
      savePath: null,
      savePathLabel: null,
    });
    const readAcme = (await provider.getOne('clients', { id: acme.id })).data;
    expect((await provider.update('clients', { id: acme.id, data: { ...readAcme, name: 'Acme Corp' }, previousData: readAcme })).data.name).toBe('Acme Corp');
    await expect(provider.update('clients', { id: acme.id, data: { name: 'globex' }, previousData: acme })).rejects.toMatchObject({
      status: 409,
      body: { message: 'A client named "globex" already exists.' },
    });
    await expect(provider.update('clients', { id: acme.id, data: { savePath: 'folder-x' }, previousData: acme })).rejects.toMatchObject({
      status: 400,
      body: { errors: { savePathLabel: 'savePathLabel must be text: the folder name is required with a savePath' } },
    });
    expect((await provider.getOne('clients', { id: acme.id })).data).toMatchObject({ name: 'Acme Corp', savePath: null });
  });

  it('should serve articles and bias word lists: every method', async () => {
    const model = await createModel(agent, 'Voice');
    const section = (await provider.create('sections', { data: sectionData(model, 'Intro') })).data;
    const snapshot = { section: section.id, heading: 'Intro', systemPrompt: 'S', userPrompt: 'U', model, temperature: 0.5, logit_bias_group: null };
    const guide = (await provider.create('articles', { data: { article_title: 'Laptop guide', article_type: 'Guide', sections: [snapshot] } })).data;
    const review = (await provider.create('articles', { data: { article_title: 'Desk review', article_type: 'Review', sections: [snapshot] } })).data;
    expect((await defaultList('articles')).total).toBe(2);
    expect((await defaultList('articles', { q: 'desk' })).data.map((r) => r.id)).toEqual([review.id]);
    expect(ids((await provider.getMany('articles', { ids: [guide.id] })).data)).toEqual([guide.id]);
    expect(
      (
        await provider.getManyReference('articles', {
          target: 'article_type',
          id: 'Guide',
          pagination: { page: 1, perPage: 25 },
          sort: { field: 'id', order: 'ASC' },
          filter: {},
        })
      ).data.map((r) => r.id),
    ).toEqual([guide.id]);
    const read = (await provider.getOne('articles', { id: guide.id })).data;
    expect((await provider.update('articles', { id: guide.id, data: { ...read, notes: 'Edited' }, previousData: read })).data).toMatchObject({
      id: guide.id,
      notes: 'Edited',
    });
    expect((await provider.deleteMany('articles', { ids: [guide.id, review.id] })).data!.slice().sort()).toEqual([guide.id, review.id].sort());

    const list = (await provider.create('logit-bias-groups', { data: { name: 'Overused', entries: [{ words: ['delve'], bias: -100 }] } })).data;
    const second = (await provider.create('logit-bias-groups', { data: { name: 'Filler', entries: [{ words: ['very'], bias: -50 }] } })).data;
    expect((await defaultList('logit-bias-groups', { q: 'over' })).data.map((r) => r.id)).toEqual([list.id]);
    const readList = (await provider.getOne('logit-bias-groups', { id: list.id })).data;
    expect(
      (await provider.update('logit-bias-groups', { id: list.id, data: { ...readList, name: 'Overused words' }, previousData: readList })).data,
    ).toMatchObject({
      id: list.id,
      name: 'Overused words',
      word_count: 1,
    });
    const bulk = await provider.updateMany('logit-bias-groups', {
      ids: [list.id, second.id],
      data: { name: 'Banned', entries: [{ words: ['tapestry'], bias: -100 }] },
    });
    expect(bulk.data!.slice().sort()).toEqual([list.id, second.id].sort());
    expect((await provider.delete('logit-bias-groups', { id: second.id, previousData: second })).data.id).toBe(second.id);
  });

  it('should serve clients and models: list, get, create, delete', async () => {
    const acme = (await provider.create('clients', { data: { name: 'Acme' } })).data;
    const globex = (await provider.create('clients', { data: { name: 'Globex' } })).data;
    expect(await defaultList('clients')).toMatchObject({ total: 2 });
    expect((await defaultList('clients', { q: 'glob' })).data.map((r) => r.id)).toEqual([globex.id]);
    expect((await provider.getOne('clients', { id: acme.id })).data.name).toBe('Acme');
    expect(ids((await provider.getMany('clients', { ids: [acme.id, globex.id] })).data)).toEqual([acme.id, globex.id].sort());
    expect((await provider.deleteMany('clients', { ids: [acme.id, globex.id] })).data!.slice().sort()).toEqual([acme.id, globex.id].sort());

    const model = (await provider.create('models', { data: { name: 'Blog voice', base_model: 'gpt-4o' } })).data;
    expect((await defaultList('models', { q: 'blog' })).data).toMatchObject([{ id: model.id, name: 'Blog voice' }]);
    expect((await provider.getOne('models', { id: model.id })).data).toMatchObject({ id: model.id, examples: [] });
    expect(ids((await provider.getMany('models', { ids: [model.id] })).data)).toEqual([model.id]);
  });

  it('should serve fine-tune jobs, training jobs and History: lists with the default sort and q, get, getMany, references', async () => {
    await agent
      .post('/api/user')
      .send({ envVars: { OPENAI_API_KEY: openai.apiKey } })
      .expect(200);
    const model = await createModel(agent, 'Tuned voice', 'gpt-4o', 10);
    const job = (await agent.post('/api/fine-tune-jobs/start').send({ modelId: model, suffix: 'tuned_voice' }).expect(201)).body;
    expect((await defaultList('fine-tune-jobs')).data).toMatchObject([{ id: job._id, modelId: model }]);
    expect((await defaultList('fine-tune-jobs', { q: 'tuned' })).total).toBe(1);
    expect((await defaultList('fine-tune-jobs', { q: 'nothing like it' })).total).toBe(0);
    expect(ids((await provider.getMany('fine-tune-jobs', { ids: [job._id] })).data)).toEqual([job._id]);
    const forModel = await provider.getManyReference('fine-tune-jobs', {
      target: 'modelId',
      id: model,
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(forModel).toMatchObject({ total: 1, data: [{ id: job._id }] });

    // A training job (its crawl fails at once: private addresses are refused) is also a History entry.
    const training = (await agent.post('/api/training-jobs/submit-url').send({ url: 'http://127.0.0.1:9/blog/' }).expect(201)).body;
    expect((await defaultList('training-jobs')).data).toMatchObject([{ id: training._id }]);
    expect((await defaultList('training-jobs', { q: '127.0.0.1' })).total).toBe(1);
    expect((await provider.getOne('training-jobs', { id: training._id })).data.id).toBe(training._id);
    expect(ids((await provider.getMany('training-jobs', { ids: [training._id] })).data)).toEqual([training._id]);

    const history = await defaultList('history');
    expect(history.total).toBe(1);
    expect(history.data[0]).toMatchObject({ id: training._id, _type: 'training' });
    expect((await defaultList('history', { q: 'blog' })).total).toBe(1);
    expect((await provider.getOne('history', { id: training._id })).data).toMatchObject({ id: training._id, title: 'http://127.0.0.1:9/blog/' });
    expect(ids((await provider.getMany('history', { ids: [training._id] })).data)).toEqual([training._id]);
  });

  it("should reach Quire's own routes through named methods, with field errors keyed by field", async () => {
    const model = await createModel(agent, 'Voice');
    const intro = (await provider.create('sections', { data: sectionData(model, 'Intro') })).data;
    expect(await provider.copySection(intro.id)).toMatchObject({ name: 'Intro (1)' });
    expect((await defaultList('sections')).total).toBe(2);

    const example = {
      messages: [
        { role: 'system' as const, content: 'S' },
        { role: 'user' as const, content: 'U' },
        { role: 'assistant' as const, content: 'A' },
      ],
      clusterId: 0,
      uuid: 'section-1',
      article_uuid: null,
    };
    await provider.addExample(model, { example });
    expect((await provider.getOne('models', { id: model })).data.examples).toMatchObject([{ uuid: 'section-1' }]);
    await provider.removeExample(model, 'section-1');
    expect((await provider.getOne('models', { id: model })).data.examples).toEqual([]);

    expect((await provider.saveEnvVars({ DATABASE_ID: '0123456789abcdef0123456789abcdef' })).envVars).toHaveProperty('DATABASE_ID');
    expect((await provider.getUserSettings()).envVars).toHaveProperty('OPENAI_API_KEY');
    await expect(provider.saveEnvVars({ OPENAI_API_KEY: 'sk with spaces' })).rejects.toMatchObject({
      status: 400,
      body: { errors: { 'envVars.OPENAI_API_KEY': 'must not contain spaces or line breaks' } },
    });
    const { statusConfig } = await provider.getStatusConfig();
    expect((await provider.saveStatusConfig({ ...statusConfig, propertyName: 'Stage' })).statusConfig.propertyName).toBe('Stage');

    const job = await provider.submitTrainingUrl('http://127.0.0.1:9/blog/');
    expect((await provider.getOne('training-jobs', { id: job._id })).data.id).toBe(job._id);
    expect((await provider.getBaseModels()).map((m) => m.id)).toEqual(expect.arrayContaining(['gpt-4o']));

    // History's routes: a retry that is refused says why; the spend of this month, and of a range.
    await expect(provider.retryHistoryEntry(job._id)).rejects.toMatchObject({
      status: 409,
      body: { message: 'Only a failed article can be retried; this is a training job (submit its URL again).' },
    });
    expect(await provider.getUsage()).toMatchObject({ articles: 0, sections: 0, prompt_tokens: 0, cost_usd: 0, by_model: [] });
    expect(await provider.getUsage({ from: '2026-01-01', to: '2026-01-31' })).toMatchObject({ from: '2026-01-01', to: '2026-01-31', sections: 0 });
    await expect(provider.getUsage({ from: '2026-02-01', to: '2026-01-31' })).rejects.toMatchObject({
      status: 400,
      body: { errors: { to: 'to must not be before from' } },
    });
  });

  it("should keep another operator's records out of every method", async () => {
    const model = await createModel(agent, 'Mine');
    const mine = (await provider.create('sections', { data: sectionData(model, 'Mine') })).data;
    const theirs = providerFor(await otherOperatorCookie(t));
    expect((await theirs.getMany('sections', { ids: [mine.id] })).data).toEqual([]);
    await expect(theirs.getOne('sections', { id: mine.id })).rejects.toMatchObject({ status: 404 });
    await expect(theirs.deleteMany('sections', { ids: [mine.id] })).rejects.toMatchObject({ status: 404 });
    expect((await defaultList('sections')).total).toBe(1);
  });
});
