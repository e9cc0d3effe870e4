import request from 'supertest';
import { OpenAiModels } from '../../backend/src/integrations/openai/openai-models';
import { OpenAiFake } from '../fakes/openai-fake';
import { otherOperatorCookie } from '../support/test-app';
import { useTestApp } from '../support/use-test-app';

interface BaseModel {
  id: string;
  available: boolean | null;
  shutdown_date: string | null;
  reason: string | null;
  spec: boolean;
}

const SPEC = ['gpt-4o', 'gpt-4', 'gpt-4-32k', 'gpt-3.5-turbo', 'gpt-3.5-turbo-16k'];
const NOT_LISTED = 'Your OpenAI key does not list it (GET /v1/models): OpenAI has shut it down or not given this account access to it.';
const NO_KEY = 'Save your OpenAI API key on Home: Quire offers every chat model it lists.';
/** The chat models OpenAI lists on 2026-11-25 besides the spec's, newest first (the simulator's lineup: test/fakes/openai-lineup.ts). */
const LISTED_OTHERS = [
  'gpt-6.1-sol',
  'gpt-6-luna',
  'gpt-6-sol',
  'gpt-6-astra',
  'gpt-5.6',
  'gpt-5.6-2026-06-09',
  'gpt-5.6-mini',
  'gpt-5.4',
  'gpt-5.4-2026-02-24',
  'gpt-5.4-mini',
  'gpt-5',
  'gpt-5-2025-08-07',
  'gpt-5-mini',
  'gpt-5-mini-2025-08-07',
  'gpt-5-nano',
  'gpt-5-nano-2025-08-07',
  'o3',
  'o3-2025-04-16',
  'gpt-4.1',
  'gpt-4.1-2025-04-14',
  'gpt-4.1-mini',
  'gpt-4.1-mini-2025-04-14',
  'gpt-4o-mini',
  'gpt-4o-mini-2024-07-18',
  'gpt-4o-2024-05-13',
  'gpt-4o-2024-08-06',
  'gpt-4o-2024-11-20',
];

/** What every OpenAI model of the list says of its connection. */
const openAi = (model: string) => ({ model, connection_id: null, vendor: 'OpenAI', connection_name: 'OpenAI', display_name: null });
describe('Base models: what a new model may be built on, and what the key can use', () => {
  const openai = new OpenAiFake();
  const t = useTestApp({ fakes: [openai], env: () => ({ OPENAI_BASE_URL: openai.baseUrl }), signIn: 'local' });

  const saveKey = (key = openai.apiKey) =>
    t.agent
      .post('/api/user')
      .send({ envVars: { OPENAI_API_KEY: key } })
      .expect(200);
  const baseModels = async () => (await t.agent.get('/api/base-models').expect(200)).body as BaseModel[];
  const modelListings = () => openai.requestsTo('GET', /^\/v1\/models$/).length;
  /** Each test starts with nothing remembered of the shared test key's model list. */
  const forgetKey = () => t.app.get(OpenAiModels).forget(openai.apiKey);

  it("should offer spec §9's five, in order, with availability unknown until a key is saved", async () => {
    const res = await t.agent.get('/api/base-models').expect(200);
    expect(res.headers['content-range']).toBe('base-models 0-4/5');
    expect(res.body).toEqual([
      { ...openAi('gpt-4o'), id: 'gpt-4o', available: null, shutdown_date: '2027-01-14', reason: NO_KEY, spec: true },
      { ...openAi('gpt-4'), id: 'gpt-4', available: null, shutdown_date: '2026-10-23', reason: NO_KEY, spec: true },
      { ...openAi('gpt-4-32k'), id: 'gpt-4-32k', available: null, shutdown_date: '2025-06-06', reason: NO_KEY, spec: true },
      { ...openAi('gpt-3.5-turbo'), id: 'gpt-3.5-turbo', available: null, shutdown_date: '2026-10-23', reason: NO_KEY, spec: true },
      { ...openAi('gpt-3.5-turbo-16k'), id: 'gpt-3.5-turbo-16k', available: null, shutdown_date: '2024-09-13', reason: NO_KEY, spec: true },
    ]);
    expect(openai.requests).toHaveLength(0);
  });

  it("should offer every chat model the key lists, newest first, with OpenAI's shut-down dates — never a non-chat or shut-down model", async () => {
    await saveKey();
    await forgetKey();
    const models = await baseModels();
    expect(models.map((m) => m.id)).toEqual([...SPEC, ...LISTED_OTHERS]);
    const byId = Object.fromEntries(models.map((m) => [m.id, m]));
    expect(byId['gpt-4o']).toEqual({ ...openAi('gpt-4o'), id: 'gpt-4o', available: true, shutdown_date: '2027-01-14', reason: null, spec: true });
    expect(byId['gpt-4-32k']).toEqual({
      ...openAi('gpt-4-32k'),
      id: 'gpt-4-32k',
      available: false,
      shutdown_date: '2025-06-06',
      reason: 'OpenAI shut it down on 2025-06-06: your key no longer lists it (GET /v1/models).',
      spec: true,
    });
    expect(byId['gpt-6-luna']).toEqual({ ...openAi('gpt-6-luna'), id: 'gpt-6-luna', available: true, shutdown_date: null, reason: null, spec: false });
    expect(byId['gpt-5']).toMatchObject({ available: true, shutdown_date: '2026-12-11' });
    expect(JSON.stringify(models)).not.toMatch(
      /embedding|whisper|tts|dall-e|image|realtime|audio|moderation|davinci|babbage|transcribe|"o1"|o4-mini|o3-mini|gpt-4\.1-nano/,
    );
  });

  it('should offer a model no table of Quire has heard of, as soon as the key lists it', async () => {
    openai.listedModels = ['gpt-4o', 'gpt-7-nova', 'whisper-2'];
    await saveKey();
    await forgetKey();
    const models = await baseModels();
    expect(models.map((m) => m.id)).toEqual([...SPEC, 'gpt-7-nova']);
    await t.agent.post('/api/models').send({ name: 'Nova', base_model: 'gpt-7-nova' }).expect(201);
  });

  it('should say a spec model is not offered to the key when the key does not list it', async () => {
    openai.listedModels = ['gpt-4.1', 'o3', 'text-embedding-3-small', 'gpt-4o-2024-08-06'];
    await saveKey();
    await forgetKey();
    const models = await baseModels();
    expect(models.map((m) => m.id)).toEqual([...SPEC, 'o3', 'gpt-4.1', 'gpt-4o-2024-08-06']);
    expect(models[0]).toEqual({ ...openAi('gpt-4o'), id: 'gpt-4o', available: false, shutdown_date: '2027-01-14', reason: NOT_LISTED, spec: true });
  });

  it('should ask OpenAI once per key for a few minutes, and afresh on "Test connection"', async () => {
    await saveKey();
    await forgetKey();
    await baseModels();
    await baseModels();
    await t.agent.post('/api/models').send({ name: 'Cached', base_model: 'gpt-4.1' }).expect(201);
    expect(modelListings()).toBe(1);
    openai.listedModels = ['gpt-4o', 'gpt-5'];
    expect((await baseModels()).map((m) => m.id)).toContain('gpt-4.1');
    await t.agent.post('/api/generation/test-openai').expect(200);
    expect(modelListings()).toBe(2);
    expect((await baseModels()).map((m) => m.id)).toEqual([...SPEC, 'gpt-5']);
  });

  it("should follow OpenAI's day: a model is no longer offered once it has shut down", async () => {
    await saveKey();
    await forgetKey();
    expect((await baseModels()).map((m) => m.id)).toContain('gpt-5-mini');
    openai.today = '2026-12-11';
    await t.agent.post('/api/generation/test-openai').expect(200);
    const after = (await baseModels()).map((m) => m.id);
    expect(after).not.toContain('gpt-5-mini');
    expect(after).toContain('gpt-6-luna');
  });

  it('should answer availability unknown, with the reason, when OpenAI cannot be asked', async () => {
    await saveKey();
    await forgetKey();
    openai.failNext('GET', /^\/v1\/models$/, 500, 'The server had an error while processing your request.', 2);
    const models = await baseModels();
    expect(models.map((m) => m.id)).toEqual(SPEC);
    expect(models[0]).toEqual({
      ...openAi('gpt-4o'),
      id: 'gpt-4o',
      available: null,
      shutdown_date: '2027-01-14',
      reason:
        'Quire could not ask OpenAI which models your key may use (OpenAI: could not list the models of the key: The server had an error while processing your request.)',
      spec: true,
    });
    // A model may still be created: availability is unknown, not refused.
    await t.agent.post('/api/models').send({ name: 'Unknown availability', base_model: 'gpt-4o' }).expect(201);
  });

  it("should take ra-data-simple-rest's range, sort by id, q and id filters, and refuse other fields", async () => {
    const page = await t.agent.get('/api/base-models').query({ range: '[1,2]' }).expect(200);
    expect(page.headers['content-range']).toBe('base-models 1-2/5');
    expect(page.body.map((m: BaseModel) => m.id)).toEqual(['gpt-4', 'gpt-4-32k']);
    const sorted = await t.agent.get('/api/base-models').query({ sort: '["id","DESC"]', range: '[0,1]' }).expect(200);
    expect(sorted.body.map((m: BaseModel) => m.id)).toEqual(['gpt-4o', 'gpt-4-32k']);
    const many = await t.agent.get('/api/base-models').query({ filter: '{"id":["gpt-4o","gpt-4"]}' }).expect(200);
    expect(many.body.map((m: BaseModel) => m.id)).toEqual(['gpt-4o', 'gpt-4']);
    const searched = await t.agent.get('/api/base-models').query({ filter: '{"q":"32K"}' }).expect(200);
    expect(searched.body.map((m: BaseModel) => m.id)).toEqual(['gpt-4-32k']);
    expect(searched.headers['content-range']).toBe('base-models 0-0/1');
    const byName = await t.agent.get('/api/base-models').query({ sort: '["name","ASC"]' }).expect(400);
    expect(byName.body.message).toContain('Cannot sort by name');
    const filtered = await t.agent.get('/api/base-models').query({ filter: '{"spec":true}' }).expect(400);
    expect(filtered.body.message).toContain('Cannot filter by spec');
  });

  it('should answer 401 without a session', async () => {
    await request(t.http).get('/api/base-models').expect(401);
  });

  describe('creating a model', () => {
    it('should refuse a shut-down base model the key no longer lists with a 400 naming it, and create nothing', async () => {
      await saveKey();
      await forgetKey();
      const message =
        'base_model gpt-4-32k cannot be used with your OpenAI key: OpenAI shut it down on 2025-06-06: your key no longer lists it (GET /v1/models).';
      const res = await t.agent.post('/api/models').send({ name: 'Old', base_model: 'gpt-4-32k' }).expect(400);
      expect(res.body).toMatchObject({ message, errors: [{ field: 'base_model', message }] });
      expect((await t.agent.get('/api/models').expect(200)).body).toEqual([]);
    });

    it('should refuse a model the key does not list, and accept one it does, spec or not', async () => {
      openai.listedModels = ['gpt-4o', 'gpt-5-mini'];
      await saveKey();
      await forgetKey();
      const res = await t.agent.post('/api/models').send({ name: 'Mini', base_model: 'gpt-4.1-mini' }).expect(400);
      expect(res.body.message).toBe(`base_model gpt-4.1-mini cannot be used with your OpenAI key: ${NOT_LISTED}`);
      const created = await t.agent.post('/api/models').send({ name: 'Thinker', base_model: 'gpt-5-mini' }).expect(201);
      expect(created.body).toMatchObject({ base_model: 'gpt-5-mini', reasoning: true, shutdown_date: '2026-12-11', shut_down: false });
      expect((await t.agent.post('/api/models').send({ name: 'Writer', base_model: 'gpt-4o' }).expect(201)).body.reasoning).toBe(false);
    });

    it('should leave any chat model to OpenAI while no key is saved', async () => {
      for (const base_model of ['gpt-4-32k', 'gpt-6-luna', 'gpt-7-nova']) {
        await t.agent
          .post('/api/models')
          .send({ name: `On ${base_model}`, base_model })
          .expect(201);
      }
      expect(openai.requests).toHaveLength(0);
    });

    it('should refuse a model that is not a chat model, even one the key lists, and an id that is no model id', async () => {
      await saveKey();
      const res = await t.agent.post('/api/models').send({ name: 'Whisper', base_model: 'whisper-1' }).expect(400);
      expect(res.body.message).toBe(
        'base_model whisper-1 is not a chat model: embeddings, speech, image, realtime and moderation models cannot write sections.',
      );
      const bad = await t.agent.post('/api/models').send({ name: 'Bad', base_model: 'gpt 4o; drop' }).expect(400);
      expect(bad.body.errors).toEqual([{ field: 'base_model', message: 'base_model must be a model id as its vendor lists it, such as gpt-4o' }]);
    });

    it("should judge availability by the caller's own key", async () => {
      await saveKey();
      await forgetKey();
      const grace = request.agent(t.http).set('Cookie', await otherOperatorCookie(t));
      await grace
        .post('/api/user')
        .send({ envVars: { OPENAI_API_KEY: 'sk-graces-own-key-that-openai-refuses' } })
        .expect(200);
      const theirs = (await grace.get('/api/base-models').expect(200)).body as BaseModel[];
      expect(theirs.map((m) => m.available)).toEqual([null, null, null, null, null]);
      expect(theirs[0].reason).toContain('rejected the API key saved on Home');
      expect((await baseModels())[0].available).toBe(true);
    });
  });
});
