import request from 'supertest';
import { DEFAULT_PRICES } from '../../backend/src/config/price-table';
import { eventually } from '../support/fixtures';
import { generationSuite, HistoryEntry, SECTION_HEADINGS } from '../support/generation-fixtures';
import { otherOperatorCookie } from '../support/test-app';

/** What the prices table says the tokens cost, worked out here from the API's own numbers. */
function expectedUsd(section: HistoryEntry): number {
  const price = DEFAULT_PRICES.models['gpt-4o'];
  return (
    ((section.prompt_tokens - section.cached_tokens) * price.input + section.cached_tokens * price.cachedInput! + section.completion_tokens * price.output) /
    1e6
  );
}

/** An article's page inside Quire (sections, prompts, tokens, cost), its retry, and the month's usage. */
describe('History entry in full, usage and retry', () => {
  const suite = generationSuite({ GENERATION_CONCURRENCY: '2', GENERATION_RETRY_SECONDS: '1' });
  const { notion, openai, history, settled, checkNow } = suite;

  const chats = () => openai.requestsTo('POST', /^\/v1\/chat\/completions$/).map((r) => JSON.parse(r.body));
  const detail = async (id: string) => (await suite.agent.get(`/api/history/${id}`).expect(200)).body;
  const row = (title: string) => notion.addRow({ title, status: 'Start Generating', type: 'Guide', client: 'acme', extra: { Keyword: title } });

  it('should hold every section of a completed article with the text that reached Notion, the messages as sent, tokens and cost', async () => {
    openai.cachedTokens = 7;
    const page = row('Best gaming laptops');
    await checkNow();
    const [entry] = await eventually(history, (e) => settled(e, 1));
    expect(entry.status).toBe('completed');

    const full = await detail(entry._id);
    // The entry as the list shows it, plus the detail.
    expect(full).toMatchObject(entry);
    expect(full.notion_url).toBe(notion.pages.get(page)!.url);
    expect(full.doc_url).toBe(entry.meta.viewUrl);
    expect(full.stopped_at).toBeUndefined();
    expect(full.sections.map((s: HistoryEntry) => s.heading)).toEqual(SECTION_HEADINGS);

    const body = notion.bodyOf(page);
    const sent = chats();
    expect(sent).toHaveLength(3);
    for (const [i, section] of full.sections.entries()) {
      expect(section.position).toBe(i);
      // The text that reached Notion, under its heading.
      const start = body.indexOf(`heading_2: ${section.heading}`);
      const end = i + 1 < SECTION_HEADINGS.length ? body.indexOf(`heading_2: ${SECTION_HEADINGS[i + 1]}`) : body.length;
      expect(body.slice(start + 1, end)).toEqual(section.content.split('\n\n').map((text: string) => `paragraph: ${text}`));
      // The messages as sent, placeholders filled.
      expect([
        { role: 'system', content: section.system_message },
        { role: 'user', content: section.user_message },
      ]).toEqual(sent[i].messages);
      expect(section).toMatchObject({ model: 'gpt-4o', temperature: sent[i].temperature, cached_tokens: 7 });
      expect(section.user_message).not.toContain('{{');
      expect(section.prompt_tokens).toBeGreaterThan(7);
      expect(section.completion_tokens).toBeGreaterThan(0);
      expect(section.cost_usd).toBeCloseTo(expectedUsd(section), 6);
      expect(section.duration_ms).toBeGreaterThanOrEqual(0);
      // The template's entries were snapshotted from version 1 of each section.
      expect(section.section_version).toBe(1);
    }
    expect(full.sections[0].system_message).toBe('You introduce articles for Acme.');
    expect(full.sections[0].user_message).toBe('Introduce "Best gaming laptops" about Best gaming laptops.');
    expect(full.sections[0].logit_bias_group).toMatch(/^[0-9a-f-]{36}$/);
    expect(full.sections[1].logit_bias_group).toBeNull();

    const sum = (field: string) => full.sections.reduce((n: number, s: HistoryEntry) => n + s[field], 0);
    expect(full.usage).toEqual({ prompt_tokens: sum('prompt_tokens'), completion_tokens: sum('completion_tokens'), cost_usd: expect.any(Number) });
    expect(full.usage.cost_usd).toBeCloseTo(
      full.sections.reduce((n: number, s: HistoryEntry) => n + expectedUsd(s), 0),
      6,
    );
    // The list's token count is the same usage.
    expect(entry.meta.tokens).toBe(full.usage.prompt_tokens + full.usage.completion_tokens);
  });

  it('should name the version of its section each section was written with, as the article entry held it then', async () => {
    const [article] = (await suite.agent.get('/api/articles').expect(200)).body;
    const [intro, pros, faq] = article.sections as Record<string, unknown>[];
    // "Pros and Cons" edited twice (versions 2 and 3); the article's entry updated to 3. "FAQ" edited in the article itself: no version.
    const prosSection = (await suite.agent.get(`/api/sections/${pros.section}`).expect(200)).body;
    for (const system of ['You weigh pros and cons (2).', 'You weigh pros and cons (3).']) {
      await suite.agent
        .put(`/api/sections/${pros.section}`)
        .send({ ...prosSection, system_message: system })
        .expect(200);
    }
    const updated = (
      await suite.agent
        .put(`/api/articles/${article._id}`)
        .send({ ...article, sections: [intro, { ...pros, systemPrompt: 'You weigh pros and cons (3).' }, { ...faq, userPrompt: 'Three FAQ for {{title}}.' }] })
        .expect(200)
    ).body;
    expect(updated.sections.map((s: HistoryEntry) => [s.section_version, s.latest_version])).toEqual([
      [1, 1],
      [3, 3],
      [null, 1],
    ]);
    row('Versioned');
    await checkNow();
    const [entry] = await eventually(history, (e) => settled(e, 1));
    expect(entry.status).toBe('completed');
    const full = await detail(entry._id);
    expect(full.sections.map((s: HistoryEntry) => [s.heading, s.section_version])).toEqual([
      ['Introduction', 1],
      ['Pros and Cons', 3],
      ['FAQ', null],
    ]);
    expect(full.sections[1].system_message).toBe('You weigh pros and cons (3).');

    // What was written stays as it was written: the section moving on (a restore is version 4) changes no History entry.
    await suite.agent.post(`/api/sections/${pros.section}/versions/1/restore`).expect(201);
    expect((await detail(entry._id)).sections.map((s: HistoryEntry) => s.section_version)).toEqual([1, 3, null]);
  });

  it('should say where a failed article stopped and why', async () => {
    // OpenAI refuses the second section (a refusal is not retried): the first was written.
    openai.failChatWhere(/Pros and cons for/, 400, 'This request was refused.');
    row('Refused');
    await checkNow();
    const [entry] = await eventually(history, (e) => settled(e, 1));
    expect(entry.message).toBe('OpenAI: could not write section "Pros and Cons": This request was refused.');
    const full = await detail(entry._id);
    expect(full.stopped_at).toEqual({ position: 1, reason: entry.message });
    expect(full.sections.map((s: HistoryEntry) => s.heading)).toEqual(['Introduction']);
    expect(full.usage.prompt_tokens).toBe(full.sections[0].prompt_tokens);
  });

  it("should answer another operator's entry with 404, and a training entry with its job", async () => {
    row('Mine');
    await checkNow();
    const [entry] = await eventually(history, (e) => settled(e, 1));
    const grace = await otherOperatorCookie(suite.t);
    expect((await request(suite.t.http).get(`/api/history/${entry._id}`).set('Cookie', grace).expect(404)).body.message).toBe('History entry not found.');

    const training = (await suite.agent.post('/api/training-jobs/submit-url').send({ url: 'http://127.0.0.1:9/blog/' }).expect(201)).body;
    // Compared once the crawl has stopped (private addresses are refused), so both reads see the same job.
    const job = await eventually(
      async () => (await suite.agent.get(`/api/training-jobs/${training._id}`).expect(200)).body,
      (j) => j.status === 'failed' || j.status === 'completed',
    );
    const full = await detail(training._id);
    expect(full).toMatchObject({ _id: training._id, _type: 'training', title: 'http://127.0.0.1:9/blog/' });
    expect(full.job).toEqual(job);
    expect(full.sections).toBeUndefined();
  });

  it('should retry a failed article once the fault clears: the same entry, every section once, earlier sections not asked again', async () => {
    // OpenAI refuses the second section for as long as the fault lasts (a refusal is never retried).
    openai.failChatWhere(/Pros and cons for/, 400, 'This request was refused.', 1000);
    const page = row('Second try');
    await checkNow();
    const [failed] = await eventually(history, (e) => settled(e, 1));
    expect(failed.status).toBe('failed');
    expect(notion.statusOf(page)).toBe('Generating Error');
    const firstTry = await detail(failed._id);
    expect(firstTry.stopped_at).toEqual({ position: 1, reason: failed.message });
    const asked = (prefix: string) => chats().filter((c) => c.messages[1].content.startsWith(prefix)).length;
    expect(chats().map((c) => c.messages[1].content.slice(0, 12))).toEqual(['Introduce "S', 'Pros and con']);

    // Retried while OpenAI still refuses: it stops at the same section again; the introduction is not asked for again.
    await suite.agent.post(`/api/history/${failed._id}/retry`).expect(200);
    await eventually(history, (e) => settled(e, 1) && e[0].status === 'failed' && asked('Pros and cons') === 2);
    expect(asked('Introduce')).toBe(1);
    expect(notion.statusOf(page)).toBe('Generating Error');

    // The fault clears; the retry completes the same entry.
    openai.clearFailures();
    const retried = (await suite.agent.post(`/api/history/${failed._id}/retry`).expect(200)).body;
    expect(retried._id).toBe(failed._id);
    expect(['queued', 'running', 'completed']).toContain(retried.status);
    expect(retried.message).toBeNull();
    expect(['Generating...', 'Posts Generated']).toContain(notion.statusOf(page));

    const entries = await eventually(history, (e) => settled(e, 1) && e[0].status === 'completed');
    expect(entries.map((e) => e._id)).toEqual([failed._id]);
    expect(notion.statusOf(page)).toBe('Posts Generated');
    // Each section once in Notion; OpenAI asked once for each section it wrote (the refused tries aside).
    expect(notion.bodyOf(page).filter((line) => line.startsWith('heading_2: '))).toEqual(SECTION_HEADINGS.map((h) => `heading_2: ${h}`));
    expect([asked('Introduce'), asked('Pros and cons'), asked('Three FAQ')]).toEqual([1, 3, 1]);
    expect(chats()).toHaveLength(5);
    const full = await detail(failed._id);
    expect(full.sections.map((s: HistoryEntry) => s.heading)).toEqual(SECTION_HEADINGS);
    // The introduction is the one written before the failure: the same text and tokens.
    expect(full.sections[0]).toEqual(firstTry.sections[0]);
    expect(full.stopped_at).toBeUndefined();
    expect(full.usage.prompt_tokens).toBe(full.sections.reduce((n: number, s: HistoryEntry) => n + s.prompt_tokens, 0));
  });

  it('should refuse to retry anything but a failed article, with the reason; another operator gets 404', async () => {
    row('Fine');
    await checkNow();
    const [entry] = await eventually(history, (e) => settled(e, 1));
    expect((await suite.agent.post(`/api/history/${entry._id}/retry`).expect(409)).body.message).toBe(
      'Only a failed article can be retried; this one is completed.',
    );
    const training = (await suite.agent.post('/api/training-jobs/submit-url').send({ url: 'http://127.0.0.1:9/blog/' }).expect(201)).body;
    expect((await suite.agent.post(`/api/history/${training._id}/retry`).expect(409)).body.message).toBe(
      'Only a failed article can be retried; this is a training job (submit its URL again).',
    );
    const grace = await otherOperatorCookie(suite.t);
    await request(suite.t.http).post(`/api/history/${entry._id}/retry`).set('Cookie', grace).expect(404);
    expect(notion.statusOf(notion.pages.keys().next().value!)).toBe('Posts Generated');
  });

  it("should sum the month's usage as the entries do, by model, and refuse bad dates naming the field", async () => {
    row('One');
    row('Two');
    await checkNow();
    const entries = await eventually(history, (e) => settled(e, 2));
    const fulls = await Promise.all(entries.map((e) => detail(e._id)));
    const usage = (await suite.agent.get('/api/usage').expect(200)).body;
    const sum = (pick: (f: HistoryEntry) => number) => fulls.reduce((n, f) => n + pick(f), 0);
    expect(usage).toMatchObject({
      articles: 2,
      sections: 6,
      prompt_tokens: sum((f) => f.usage.prompt_tokens),
      completion_tokens: sum((f) => f.usage.completion_tokens),
    });
    expect(usage.cost_usd).toBeCloseTo(
      sum((f) => f.usage.cost_usd),
      6,
    );
    expect(usage.by_model).toEqual([
      { model: 'gpt-4o', vendor: 'OpenAI', prompt_tokens: usage.prompt_tokens, completion_tokens: usage.completion_tokens, cost_usd: usage.cost_usd },
    ]);
    expect(usage.by_vendor).toEqual([
      { vendor: 'OpenAI', prompt_tokens: usage.prompt_tokens, completion_tokens: usage.completion_tokens, cost_usd: usage.cost_usd },
    ]);
    const today = new Date().toISOString().slice(0, 10);
    expect(usage.from).toBe(`${today.slice(0, 8)}01`);
    expect((await suite.agent.get('/api/usage').query({ from: today, to: today }).expect(200)).body.sections).toBe(6);
    expect((await suite.agent.get('/api/usage').query({ from: '2020-01-01', to: '2020-01-31' }).expect(200)).body).toEqual({
      from: '2020-01-01',
      to: '2020-01-31',
      articles: 0,
      previews: 0,
      sections: 0,
      prompt_tokens: 0,
      completion_tokens: 0,
      cost_usd: 0,
      by_model: [],
      by_vendor: [],
    });
    // Another operator spent nothing.
    const grace = await otherOperatorCookie(suite.t);
    expect((await request(suite.t.http).get('/api/usage').set('Cookie', grace).expect(200)).body).toMatchObject({ articles: 0, sections: 0, cost_usd: 0 });

    expect((await suite.agent.get('/api/usage').query({ from: '2026-13-01' }).expect(400)).body.errors).toEqual([
      { field: 'from', message: 'from must be a date written YYYY-MM-DD' },
    ]);
    expect((await suite.agent.get('/api/usage').query({ to: '2026-02-30' }).expect(400)).body.errors).toEqual([
      { field: 'to', message: 'to must be a date written YYYY-MM-DD' },
    ]);
    expect((await suite.agent.get('/api/usage').query({ from: '2026-11-02', to: '2026-11-01' }).expect(400)).body.errors).toEqual([
      { field: 'to', message: 'to must not be before from' },
    ]);
    expect((await suite.agent.get('/api/usage').query({ since: '2026-11-01' }).expect(400)).body.message).toMatch(/since/);
    expect((await suite.agent.get('/api/usage').query({ from: '0000-01-01' }).expect(400)).body.errors[0].field).toBe('from');
    expect((await suite.agent.get('/api/usage').query({ from: '9999-12-31', to: '9999-12-31' }).expect(200)).body.sections).toBe(0);
  });

  it('should price a model without a known price as null, never 0', async () => {
    await suite.agent.post('/api/models').send({ name: 'Old', base_model: 'o3' }).expect(201);
    const model = (await suite.agent.get('/api/models').expect(200)).body.find((m: HistoryEntry) => m.name === 'Old');
    const sections = (await suite.agent.get('/api/sections').expect(200)).body;
    for (const section of sections)
      await suite.agent
        .put(`/api/sections/${section._id}`)
        .send({ ...section, model: model._id })
        .expect(200);
    const article = (await suite.agent.get('/api/articles').expect(200)).body[0];
    await suite.agent
      .put(`/api/articles/${article._id}`)
      .send({ ...article, sections: article.sections.map((s: HistoryEntry) => ({ ...s, model: model._id })) })
      .expect(200);
    row('Unpriced');
    await checkNow();
    const [entry] = await eventually(history, (e) => settled(e, 1));
    expect(entry.status).toBe('completed');
    const full = await detail(entry._id);
    expect(full.sections.map((s: HistoryEntry) => [s.model, s.cost_usd])).toEqual(SECTION_HEADINGS.map(() => ['o3', null]));
    expect(full.usage.cost_usd).toBeNull();
    expect(full.usage.prompt_tokens).toBeGreaterThan(0);
    const usage = (await suite.agent.get('/api/usage').expect(200)).body;
    expect(usage.cost_usd).toBeNull();
    expect(usage.by_model).toEqual([
      { model: 'o3', vendor: 'OpenAI', prompt_tokens: full.usage.prompt_tokens, completion_tokens: full.usage.completion_tokens, cost_usd: null },
    ]);
  });
});
