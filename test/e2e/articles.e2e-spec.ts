import request from 'supertest';
import { createModel, createSection, snapshotOf } from '../support/fixtures';
import { otherOperatorCookie } from '../support/test-app';
import { useTestApp } from '../support/use-test-app';

describe('Articles', () => {
  const t = useTestApp({ signIn: 'local' });
  let modelId: string;

  beforeEach(async () => {
    modelId = await createModel(t.agent, 'Writer');
  });

  async function biasList(name: string) {
    return (
      await t.agent
        .post('/api/logit-bias-groups')
        .send({ name, entries: [{ words: ['delve'], bias: -100 }] })
        .expect(201)
    ).body._id as string;
  }

  it('should create an article from section snapshots and keep them when the section changes later', async () => {
    const list = await biasList('Banned');
    const intro = await createSection(t.agent, modelId, { name: 'Intro', temperature: 0.3, logit_bias_group: list });
    const faq = await createSection(t.agent, modelId, { name: 'FAQ' });
    const res = await t.agent
      .post('/api/articles')
      .send({ article_title: ' Best Laptops ', article_type: 'Listicle', sections: [snapshotOf(intro), snapshotOf(faq)] })
      .expect(201);
    expect(res.body).toMatchObject({ article_title: 'Best Laptops', article_type: 'Listicle', notes: '' });
    expect(res.body.sections).toEqual([
      {
        section: intro._id,
        heading: 'Intro',
        systemPrompt: intro.system_message,
        userPrompt: intro.user_message,
        model: modelId,
        temperature: 0.3,
        logit_bias_group: list,
        reasoning_effort: null,
        examples_model: null,
        examples_count: 3,
        section_version: 1,
        latest_version: 1,
      },
      {
        section: faq._id,
        heading: 'FAQ',
        systemPrompt: faq.system_message,
        userPrompt: faq.user_message,
        model: modelId,
        temperature: 0.7,
        logit_bias_group: null,
        reasoning_effort: null,
        examples_model: null,
        examples_count: 3,
        section_version: 1,
        latest_version: 1,
      },
    ]);
    await t.agent
      .put(`/api/sections/${intro._id}`)
      .send({ name: 'Intro v2', model: modelId, temperature: 1, system_message: 's', user_message: 'u' })
      .expect(200);
    const stored = await t.agent.get(`/api/articles/${res.body._id}`).expect(200);
    expect(stored.body.sections[0]).toMatchObject({ heading: 'Intro', temperature: 0.3, section_version: 1, latest_version: 2 });
  });

  it("should keep each section's bias group when an update omits it, matching repeated sections in order", async () => {
    const a = await biasList('A');
    const b = await biasList('B');
    const s1 = await createSection(t.agent, modelId, { name: 'One' });
    const s2 = await createSection(t.agent, modelId, { name: 'Two' });
    const created = await t.agent
      .post('/api/articles')
      .send({
        article_title: 'T',
        article_type: 'X',
        sections: [{ ...snapshotOf(s1), logit_bias_group: a }, { ...snapshotOf(s2) }, { ...snapshotOf(s1), logit_bias_group: b }],
      })
      .expect(201);
    const update = {
      article_title: 'T',
      article_type: 'X',
      sections: [snapshotOf(s2, false), snapshotOf(s1, false), snapshotOf(s1, false), snapshotOf(s1, false)],
    };
    const res = await t.agent.put(`/api/articles/${created.body._id}`).send(update).expect(200);
    expect(res.body.sections.map((s: { heading: string; logit_bias_group: string | null }) => [s.heading, s.logit_bias_group])).toEqual([
      ['Two', null],
      ['One', a],
      ['One', b],
      ['One', null],
    ]);
  });

  it("should take a new entry's bias group from its section when the update omits it", async () => {
    const a = await biasList('A');
    const s1 = await createSection(t.agent, modelId, { name: 'One' });
    const s2 = await createSection(t.agent, modelId, { name: 'Two', logit_bias_group: a });
    const created = await t.agent
      .post('/api/articles')
      .send({ article_title: 'T', article_type: 'X', sections: [snapshotOf(s1)] })
      .expect(201);
    const res = await t.agent
      .put(`/api/articles/${created.body._id}`)
      .send({ article_title: 'T', article_type: 'X', sections: [snapshotOf(s1, false), snapshotOf(s2, false)] })
      .expect(200);
    expect(res.body.sections[1].logit_bias_group).toBe(a);
  });

  it('should keep an entry whose section was deleted since the article was saved', async () => {
    const s1 = await createSection(t.agent, modelId, { name: 'Gone soon' });
    const created = await t.agent
      .post('/api/articles')
      .send({ article_title: 'T', article_type: 'X', sections: [snapshotOf(s1)] })
      .expect(201);
    await t.agent.delete(`/api/sections/${s1._id}`).expect(200);
    await t.agent
      .put(`/api/articles/${created.body._id}`)
      .send({ article_title: 'T2', article_type: 'X', sections: [snapshotOf(s1, false)] })
      .expect(200);
    const other = await t.agent
      .post('/api/articles')
      .send({ article_title: 'New', article_type: 'X', sections: [snapshotOf(s1)] })
      .expect(400);
    expect(other.body.message).toBe('sections.0.section is not one of your sections');
  });

  it('should keep titles unique per operator, ignoring case', async () => {
    await t.agent.post('/api/articles').send({ article_title: 'Guide', article_type: 'X', sections: [] }).expect(201);
    const dup = await t.agent.post('/api/articles').send({ article_title: 'GUIDE', article_type: 'Y', sections: [] }).expect(409);
    expect(dup.body.message).toBe('An article titled "GUIDE" already exists.');
    const other = await t.agent.post('/api/articles').send({ article_title: 'Other', article_type: 'X', sections: [] }).expect(201);
    await t.agent.put(`/api/articles/${other.body._id}`).send({ article_title: 'guide', article_type: 'X', sections: [] }).expect(409);
    await t.agent.put(`/api/articles/${other.body._id}`).send({ article_title: 'OTHER', article_type: 'X', sections: [] }).expect(200);
  });

  it.each([
    ['no title', { article_title: '' }, 'article_title is required'],
    ['no type', { article_type: '   ' }, 'article_type is required'],
    ['sections that are not a list', { sections: 'intro' }, 'sections must be a list'],
    [
      'a snapshot with a bad temperature',
      {
        sections: [
          {
            section: '00000000-0000-4000-8000-000000000000',
            heading: 'H',
            systemPrompt: 's',
            userPrompt: 'u',
            model: '00000000-0000-4000-8000-000000000000',
            temperature: 'hot',
          },
        ],
      },
      'temperature must be a number',
    ],
    [
      'a snapshot without prompts',
      { sections: [{ section: '00000000-0000-4000-8000-000000000000', heading: 'H', model: '00000000-0000-4000-8000-000000000000', temperature: 1 }] },
      'systemPrompt must be text',
    ],
    [
      'an unknown snapshot field',
      {
        sections: [
          {
            section: '00000000-0000-4000-8000-000000000000',
            heading: 'H',
            systemPrompt: 's',
            userPrompt: 'u',
            model: '00000000-0000-4000-8000-000000000000',
            temperature: 1,
            extra: 1,
          },
        ],
      },
      'property extra should not exist',
    ],
    ['a huge title', { article_title: 'x'.repeat(201) }, 'article_title must be at most 200 characters'],
  ])('should answer 400 to %s and change nothing', async (_case, overrides, message) => {
    const saved = await t.agent.post('/api/articles').send({ article_title: 'Kept', article_type: 'X', sections: [] }).expect(201);
    const body = { article_title: 'New', article_type: 'X', sections: [], ...overrides };
    expect((await t.agent.post('/api/articles').send(body).expect(400)).body.message).toContain(message);
    expect((await t.agent.put(`/api/articles/${saved.body._id}`).send(body).expect(400)).body.message).toContain(message);
    const list = await t.agent.get('/api/articles').expect(200);
    expect(list.body.map((a: { article_title: string }) => a.article_title)).toEqual(['Kept']);
  });

  it("should answer 404 for another operator's article and refuse their sections", async () => {
    const mine = await t.agent.post('/api/articles').send({ article_title: 'Mine', article_type: 'X', sections: [] }).expect(201);
    const grace = await otherOperatorCookie(t);
    for (const req of [
      request(t.http).get(`/api/articles/${mine.body._id}`),
      request(t.http).put(`/api/articles/${mine.body._id}`).send({ article_title: 'Hijack', article_type: 'X', sections: [] }),
      request(t.http).delete(`/api/articles/${mine.body._id}`),
    ]) {
      expect((await req.set('Cookie', grace).expect(404)).body.message).toBe('Article not found.');
    }
    expect((await request(t.http).get('/api/articles').set('Cookie', grace).expect(200)).body).toEqual([]);
    const section = await createSection(t.agent, modelId);
    const res = await request(t.http)
      .post('/api/articles')
      .set('Cookie', grace)
      .send({ article_title: 'T', article_type: 'X', sections: [snapshotOf(section)] })
      .expect(400);
    expect(res.body.message).toBe('sections.0.section is not one of your sections');
  });

  it('should list articles by title with Content-Range and delete one', async () => {
    for (const title of ['Zeta', 'Alpha', 'Mu'])
      await t.agent
        .post('/api/articles')
        .send({ article_title: title, article_type: title === 'Mu' ? 'Guide' : 'List', sections: [] })
        .expect(201);
    const list = await t.agent.get('/api/articles').expect(200);
    expect(list.headers['content-range']).toBe('articles 0-2/3');
    expect(list.body.map((a: { article_title: string }) => a.article_title)).toEqual(['Alpha', 'Mu', 'Zeta']);
    const guides = await t.agent.get('/api/articles').query({ filter: '{"article_type":"Guide"}' }).expect(200);
    expect(guides.body.map((a: { article_title: string }) => a.article_title)).toEqual(['Mu']);
    await t.agent.delete(`/api/articles/${list.body[0]._id}`).expect(200);
    expect((await t.agent.get('/api/articles').expect(200)).headers['content-range']).toBe('articles 0-1/2');
  });

  it('should list only the articles with an entry writing with a model when filtered by model', async () => {
    const other = await createModel(t.agent, 'Other writer');
    const mine = snapshotOf(await createSection(t.agent, modelId, { name: 'Mine' }));
    const theirs = snapshotOf(await createSection(t.agent, other, { name: 'Theirs' }));
    for (const [title, sections] of [
      ['Both', [mine, theirs]],
      ['Only other', [theirs]],
      ['Only mine', [mine]],
      ['Empty', []],
    ] as const)
      await t.agent.post('/api/articles').send({ article_title: title, article_type: 'X', sections }).expect(201);
    const byModel = await t.agent
      .get('/api/articles')
      .query({ filter: JSON.stringify({ model: modelId }), range: '[0,0]' })
      .expect(200);
    expect(byModel.headers['content-range']).toBe('articles 0-0/2');
    expect(byModel.body.map((a: { article_title: string }) => a.article_title)).toEqual(['Both']);
    const either = await t.agent
      .get('/api/articles')
      .query({ filter: JSON.stringify({ model: [modelId, other] }) })
      .expect(200);
    expect(either.body.map((a: { article_title: string }) => a.article_title)).toEqual(['Both', 'Only mine', 'Only other']);
  });
});
