import { GoogleFake } from '../fakes/google-fake';
import { NotionFake } from '../fakes/notion-fake';
import { OpenAiFake } from '../fakes/openai-fake';
import { eventually } from '../support/fixtures';
import { setUpGeneration } from '../support/generation-fixtures';
import { useTestApp } from '../support/use-test-app';

describe('Generation with the models OpenAI really serves', () => {
  const notion = new NotionFake();
  const openai = new OpenAiFake();
  const google = new GoogleFake();
  const t = useTestApp({
    fakes: [notion, openai, google],
    env: () => ({ ...google.env(), NOTION_BASE_URL: notion.baseUrl, OPENAI_BASE_URL: openai.baseUrl, NOTION_POLL_SECONDS: '3600' }),
    signIn: 'google',
  });
  let setup: Awaited<ReturnType<typeof setUpGeneration>>;

  beforeEach(async () => {
    setup = await setUpGeneration(t.agent, notion, openai);
  });

  const history = async () => (await t.agent.get('/api/history').expect(200)).body as Record<string, any>[];
  const settled = (entries: Record<string, any>[]) => entries.length === 1 && ['completed', 'failed'].includes(entries[0].status);
  const chatBodies = () => openai.requestsTo('POST', /^\/v1\/chat\/completions$/).map((r) => JSON.parse(r.body));
  const createModel = async (name: string, base_model: string) => (await t.agent.post('/api/models').send({ name, base_model }).expect(201)).body._id as string;

  /** A template of type `type` whose sections use the given models, temperatures and bias lists. */
  async function template(type: string, entries: { heading: string; model: string; temperature: number; bias: boolean }[]) {
    const sections = entries.map((entry) => ({
      section: setup.sections[0]._id,
      heading: entry.heading,
      systemPrompt: 'You write.',
      userPrompt: `Write ${entry.heading} for {{title}}.`,
      model: entry.model,
      temperature: entry.temperature,
      logit_bias_group: entry.bias ? setup.bias._id : null,
    }));
    await t.agent
      .post('/api/articles')
      .send({ article_title: `${type} template`, article_type: type, sections })
      .expect(201);
  }

  async function writeRow(type: string) {
    const id = notion.addRow({ title: `A ${type} article`, status: 'Start Generating', type, extra: { Keyword: 'laptops' } });
    await t.agent.post('/api/generation/check-now').expect(200);
    const [entry] = await eventually(history, settled);
    return { id, entry };
  }

  it('should write a gpt-5 article with neither refused parameter sent, keep both for gpt-4o, and record it in History', async () => {
    const gpt5 = await createModel('Thinker', 'gpt-5');
    const o3 = await createModel('Reasoner', 'o3');
    await template('Reasoned', [
      { heading: 'Introduction', model: gpt5, temperature: 0.2, bias: true },
      { heading: 'Details', model: setup.model._id, temperature: 0.4, bias: true },
      { heading: 'Summary', model: o3, temperature: 1, bias: false },
      { heading: 'Outlook', model: o3, temperature: 0.7, bias: false },
    ]);
    const { id, entry } = await writeRow('Reasoned');
    expect(entry).toMatchObject({ status: 'completed', message: null });
    expect(notion.statusOf(id)).toBe('Posts Generated');

    const [intro, details, summary, outlook] = chatBodies();
    expect(intro.model).toBe('gpt-5');
    expect('temperature' in intro).toBe(false);
    expect('logit_bias' in intro).toBe(false);
    expect('max_tokens' in intro).toBe(false);
    expect(details).toMatchObject({ model: 'gpt-4o', temperature: 0.4 });
    expect(Object.keys(details.logit_bias).length).toBeGreaterThan(0);
    for (const body of [summary, outlook]) {
      expect(body.model).toBe('o3');
      expect('temperature' in body || 'logit_bias' in body).toBe(false);
    }

    expect(entry.meta.omittedParameters).toEqual([
      { position: 0, section: 'Introduction', model: 'gpt-5', parameters: ['temperature', 'logit_bias'] },
      { position: 3, section: 'Outlook', model: 'o3', parameters: ['temperature'] },
    ]);
  });

  it('should show what the simulator refuses: temperature and logit_bias for a reasoning model, an unknown model, a malformed logit_bias', async () => {
    const send = (body: object) =>
      fetch(`${openai.baseUrl}/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${openai.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ messages: [{ role: 'user', content: 'Hi' }], ...body }),
      });
    const refusal = async (body: object) => {
      const res = await send(body);
      return { status: res.status, error: ((await res.json()) as { error: { code: string | null; param: string | null } }).error };
    };
    expect(await refusal({ model: 'gpt-5', temperature: 0.2 })).toMatchObject({ status: 400, error: { code: 'unsupported_value', param: 'temperature' } });
    expect(await refusal({ model: 'o3', logit_bias: { '123': -100 } })).toMatchObject({
      status: 400,
      error: { code: 'unsupported_parameter', param: 'logit_bias' },
    });
    expect(await refusal({ model: 'o4-mini', max_tokens: 100 })).toMatchObject({ status: 400, error: { param: 'max_tokens' } });
    expect(await refusal({ model: 'gpt-4-32k' })).toMatchObject({ status: 404, error: { code: 'model_not_found' } });
    expect(await refusal({ model: 'gpt-4o', logit_bias: Object.fromEntries(Array.from({ length: 301 }, (_, i) => [String(i), -1])) })).toMatchObject({
      status: 400,
      error: { param: 'logit_bias' },
    });
    expect(await refusal({ model: 'gpt-4o', logit_bias: { '42': -101 } })).toMatchObject({ status: 400, error: { param: 'logit_bias' } });
    expect((await send({ model: 'gpt-5', temperature: 1 })).status).toBe(200);
  });

  it("should fail an article whose model OpenAI no longer serves, in OpenAI's words, asking once", async () => {
    await t.agent
      .post('/api/user')
      .send({ envVars: { OPENAI_API_KEY: '' } })
      .expect(200);
    const old = await createModel('Old faithful', 'gpt-4');
    await t.agent
      .post('/api/user')
      .send({ envVars: { OPENAI_API_KEY: openai.apiKey } })
      .expect(200);
    await template('Retired', [{ heading: 'Introduction', model: old, temperature: 0.5, bias: true }]);
    const { id, entry } = await writeRow('Retired');
    expect(entry).toMatchObject({
      status: 'failed',
      message: 'OpenAI: could not write section "Introduction": The model `gpt-4` does not exist or you do not have access to it.',
    });
    expect(chatBodies()).toHaveLength(1);
    expect(notion.statusOf(id)).toBe('Generating Error');
  });

  it('should say the account is out of credit, not to try again in a minute, asking OpenAI once', async () => {
    openai.outOfCredit = true;
    const { entry } = await writeRow('Guide');
    expect(entry.status).toBe('failed');
    expect(entry.message).toMatch(
      /^OpenAI: could not write section "Introduction": the OpenAI account of this key is out of credit \(insufficient_quota\)\. Add credit or raise the budget under Billing at platform\.openai\.com, then try again\./,
    );
    expect(entry.message).not.toContain('minute');
    expect(chatBodies()).toHaveLength(1);
  });
});
