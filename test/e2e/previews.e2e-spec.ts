import request from 'supertest';
import { eventually } from '../support/fixtures';
import { generationSuite, SECTION_HEADINGS } from '../support/generation-fixtures';
import { otherOperatorCookie } from '../support/test-app';

type Json = Record<string, any>;

/** Server-sent events read from a finished stream: `{event, data}` in order. */
function parseEvents(text: string): { event: string; data: Json }[] {
  return text
    .split('\n\n')
    .filter((block) => block.trim() && !block.startsWith(':'))
    .map((block) => {
      const lines = block.split('\n');
      const event = lines.find((l) => l.startsWith('event: '))!.slice('event: '.length);
      const data = lines
        .filter((l) => l.startsWith('data: '))
        .map((l) => l.slice('data: '.length))
        .join('\n');
      return { event, data: JSON.parse(data) };
    });
}

/** Previews run a template exactly like a Notion row, but write nothing to Notion or Drive. */
describe('Previews', () => {
  const suite = generationSuite({ GENERATION_CONCURRENCY: '2', GENERATION_RETRY_SECONDS: '1' });
  const { notion, openai, google } = suite;

  const chats = () => openai.requestsTo('POST', /^\/v1\/chat\/completions$/).map((r) => JSON.parse(r.body));
  const get = async (id: string) => (await suite.agent.get(`/api/previews/${id}`).expect(200)).body;
  const finished = (p: Json) => p.status === 'completed' || p.status === 'failed';
  /** The article and client setUpGeneration made. */
  const setup = async () => {
    const [article] = (await suite.agent.get('/api/articles').expect(200)).body;
    const [client] = (await suite.agent.get('/api/clients').expect(200)).body;
    const [model] = (await suite.agent.get('/api/models').expect(200)).body;
    return { article, client, model };
  };

  it('should write every section as a real row would, show them while running, and write nothing to Notion or Drive', async () => {
    const { article, client } = await setup();
    const notionBefore = notion.requests.length;
    openai.chatLatencyMs = 300;
    const created = await suite.agent
      .post('/api/previews')
      .send({ articleId: article._id, title: 'Best gaming laptops', properties: { Keyword: 'gaming laptops' }, clientId: client._id })
      .expect(201);
    expect(created.body).toMatchObject({ _id: expect.any(String), status: 'queued', sections_total: 3 });

    // Read while OpenAI is slow: some sections are there, not all.
    const partial = await eventually(
      () => get(created.body._id),
      (p) => p.variants[0].sections.length >= 1,
    );
    expect(partial.status).toBe('running');
    expect(partial.variants[0].sections.length).toBeLessThan(3);

    const done = await eventually(() => get(created.body._id), finished);
    expect(done).toMatchObject({ status: 'completed', message: null, title: 'Best gaming laptops', client: 'Acme', article_title: 'Laptop guide' });
    expect(done.variants).toHaveLength(1);
    const [variant] = done.variants;
    expect(variant.model).toBeNull();
    expect(variant.sections.map((s: Json) => s.heading)).toEqual(SECTION_HEADINGS);
    expect(variant.sections.map((s: Json) => s.position)).toEqual([0, 1, 2]);

    // The requests as a real row's: placeholders filled, previous sections, bias list, each section's temperature.
    const sent = chats();
    expect(sent).toHaveLength(3);
    expect(sent[0].messages).toEqual([
      { role: 'system', content: 'You introduce articles for Acme.' },
      { role: 'user', content: 'Introduce "Best gaming laptops" about gaming laptops.' },
    ]);
    expect(Object.keys(sent[0].logit_bias ?? {}).length).toBeGreaterThan(0);
    expect(sent[1].logit_bias).toBeUndefined();
    expect(sent[1].messages[1].content).toBe(`Pros and cons for Best gaming laptops after: ## Introduction\n\n${variant.sections[0].content}`);
    expect(sent[2].messages[1].content).toBe('Three FAQ for Laptop guide (Guide), section FAQ.');
    expect(sent.map((c) => c.temperature)).toEqual(article.sections.map((s: Json) => s.temperature));
    for (const [i, section] of variant.sections.entries()) {
      expect(section.content).toBe(`Written by gpt-4o for: ${sent[i].messages[1].content}`.slice(0, 'Written by gpt-4o for: '.length + 120));
      expect(section.prompt_tokens).toBeGreaterThan(0);
      expect(section.completion_tokens).toBeGreaterThan(0);
      expect(section.cost_usd).toBeGreaterThan(0);
    }
    const sum = (field: string) => variant.sections.reduce((n: number, s: Json) => n + s[field], 0);
    expect(variant.usage).toMatchObject({ prompt_tokens: sum('prompt_tokens'), completion_tokens: sum('completion_tokens') });
    expect(variant.usage.cost_usd).toBeCloseTo(sum('cost_usd'), 5);
    expect(done.usage).toEqual(variant.usage);

    // Nothing reached Notion (no append, no status change: no request at all) and Drive has no file.
    const notionWrites = notion.requests.slice(notionBefore).filter((r) => r.method !== 'GET');
    expect(notionWrites).toEqual([]);
    expect(notion.requests.length).toBe(notionBefore);
    expect(google.files).toEqual([]);
    // Nor is it History.
    expect(await suite.history()).toEqual([]);

    // It counts in the month's usage, with the same cost.
    const usage = (await suite.agent.get('/api/usage').expect(200)).body;
    expect(usage).toMatchObject({ articles: 0, previews: 1, sections: 3, prompt_tokens: done.usage.prompt_tokens, cost_usd: done.usage.cost_usd });
  });

  it('should run the whole template once per model, side by side, each request with its model', async () => {
    const { article, model } = await setup();
    const mini = (await suite.agent.post('/api/models').send({ name: 'Mini', base_model: 'gpt-4o-mini' }).expect(201)).body;
    const created = await suite.agent
      .post('/api/previews')
      .send({ articleId: article._id, title: 'Two models', properties: { Keyword: 'tablets' }, models: [model._id, mini._id] })
      .expect(201);
    const done = await eventually(() => get(created.body._id), finished);
    expect(done.status).toBe('completed');
    expect(done.variants.map((v: Json) => [v.model, v.model_name])).toEqual([
      [model._id, 'Writer'],
      [mini._id, 'Mini'],
    ]);
    for (const [i, name] of ['gpt-4o', 'gpt-4o-mini'].entries()) {
      const variant = done.variants[i];
      expect(variant.sections.map((s: Json) => s.heading)).toEqual(SECTION_HEADINGS);
      expect(variant.sections.every((s: Json) => s.model === name && s.content.startsWith(`Written by ${name} for:`))).toBe(true);
      // Each variant's {{previous_sections}} holds its own sections.
      expect(chats().find((c) => c.model === name && c.messages[1].content.startsWith('Pros and cons'))!.messages[1].content).toContain(
        variant.sections[0].content,
      );
    }
    const sent = chats();
    expect(sent.filter((c) => c.model === 'gpt-4o')).toHaveLength(3);
    expect(sent.filter((c) => c.model === 'gpt-4o-mini')).toHaveLength(3);
    expect(done.usage.prompt_tokens).toBe(done.variants[0].usage.prompt_tokens + done.variants[1].usage.prompt_tokens);
    const usage = (await suite.agent.get('/api/usage').expect(200)).body;
    expect(usage.by_model.map((m: Json) => m.model).sort()).toEqual(['gpt-4o', 'gpt-4o-mini']);
  });

  it('should stream each section and the status changes as server-sent events, ending when done', async () => {
    const { article } = await setup();
    openai.chatLatencyMs = 200;
    const created = (
      await suite.agent
        .post('/api/previews')
        .send({ articleId: article._id, title: 'Streamed', properties: { Keyword: 'phones' } })
        .expect(201)
    ).body;
    const res = await suite.agent.get(`/api/previews/${created._id}/events`).buffer(true).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    const events = parseEvents(res.text);
    expect(events[0].event).toBe('status');
    expect(events[0].data._id).toBe(created._id);
    expect(events[0].data.variants[0].sections.length).toBeLessThan(3);
    const sections = events.filter((e) => e.event === 'section').map((e) => e.data);
    // Every section is delivered once, in order: those written before connecting came in the first event.
    const seen = [...events[0].data.variants[0].sections.map((s: Json) => s.heading), ...sections.map((s) => s.heading)];
    expect(seen).toEqual(SECTION_HEADINGS);
    expect(sections.length).toBeGreaterThan(0);
    expect(sections[0]).toMatchObject({ variant: 0, content: expect.stringContaining('Written by gpt-4o'), prompt_tokens: expect.any(Number) });
    const last = events.at(-1)!;
    expect(last.event).toBe('status');
    expect(last.data.status).toBe('completed');
    expect(last.data).toEqual(await get(created._id));
  });

  it('should refuse an unknown placeholder and bad bodies with a 400 before anything runs, and a missing key with a 409', async () => {
    const { article, model } = await setup();
    const noKeyword = await suite.agent.post('/api/previews').send({ articleId: article._id, title: 'Missing' }).expect(400);
    expect(noKeyword.body.message).toBe(
      'Unknown placeholder {{Keyword}} in section "Introduction": it is neither a built-in placeholder nor a property of the Notion page.',
    );
    expect(noKeyword.body.errors).toEqual([{ field: 'properties', message: noKeyword.body.message }]);

    const bad = async (body: Json, field: string) => {
      const res = await suite.agent.post('/api/previews').send(body).expect(400);
      expect(res.body.errors.map((e: Json) => e.field)).toContain(field);
    };
    await bad({ title: 'No template' }, 'articleId');
    await bad({ articleId: article._id, sectionId: article.sections[0].section, title: 'Both' }, 'articleId');
    await bad({ articleId: article._id, title: '   ', properties: { Keyword: 'x' } }, 'title');
    await bad({ articleId: article._id, title: 'List', properties: ['Keyword'] }, 'properties');
    await bad({ articleId: article._id, title: 'Number', properties: { Keyword: 3 } }, 'properties');
    await bad({ articleId: article._id, title: 'Three', properties: { Keyword: 'x' }, models: [model._id, model._id] }, 'models');
    await bad({ articleId: article._id, title: 'Unknown model', properties: { Keyword: 'x' }, models: ['00000000-0000-4000-8000-000000000000'] }, 'models.0');

    expect((await suite.agent.get('/api/previews').expect(200)).body).toEqual([]);
    expect(chats()).toEqual([]);

    // Without an OpenAI key: a 409 saying what to do.
    await suite.agent
      .post('/api/user')
      .send({ envVars: { OPENAI_API_KEY: '' } })
      .expect(200);
    const noKey = await suite.agent
      .post('/api/previews')
      .send({ articleId: article._id, title: 'No key', properties: { Keyword: 'x' } })
      .expect(409);
    expect(noKey.body.message).toBe('Add your OpenAI API key in OpenAI Settings on the Home screen first.');
    expect((await suite.agent.get('/api/previews').expect(200)).body).toEqual([]);
  });

  it('should try one section alone with sample values, and list previews newest first, by article', async () => {
    const { article } = await setup();
    const [section] = (
      await suite.agent
        .get('/api/sections')
        .query({ filter: JSON.stringify({ q: 'FAQ' }) })
        .expect(200)
    ).body;
    const one = (await suite.agent.post('/api/previews').send({ sectionId: section._id, title: 'Sample title' }).expect(201)).body;
    const done = await eventually(() => get(one._id), finished);
    expect(done).toMatchObject({ status: 'completed', sectionId: section._id, articleId: null, article_title: 'FAQ', sections_total: 1 });
    expect(chats()[0].messages[1].content).toBe('Three FAQ for FAQ (Section), section FAQ.');

    const first = (
      await suite.agent
        .post('/api/previews')
        .send({ articleId: article._id, title: 'First', properties: { Keyword: 'a' } })
        .expect(201)
    ).body;
    await eventually(() => get(first._id), finished);
    const second = (
      await suite.agent
        .post('/api/previews')
        .send({ articleId: article._id, title: 'Second', properties: { Keyword: 'b' } })
        .expect(201)
    ).body;
    await eventually(() => get(second._id), finished);

    const all = await suite.agent.get('/api/previews').expect(200);
    expect(all.body.map((p: Json) => p.title)).toEqual(['Second', 'First', 'Sample title']);
    expect(all.headers['content-range']).toBe('previews 0-2/3');
    const byArticle = await suite.agent
      .get('/api/previews')
      .query({ filter: JSON.stringify({ articleId: article._id }), range: '[0,0]' })
      .expect(200);
    expect(byArticle.body.map((p: Json) => p.title)).toEqual(['Second']);
    expect(byArticle.headers['content-range']).toBe('previews 0-0/2');
    const sorted = await suite.agent.get('/api/previews').query({ sort: '["title","ASC"]' }).expect(200);
    expect(sorted.body.map((p: Json) => p.title)).toEqual(['First', 'Sample title', 'Second']);
    await suite.agent.get('/api/previews').query({ filter: '{"model":"x"}' }).expect(400);
  });

  it("should answer another operator's preview with 404 everywhere, and refuse their template", async () => {
    const { article } = await setup();
    const mine = (
      await suite.agent
        .post('/api/previews')
        .send({ articleId: article._id, title: 'Mine', properties: { Keyword: 'k' } })
        .expect(201)
    ).body;
    await eventually(() => get(mine._id), finished);
    const grace = await otherOperatorCookie(suite.t);
    const theirs = (path: string) => request(suite.t.http).get(path).set('Cookie', grace);
    expect((await theirs(`/api/previews/${mine._id}`).expect(404)).body.message).toBe('Preview not found.');
    await theirs(`/api/previews/${mine._id}/events`).expect(404);
    await theirs('/api/previews/not-a-uuid').expect(404);
    expect((await theirs('/api/previews').expect(200)).body).toEqual([]);
    const refused = await request(suite.t.http)
      .post('/api/previews')
      .set('Cookie', grace)
      .send({ articleId: article._id, title: 'Not mine', properties: { Keyword: 'k' } })
      .expect(400);
    expect(refused.body.errors).toEqual([{ field: 'articleId', message: 'is not one of your articles' }]);
    expect((await theirs('/api/usage').expect(200)).body).toMatchObject({ previews: 0, sections: 0 });
  });

  it('should try a preview again after a passing fault, reusing what was written', async () => {
    const { article } = await setup();
    // The SDK retries a 503 four times; the fifth answer outlasts them and the job tries again later.
    openai.failChatWhere(/Pros and cons for/, 503, 'The server is overloaded.', 5);
    const created = (
      await suite.agent
        .post('/api/previews')
        .send({ articleId: article._id, title: 'Fault', properties: { Keyword: 'k' } })
        .expect(201)
    ).body;
    const done = await eventually(() => get(created._id), finished, 30_000);
    expect(done.status).toBe('completed');
    expect(done.variants[0].sections.map((s: Json) => s.heading)).toEqual(SECTION_HEADINGS);
    // The introduction was asked for once.
    expect(chats().filter((c) => c.messages[1].content.startsWith('Introduce'))).toHaveLength(1);
  });
});
