import request from 'supertest';
import { gzipSync } from 'node:zlib';
import { SecretBox } from '../../backend/src/common/secret-box';
import { WorkspaceSettingsRepository } from '../../backend/src/workspaces/settings.repository';
import { NotionFake } from '../fakes/notion-fake';
import { OpenAiFake } from '../fakes/openai-fake';
import { createModel, eventually, example } from '../support/fixtures';
import { setUpGeneration } from '../support/generation-fixtures';
import { otherOperatorCookie } from '../support/test-app';
import { useTestApp } from '../support/use-test-app';

/** Bodies that once crashed a request or were accepted: path, body and the words of the 400 that refuses them. */
const MALFORMED: [string, string, string, string][] = [
  ['an object given as a list (envVars: [])', '/api/user', '{"envVars":[]}', 'envVars must be an object'],
  ['null for an optional text (OPENAI_API_KEY: null)', '/api/user', '{"envVars":{"OPENAI_API_KEY":null}}', 'OPENAI_API_KEY must be text'],
  ['the four status values as a list', '/api/user/status-config', '{"propertyName":"Status","values":[]}', 'values must be an object'],
  ['a group given as a list (entries: [[]])', '/api/logit-bias-groups', '{"name":"L","entries":[[]]}', 'each group must be an object'],
  ['a NUL in a text field', '/api/clients', '{"name":"Acme\\u0000"}', 'name must not contain NUL characters or unpaired surrogates.'],
  [
    'a lone surrogate in a JSON column',
    '/api/logit-bias-groups',
    '{"name":"L","entries":[{"words":["a\\ud800"],"bias":-100}]}',
    'entries.0.words.0 must not contain',
  ],
  ['a __proto__ key', '/api/clients', '{"name":"Acme","__proto__":{"admin":true}}', 'property __proto__ should not exist'],
  ['a constructor key', '/api/clients', '{"name":"Acme","constructor":{"prototype":{"admin":true}}}', 'property constructor should not exist'],
  ['JSON nested 5,000 levels deep', '/api/clients', `{"name":${'['.repeat(5000)}${']'.repeat(5000)}}`, 'The request is nested more than 32 levels deep.'],
];

/**
 * The cases found by trying Quire as a hostile signed-in user would, each of which used
 * to crash a request, the server or a job, or to be accepted. The fuzz suite (fuzz.e2e-spec.ts)
 * covers every route generically; these say exactly what each answer is.
 */
describe('Hostile input: refused with a 4xx that says why, nothing changed, nothing leaked', () => {
  const notion = new NotionFake();
  const openai = new OpenAiFake();
  const t = useTestApp({
    fakes: [notion, openai],
    env: () => ({ NOTION_BASE_URL: notion.baseUrl, OPENAI_BASE_URL: openai.baseUrl, NOTION_POLL_SECONDS: '3600' }),
    signIn: 'local',
  });

  const raw = (method: 'post' | 'put', path: string, body: string) => t.agent[method](path).set('Content-Type', 'application/json').send(body);
  const sectionsOf = async () => (await t.agent.get('/api/sections').expect(200)).body;

  describe('malformed bodies', () => {
    it.each(MALFORMED)('should refuse %s with a 400 naming the problem', async (_, path, body, message) => {
      const res = await raw('post', path, body).expect(400);
      expect(res.body.message).toContain(message);
      expect(res.body.errors?.length ?? 0).toBeGreaterThan(0);
    });

    it.each(MALFORMED)('should refuse %s with the same 400 to a request made with an API token', async (_, path, body, message) => {
      const { token } = (await t.agent.post('/api/tokens').send({ name: 'Hostile script', role: 'owner' }).expect(201)).body;
      const res = await request(t.http)
        .post(path)
        .set({ Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' })
        .send(body)
        .expect(400);
      expect(res.body.message).toContain(message);
      expect(res.body.errors?.length ?? 0).toBeGreaterThan(0);
    });

    it('should leave the settings as they were after refusing them', async () => {
      await t.agent
        .post('/api/user')
        .send({ envVars: { OPENAI_API_KEY: openai.apiKey } })
        .expect(200);
      const before = (await t.agent.get('/api/user').expect(200)).body;
      const status = (await t.agent.get('/api/user/status-config').expect(200)).body;
      await raw('post', '/api/user', '{"envVars":[]}').expect(400);
      await raw('post', '/api/user', '{"envVars":{"OPENAI_API_KEY":null}}').expect(400);
      await raw('post', '/api/user/status-config', '{"propertyName":"Status","values":[]}').expect(400);
      expect((await t.agent.get('/api/user').expect(200)).body).toEqual(before);
      expect((await t.agent.get('/api/user/status-config').expect(200)).body).toEqual(status);
      expect((await t.agent.get('/api/clients').expect(200)).body).toEqual([]);
    });

    it('should refuse an example given as a list, and a blank example uuid', async () => {
      const model = await createModel(t.agent);
      await raw('post', `/api/models/${model}/add-example`, '{"example":[]}').expect(400, /example must be an object/);
      const blank = await t.agent
        .post(`/api/models/${model}/add-example`)
        .send({ example: example(1, { uuid: '   ' }) })
        .expect(400);
      expect(blank.body.errors).toEqual([{ field: 'example.uuid', message: 'uuid is required' }]);
      expect((await t.agent.get(`/api/models/${model}`).expect(200)).body.examples).toEqual([]);
    });

    it('should say what is wrong with a body that cannot be decompressed', async () => {
      const corrupt = gzipSync(Buffer.from('{"name":"Acme"}')).subarray(0, 12);
      const res = await t.agent.post('/api/clients').set('Content-Type', 'application/json').set('Content-Encoding', 'gzip').send(corrupt).expect(400);
      expect(res.body.message).toBe('The request body could not be decompressed as its Content-Encoding says.');
      const unknown = await t.agent.post('/api/clients').set('Content-Type', 'application/json').set('Content-Encoding', 'zstd-x').send('{}').expect(415);
      expect(unknown.body.message).toMatch(/^The Content-Encoding "zstd-x" is not supported/);
    });
  });

  describe('list queries', () => {
    it.each([
      ['an id that is not a uuid', { filter: '{"id":["x"]}' }, 'filter id must be an id (uuid) or a list of at most 1000 of them'],
      ['a huge range', { range: '[1e20,1e20]' }, 'range must look like [start,end] with 0 <= start <= end <= 1000000000'],
      ['a NUL in the search', { filter: '{"q":"a\\u0000"}' }, 'filter.q must not contain control characters.'],
      ['a control character in a parameter', { sort: '["name",\u0007"ASC"]' }, 'sort must not contain control characters.'],
    ])('should refuse %s', async (_, query, message) => {
      expect((await t.agent.get('/api/sections').query(query).expect(400)).body.message).toBe(message);
    });
  });

  describe('references to records', () => {
    async function articleBody(modelId: string) {
      const model = await createModel(t.agent, `M ${modelId.slice(0, 4)}`);
      const section = (await t.agent.post('/api/sections').send({ name: 'Intro', model, temperature: 0.5, system_message: 'S', user_message: 'U' }).expect(201))
        .body;
      return {
        article_title: 'Guide',
        article_type: 'Guide',
        sections: [{ section: section._id, heading: 'Intro', systemPrompt: 'S', userPrompt: 'U', model: modelId, temperature: 0.5 }],
      };
    }

    it("should refuse an article whose section names another operator's model, or no model at all", async () => {
      const grace = await otherOperatorCookie(t);
      const theirs = (await request(t.http).post('/api/models').set('Cookie', grace).send({ name: 'Theirs', base_model: 'gpt-4o' }).expect(201)).body._id;
      for (const model of [theirs, '6f1c2b3a-0000-4000-8000-00000000abcd']) {
        const res = await t.agent
          .post('/api/articles')
          .send(await articleBody(model))
          .expect(400);
        expect(res.body).toMatchObject({
          message: 'sections.0.model is not one of your models',
          errors: [{ field: 'sections.0.model', message: 'is not one of your models' }],
        });
      }
      expect((await t.agent.get('/api/articles').expect(200)).body).toEqual([]);
    });

    it('should keep a saved model that has since been deleted when the article is edited', async () => {
      const model = await createModel(t.agent, 'Kept');
      const body = await articleBody(model);
      const article = (await t.agent.post('/api/articles').send(body).expect(201)).body;
      await t.database.db.execute(`delete from models where id = '${model}'` as never);
      await t.agent
        .put(`/api/articles/${article._id}`)
        .send({ ...body, notes: 'edited' })
        .expect(200);
    });

    it('should refuse a blank heading', async () => {
      const body = await articleBody(await createModel(t.agent, 'H'));
      const res = await t.agent
        .post('/api/articles')
        .send({ ...body, sections: [{ ...body.sections[0], heading: '  ' }] })
        .expect(400);
      expect(res.body.errors).toEqual([{ field: 'sections.0.heading', message: 'heading is required' }]);
    });

    it("should refuse a fine-tune of another operator's model as a 400 naming modelId", async () => {
      const grace = await otherOperatorCookie(t);
      const theirs = (await request(t.http).post('/api/models').set('Cookie', grace).send({ name: 'Theirs', base_model: 'gpt-4o' }).expect(201)).body._id;
      const res = await t.agent.post('/api/fine-tune-jobs/start').send({ modelId: theirs, suffix: 'x' }).expect(400);
      expect(res.body.errors).toEqual([{ field: 'modelId', message: 'is not one of your models' }]);
    });
  });

  describe('secrets', () => {
    const POISONED_KEY = 'sk-abc\u0000defPOISONEDKEY';

    /** A key saved before Quire checked them (or written by any other means): sealed as Quire seals them. */
    async function storeRawKey(key: string) {
      const workspaces = t.app.get(WorkspaceSettingsRepository);
      const me = (await t.agent.get('/api/me').expect(200)).body;
      const id = me.workspace.id;
      await workspaces.updateSecrets(id, { openAiApiKey: new SecretBox(t.config.encryptionKey).seal(key, `${id}:OPENAI_API_KEY`) }, id);
    }

    it.each([
      ['a NUL', 'sk-abc\u0000def'],
      ['a control character', 'sk-abc\u001bdef'],
      ['a character outside visible ASCII', 'sk-abcdéf'],
    ])('should refuse to save a key holding %s, and keep the one saved', async (_, key) => {
      await t.agent
        .post('/api/user')
        .send({ envVars: { OPENAI_API_KEY: openai.apiKey } })
        .expect(200);
      const res = await t.agent
        .post('/api/user')
        .send({ envVars: { OPENAI_API_KEY: key } })
        .expect(400);
      expect(res.body.errors).toEqual([
        { field: 'envVars.OPENAI_API_KEY', message: expect.stringMatching(/must not contain|may only contain letters, digits and punctuation/) },
      ]);
      expect((await t.agent.get('/api/user').expect(200)).body.envVars.OPENAI_API_KEY).toBe('sk-…0000');
    });

    it('should never echo a stored key that cannot be sent, in a reply or a log line', async () => {
      await storeRawKey(POISONED_KEY);
      const test = await t.agent.post('/api/generation/test-openai').expect(200);
      expect(test.body).toEqual({
        ok: false,
        message: expect.stringMatching(/^OpenAI: the OpenAI API key saved on Home contains characters that cannot be sent/),
      });
      expect(JSON.stringify(test.body)).not.toContain('POISONED');
      expect(t.logger.lines.join('\n')).not.toContain('POISONED');
    });

    it('should record the failure of a generation with such a key, and go on serving', async () => {
      await setUpGeneration(t.agent, notion, openai);
      await storeRawKey(POISONED_KEY);
      // Creating the model asked OpenAI for the good key's models; nothing may be asked with this one.
      openai.requests.length = 0;
      const row = notion.addRow({ title: 'Best laptops', status: 'Start Generating', type: 'guide', extra: { Keyword: 'k' } });
      await t.agent.post('/api/generation/check-now').expect(200);
      const [entry] = await eventually(
        async () => (await t.agent.get('/api/history').expect(200)).body,
        (entries) => entries[0]?.status === 'failed',
      );
      expect(entry.message).toMatch(/^OpenAI: the OpenAI API key saved on Home contains characters that cannot be sent/);
      expect(notion.statusOf(row)).toBe('Generating Error');
      expect(openai.requests).toHaveLength(0);
      expect(t.logger.lines.join('\n')).not.toContain('POISONED');
      await t.agent.get('/api/health').expect(200);
    });

    it("should record a vendor's failure whose words PostgreSQL cannot store", async () => {
      await setUpGeneration(t.agent, notion, openai);
      openai.failNext('POST', /^\/v1\/chat\/completions$/, 400, 'Bad request\u0000 with a \ud800 in it', 1);
      notion.addRow({ title: 'Odd answer', status: 'Start Generating', type: 'guide', extra: { Keyword: 'k' } });
      await t.agent.post('/api/generation/check-now').expect(200);
      const [entry] = await eventually(
        async () => (await t.agent.get('/api/history').expect(200)).body,
        (entries) => entries[0]?.status === 'failed',
      );
      expect(entry.message).toBe('OpenAI: could not write section "Introduction": Bad request with a \ufffd in it');
    });
  });

  describe('heavy work', () => {
    it('should keep answering other requests while a long bias list is tokenised', async () => {
      const words = Array.from({ length: 1000 }, (_, i) => `${(i * 7919 + 104729).toString(36)}${'qz'.repeat(40)}`);
      const finished: string[] = [];
      const preview = t.agent
        .post('/api/logit-bias-groups/preview')
        .send({
          family: 'o200k_base',
          entries: [
            { words: words.slice(0, 500), bias: -100 },
            { words: words.slice(500), bias: -100 },
          ],
        })
        .expect(200)
        .then(() => finished.push('preview'));
      for (let i = 0; i < 5; i++) {
        await t.agent.get('/api/me').expect(200);
        finished.push('me');
      }
      await preview;
      // Had the tokenising run on the event loop, every /api/me would have waited for it.
      expect(finished).toEqual(['me', 'me', 'me', 'me', 'me', 'preview']);
    });
  });

  it('should still serve normally after all of this', async () => {
    await t.agent.get('/api/health').expect(200, { status: 'ok', database: t.config.database.kind });
    await t.agent.post('/api/clients').send({ name: 'Acme' }).expect(201);
    expect(await sectionsOf()).toEqual([]);
  });
});
