import request from 'supertest';
import { DEFAULT_PRICES } from '../../backend/src/integrations/openai/prices';
import { eventually } from '../support/fixtures';
import { generationSuite, HistoryEntry, SECTION_HEADINGS } from '../support/generation-fixtures';
import { otherOperatorCookie } from '../support/test-app';

/** What the prices table says the tokens cost, worked out here from the API's own numbers. */
function expectedUsd(section: HistoryEntry): number {
  const price = DEFAULT_PRICES.models['gpt-4o'];
  return ((section.prompt_tokens - section.cached_tokens) * price.input + section.cached_tokens * price.cachedInput! + section.completion_tokens * price.output) / 1e6;
}

/** Issue 16: an article's page inside Quire (sections, prompts, tokens, cost). */
describe('History entry in full', () => {
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
      expect([{ role: 'system', content: section.system_message }, { role: 'user', content: section.user_message }]).toEqual(sent[i].messages);
      expect(section).toMatchObject({ model: 'gpt-4o', temperature: sent[i].temperature, cached_tokens: 7 });
      expect(section.user_message).not.toContain('{{');
      expect(section.prompt_tokens).toBeGreaterThan(7);
      expect(section.completion_tokens).toBeGreaterThan(0);
      expect(section.cost_usd).toBeCloseTo(expectedUsd(section), 6);
      expect(section.duration_ms).toBeGreaterThanOrEqual(0);
    }
    expect(full.sections[0].system_message).toBe('You introduce articles for Acme.');
    expect(full.sections[0].user_message).toBe('Introduce "Best gaming laptops" about Best gaming laptops.');
    expect(full.sections[0].logit_bias_group).toMatch(/^[0-9a-f-]{36}$/);
    expect(full.sections[1].logit_bias_group).toBeNull();

    const sum = (field: string) => full.sections.reduce((n: number, s: HistoryEntry) => n + s[field], 0);
    expect(full.usage).toEqual({ prompt_tokens: sum('prompt_tokens'), completion_tokens: sum('completion_tokens'), cost_usd: expect.any(Number) });
    expect(full.usage.cost_usd).toBeCloseTo(full.sections.reduce((n: number, s: HistoryEntry) => n + expectedUsd(s), 0), 6);
    // The list's token count is the same usage.
    expect(entry.meta.tokens).toBe(full.usage.prompt_tokens + full.usage.completion_tokens);
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
    const full = await detail(training._id);
    expect(full).toMatchObject({ _id: training._id, _type: 'training', title: 'http://127.0.0.1:9/blog/' });
    expect(full.job).toEqual((await suite.agent.get(`/api/training-jobs/${training._id}`).expect(200)).body);
    expect(full.sections).toBeUndefined();
  });
});
