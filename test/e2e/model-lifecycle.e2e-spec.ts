import request from 'supertest';
import { articleEntry, SectionLike } from '../../scripts/lib/article-entry.cjs';
import { OpenAiFake } from '../fakes/openai-fake';
import { createModel } from '../support/fixtures';
import { otherOperatorCookie } from '../support/test-app';
import { useTestApp } from '../support/use-test-app';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * OpenAI's models stop on the day its listing gives (`shutdown_date`): what the operator's models
 * and sections say of it, Home's list of what stops soon, and replacing a model everywhere in one step.
 */
describe('Models that OpenAI stops', () => {
  const openai = new OpenAiFake();
  const t = useTestApp({ fakes: [openai], env: () => ({ OPENAI_BASE_URL: openai.baseUrl }), signIn: 'local' });

  beforeEach(async () => {
    await t.agent
      .post('/api/user')
      .send({ envVars: { OPENAI_API_KEY: openai.apiKey } })
      .expect(200);
    await t.agent.post('/api/generation/test-openai').expect(200);
  });

  const section = async (name: string, model: string) =>
    (await t.agent.post('/api/sections').send({ name, model, temperature: 0.5, logit_bias_group: null, system_message: 'S', user_message: 'U' }).expect(201))
      .body;
  const article = async (title: string, sections: SectionLike[]) =>
    (
      await t.agent
        .post('/api/articles')
        .send({ article_title: title, article_type: 'Guide', sections: sections.map((s) => articleEntry(s)) })
        .expect(201)
    ).body;

  it("should carry each model's shut-down date from OpenAI's listing (a tuned model: its own or its base's, the earlier)", async () => {
    await createModel(t.agent, 'Writer', 'gpt-4o');
    await createModel(t.agent, 'Luna', 'gpt-6-luna');
    const thinker = await createModel(t.agent, 'Thinker', 'gpt-5');
    const models = (await t.agent.get('/api/models').expect(200)).body as Record<string, any>[];
    const byName = Object.fromEntries(models.map((m) => [m.name, m]));
    expect(byName.Writer).toMatchObject({ shutdown_date: '2027-01-14', shut_down: today() >= '2027-01-14' });
    expect(byName.Luna).toMatchObject({ shutdown_date: null, shut_down: false });
    expect(byName.Thinker).toMatchObject({ shutdown_date: '2026-12-11' });
    expect((await t.agent.get(`/api/models/${thinker}`).expect(200)).body.shutdown_date).toBe('2026-12-11');
  });

  it("should carry the shut-down date of each section's model on the section", async () => {
    const writer = await createModel(t.agent, 'Writer', 'gpt-4o');
    const luna = await createModel(t.agent, 'Luna', 'gpt-6-luna');
    await section('On Writer', writer);
    await section('On Luna', luna);
    const sections = (await t.agent.get('/api/sections').query({ sort: '["name","ASC"]' }).expect(200)).body as Record<string, any>[];
    expect(sections.map((s) => [s.name, s.model_shutdown_date])).toEqual([
      ['On Luna', null],
      ['On Writer', '2027-01-14'],
    ]);
  });

  it('should list the models in use that stop within 60 days or have stopped, with what uses them', async () => {
    const writer = await createModel(t.agent, 'Writer', 'gpt-4o');
    const luna = await createModel(t.agent, 'Luna', 'gpt-6-luna');
    await createModel(t.agent, 'Unused', 'gpt-4o-mini');
    await t.agent
      .post('/api/user')
      .send({ envVars: { OPENAI_API_KEY: '' } })
      .expect(200);
    const old = await createModel(t.agent, 'Old', 'gpt-4');
    await t.agent
      .post('/api/user')
      .send({ envVars: { OPENAI_API_KEY: openai.apiKey } })
      .expect(200);
    const intro = await section('Intro', writer);
    const faq = await section('FAQ', writer);
    const closing = await section('Closing', luna);
    const legacy = await section('Legacy', old);
    await article('Guide', [intro, faq, closing]);
    await article('Review', [closing, intro]);
    await article('Archive', [legacy]);

    const res = await t.agent.get('/api/model-shutdowns').expect(200);
    expect(res.headers['content-range']).toBe('model-shutdowns 0-1/2');
    expect(res.body).toEqual([
      { _id: old, name: 'Old', openai_model: 'gpt-4', shutdown_date: '2026-10-23', shut_down: true, sections: 1, articles: 1 },
      { _id: writer, name: 'Writer', openai_model: 'gpt-4o', shutdown_date: '2027-01-14', shut_down: today() >= '2027-01-14', sections: 2, articles: 2 },
    ]);
  });

  describe('replacing a model', () => {
    // One test for the sections, the article entries and the counts: they are one replacement, and its arrangement (two
    // models, three sections, two articles) is the slow part.
    it('should move every section (each a new version) and article entry to the replacement, answering the counts', async () => {
      const writer = await createModel(t.agent, 'Writer', 'gpt-4o');
      const luna = await createModel(t.agent, 'Luna', 'gpt-6-luna');
      const intro = await section('Intro', writer);
      const faq = await section('FAQ', writer);
      const closing = await section('Closing', luna);
      const guide = await article('Guide', [intro, faq, closing]);
      const untouched = await article('Other', [closing]);

      const res = await t.agent.post(`/api/models/${writer}/replace`).send({ replacement: luna }).expect(200);
      expect(res.body).toEqual({ sections: 2, articles: 1 });

      for (const moved of [intro, faq]) {
        const read = (await t.agent.get(`/api/sections/${moved._id}`).expect(200)).body;
        expect(read).toMatchObject({ model: luna, model_shutdown_date: null, name: moved.name });
        const versions = (await t.agent.get(`/api/sections/${moved._id}/versions`).expect(200)).body;
        expect(versions.map((v: Record<string, any>) => [v.version, v.model])).toEqual([
          [2, luna],
          [1, writer],
        ]);
      }
      const entries = (await t.agent.get(`/api/articles/${guide._id}`).expect(200)).body.sections as Record<string, any>[];
      expect(entries.map((e) => [e.heading, e.model, e.section_version, e.latest_version])).toEqual([
        ['Intro', luna, 2, 2],
        ['FAQ', luna, 2, 2],
        ['Closing', luna, 1, 1],
      ]);
      expect((await t.agent.get(`/api/articles/${untouched._id}`).expect(200)).body.updated_at).toBe(untouched.updated_at);
      expect((await t.agent.get('/api/model-shutdowns').expect(200)).body).toEqual([]);
    });

    /** A model with a section on it, and the replace request for it. */
    async function inUse() {
      const writer = await createModel(t.agent, 'Writer', 'gpt-4o');
      const intro = await section('Intro', writer);
      const replace = (body: object) => t.agent.post(`/api/models/${writer}/replace`).send(body);
      /** The section is still on its model, in its first version. */
      const unchanged = async () => {
        expect((await t.agent.get(`/api/sections/${intro._id}/versions`).expect(200)).body).toHaveLength(1);
        expect((await t.agent.get(`/api/sections/${intro._id}`).expect(200)).body.model).toBe(writer);
      };
      return { writer, replace, unchanged };
    }

    it('should refuse the model itself as its replacement, saying why, changing nothing', async () => {
      const { writer, replace, unchanged } = await inUse();
      const self = await replace({ replacement: writer }).expect(400);
      expect(self.body.errors).toEqual([{ field: 'replacement', message: 'is the model being replaced' }]);
      await unchanged();
    });

    // One test for both sides of another operator's model: signing a second operator in is the slow part.
    it('should refuse another operator’s model as the replacement, saying why, and not replace theirs, changing nothing', async () => {
      const { writer, replace, unchanged } = await inUse();
      const theirs = await createModel(request.agent(t.http).set('Cookie', await otherOperatorCookie(t)), 'Theirs', 'gpt-4o');
      const foreign = await replace({ replacement: theirs }).expect(400);
      expect(foreign.body.errors).toEqual([{ field: 'replacement', message: 'is not one of your models' }]);
      await t.agent.post(`/api/models/${theirs}/replace`).send({ replacement: writer }).expect(404);
      await unchanged();
    });

    it('should refuse a replacement that is not a model, or a request with unknown fields, changing nothing', async () => {
      const { writer, replace, unchanged } = await inUse();
      await replace({ replacement: 'gpt-6-luna' }).expect(400);
      await replace({ replacement: writer, extra: 1 }).expect(400);
      await unchanged();
    });
  });
});
