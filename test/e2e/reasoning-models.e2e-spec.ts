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
  const chatBodies = () => openai.requestsTo('POST', /^\/v1\/chat\/completions$/).map((r) => JSON.parse(r.body));
  const createModel = async (name: string, base_model: string) => (await t.agent.post('/api/models').send({ name, base_model }).expect(201)).body._id as string;

  /** A template of type `type` whose sections use the given models, temperatures, bias lists and reasoning efforts. */
  async function template(
    type: string,
    entries: { heading: string; model: string; temperature: number; bias: boolean; effort?: string; userPrompt?: string }[],
  ) {
    const sections = entries.map((entry) => ({
      section: setup.sections[0]._id,
      heading: entry.heading,
      systemPrompt: 'You write.',
      userPrompt: entry.userPrompt ?? `Write ${entry.heading} for {{title}}.`,
      model: entry.model,
      temperature: entry.temperature,
      logit_bias_group: entry.bias ? setup.bias._id : null,
      reasoning_effort: entry.effort ?? null,
    }));
    await t.agent
      .post('/api/articles')
      .send({ article_title: `${type} template`, article_type: type, sections })
      .expect(201);
  }

  async function writeRow(type: string, title = `A ${type} article`) {
    const id = notion.addRow({ title, status: 'Start Generating', type, extra: { Keyword: 'laptops' } });
    await t.agent.post('/api/generation/check-now').expect(200);
    const entry = await eventually(
      async () => (await history()).find((e) => e.title === title),
      (found) => !!found && ['completed', 'failed'].includes(found.status),
    );
    return { id, entry: entry! };
  }

  const refusals = () => openai.requests.filter((r) => r.path === '/v1/chat/completions' && r.status === 400).length;

  it('should learn what each model refuses from OpenAI, send it again at once without it, and never ask again', async () => {
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

    // gpt-5 refused, once each: the temperature, then logit_bias; o3 took the temperature of 1 and
    // refused 0.7, naming 1 as the one it takes; no effort was added to keep a temperature.
    const bodies = chatBodies();
    expect(bodies.map((b) => [b.model, b.temperature ?? null, b.reasoning_effort ?? null, 'logit_bias' in b])).toEqual([
      ['gpt-5', 0.2, null, true],
      ['gpt-5', null, null, true],
      ['gpt-5', null, null, false],
      ['gpt-4o', 0.4, null, true],
      ['o3', 1, null, false],
      ['o3', 0.7, null, false],
      ['o3', null, null, false],
    ]);
    expect(refusals()).toBe(3);
    expect(bodies.every((b) => !('max_tokens' in b))).toBe(true);
    // The list's words went into the instructions where logit_bias could not.
    expect(bodies[2].messages[0].content).toBe('You write.\n\nAvoid these words: delve.');
    expect(bodies[3].messages[0].content).toBe('You write.');

    expect(entry.meta.omittedParameters).toEqual([
      {
        position: 0,
        section: 'Introduction',
        model: 'gpt-5',
        parameters: ['temperature', 'logit_bias'],
        reasons: {
          temperature: "Unsupported value: 'temperature' does not support 0.2 with this model. Only the default (1) value is supported.",
          logit_bias: "Unsupported parameter: 'logit_bias' is not supported with this model.",
        },
        rewritten: [],
        slipped: [],
      },
      {
        position: 3,
        section: 'Outlook',
        model: 'o3',
        parameters: ['temperature'],
        reasons: { temperature: "Unsupported value: 'temperature' does not support 0.7 with this model. Only the default (1) value is supported." },
        rewritten: [],
        slipped: [],
      },
    ]);
    const detail = (await t.agent.get(`/api/history/${entry._id}`).expect(200)).body;
    expect(detail.sections.map((s: Record<string, unknown>) => [s.temperature, s.reasoning_effort, s.reasoning_tokens])).toEqual([
      [null, null, 48],
      [0.4, null, 0],
      [1, null, 48],
      [null, null, 48],
    ]);

    // A second article asks nothing it has learned: one request per section, none refused, and o3
    // is still sent the temperature of 1 it named as the one it takes.
    const before = chatBodies().length;
    await writeRow('Reasoned', 'A second reasoned article');
    expect(
      chatBodies()
        .slice(before)
        .map((b) => [b.model, b.temperature ?? null]),
    ).toEqual([
      ['gpt-5', null],
      ['gpt-4o', 0.4],
      ['o3', 1],
      ['o3', null],
    ]);
    expect(refusals()).toBe(3);

    // OpenAI lists gpt-5 anew (a new snapshot under its id): what was learned of it is forgotten.
    openai.relisted.set('gpt-5', 1_900_000_000);
    await t.agent.post('/api/generation/test-openai').expect(200);
    await writeRow('Reasoned', 'A third reasoned article');
    expect(refusals()).toBe(5);
  });

  it('should keep a temperature on gpt-5.4 at its default effort and on GPT-6 only with "none", send the effort nearest to one refused, and count reasoning tokens', async () => {
    const luna = await createModel('Luna', 'gpt-6-luna');
    const sol = await createModel('Sol', 'gpt-5.4');
    await template('Sampled', [
      { heading: 'Warm', model: sol, temperature: 0.3, bias: false },
      { heading: 'Cool', model: luna, temperature: 0.3, bias: false, effort: 'none' },
      { heading: 'Deep', model: luna, temperature: 1, bias: false, effort: 'high' },
      { heading: 'Deepest', model: sol, temperature: 1, bias: false, effort: 'max' },
    ]);
    const { entry } = await writeRow('Sampled');
    expect(entry.status).toBe('completed');
    const bodies = chatBodies();
    expect(bodies.map((b) => [b.model, b.temperature ?? null, b.reasoning_effort ?? null])).toEqual([
      // gpt-5.4 takes a temperature with its default effort ("none"): nothing refused.
      ['gpt-5.4', 0.3, null],
      // gpt-6-luna takes one with "none", and refuses even a temperature of 1 with another effort.
      ['gpt-6-luna', 0.3, 'none'],
      ['gpt-6-luna', 1, 'high'],
      ['gpt-6-luna', null, 'high'],
      // gpt-5.4 refuses "max" and names what it takes: the nearest is sent.
      ['gpt-5.4', 1, 'max'],
      ['gpt-5.4', 1, 'xhigh'],
    ]);
    const gpt6Temperature =
      "Unsupported value: 'temperature' does not support 1 with reasoning_effort 'high'. Sampling parameters are supported only when reasoning_effort is 'none'.";
    expect(entry.meta.omittedParameters).toEqual([
      expect.objectContaining({ section: 'Deep', parameters: ['temperature'], reasons: { temperature: gpt6Temperature } }),
      expect.objectContaining({
        section: 'Deepest',
        parameters: ['reasoning_effort'],
        reasons: {
          reasoning_effort:
            "Unsupported value: 'reasoning_effort' does not support 'max' with this model. Supported values are: 'none', 'low', 'medium', 'high', and 'xhigh'. Quire sent 'xhigh'.",
        },
      }),
    ]);
    const detail = (await t.agent.get(`/api/history/${entry._id}`).expect(200)).body;
    expect(detail.sections.map((s: Record<string, unknown>) => [s.temperature, s.reasoning_effort, s.reasoning_tokens])).toEqual([
      [0.3, null, 0],
      [0.3, 'none', 0],
      [null, 'high', 96],
      [1, 'xhigh', 160],
    ]);
    // Reasoning tokens are completion tokens, priced as output.
    expect(detail.sections[2].completion_tokens).toBeGreaterThan(96);
  });

  it('should write with every GPT-6 model at a temperature of 1: the refusal learned once, the model left at its own default effort', async () => {
    const models = await Promise.all(['gpt-6-sol', 'gpt-6-astra', 'gpt-6.1-sol'].map((base) => createModel(base, base)));
    await template('Sixth', [
      { heading: 'Sol', model: models[0], temperature: 1, bias: false },
      { heading: 'Astra', model: models[1], temperature: 1, bias: false, effort: 'none' },
      { heading: 'Sol one', model: models[2], temperature: 0.5, bias: false, effort: 'minimal' },
    ]);
    const { entry } = await writeRow('Sixth');
    expect(entry).toMatchObject({ status: 'completed', message: null });
    expect(chatBodies().map((b) => [b.model, b.temperature ?? null, b.reasoning_effort ?? null])).toEqual([
      ['gpt-6-sol', 1, null],
      ['gpt-6-sol', null, null],
      // gpt-6-astra refuses "none" and names what it takes: the nearest, "low", is sent; then the
      // temperature, refused without a code ("Unsupported parameter"), is left out.
      ['gpt-6-astra', 1, 'none'],
      ['gpt-6-astra', 1, 'low'],
      ['gpt-6-astra', null, 'low'],
      // No GPT-6 takes "minimal"; gpt-6.1-sol takes no "none" either.
      ['gpt-6.1-sol', 0.5, 'minimal'],
      ['gpt-6.1-sol', 0.5, 'low'],
      ['gpt-6.1-sol', null, 'low'],
    ]);
    expect(entry.meta.omittedParameters.map((o: Record<string, unknown>) => [o.section, o.parameters])).toEqual([
      ['Sol', ['temperature']],
      ['Astra', ['reasoning_effort', 'temperature']],
      ['Sol one', ['reasoning_effort', 'temperature']],
    ]);
    expect(entry.meta.omittedParameters[1].reasons.temperature).toBe("Unsupported parameter: 'temperature' is not supported with this model.");

    // Learned once for every server: the next article sends one request a section.
    const before = chatBodies().length;
    await writeRow('Sixth', 'Another sixth article');
    expect(
      chatBodies()
        .slice(before)
        .map((b) => [b.model, b.temperature ?? null, b.reasoning_effort ?? null]),
    ).toEqual([
      ['gpt-6-sol', null, null],
      ['gpt-6-astra', null, 'low'],
      ['gpt-6.1-sol', null, 'low'],
    ]);
  });

  it('should keep a word list out of a model that refuses logit_bias: named in the instructions, checked, written once more, and a slip named', async () => {
    const luna = await createModel('Luna', 'gpt-6-luna');
    await template('Listed', [
      { heading: 'Slipped', model: luna, temperature: 1, bias: true, effort: 'none', userPrompt: 'Delve into {{title}}.' },
      { heading: 'Rewritten', model: luna, temperature: 1, bias: true, effort: 'none', userPrompt: 'Delve into {{title}} again.' },
      { heading: 'Heeded', model: luna, temperature: 1, bias: true, effort: 'none', userPrompt: 'Delve into {{title}} once more.' },
    ]);
    // The model ignores the instruction the next three times it is given: both writes of the first section, the first of the second.
    openai.disobeyAvoidWords = 3;
    const { entry } = await writeRow('Listed');
    expect(entry.status).toBe('completed');

    const bodies = chatBodies();
    // logit_bias refused once; then 2 writes of the first section, 2 of the second, 1 of the third.
    expect(bodies.map((b) => 'logit_bias' in b)).toEqual([true, false, false, false, false, false]);
    expect(refusals()).toBe(1);
    for (const body of bodies.slice(1)) expect(body.messages[0].content).toBe('You write.\n\nAvoid these words: delve.');
    expect(bodies[2].messages.slice(2)).toEqual([
      { role: 'assistant', content: expect.stringMatching(/Delve into A Listed article/) },
      { role: 'user', content: 'Your answer used words it must not use. Write it again, saying the same without them.\nAvoid these words: delve.' },
    ]);

    const reason = "Unsupported parameter: 'logit_bias' is not supported with this model.";
    expect(entry.meta.omittedParameters).toEqual([
      {
        position: 0,
        section: 'Slipped',
        model: 'gpt-6-luna',
        parameters: ['logit_bias'],
        reasons: { logit_bias: reason },
        rewritten: ['delve'],
        slipped: ['delve'],
      },
      {
        position: 1,
        section: 'Rewritten',
        model: 'gpt-6-luna',
        parameters: ['logit_bias'],
        reasons: { logit_bias: reason },
        rewritten: ['delve'],
        slipped: [],
      },
      { position: 2, section: 'Heeded', model: 'gpt-6-luna', parameters: ['logit_bias'], reasons: { logit_bias: reason }, rewritten: [], slipped: [] },
    ]);
    const sections = (await t.agent.get(`/api/history/${entry._id}`).expect(200)).body.sections;
    expect(sections[0].content).toMatch(/\bdelve\b/i);
    for (const kept of sections.slice(1)) expect(kept.content).not.toMatch(/\bdelve\b/i);
    // Both writes are paid and counted.
    expect(sections[0].prompt_tokens).toBeGreaterThan(sections[2].prompt_tokens);
  });

  it("should show what the simulator refuses: reasoning models' parameters with OpenAI's codes, shut models, a malformed logit_bias, a missing message", async () => {
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
    expect(await refusal({ model: 'gpt-5.4', max_tokens: 100 })).toMatchObject({ status: 400, error: { code: 'unsupported_parameter', param: 'max_tokens' } });
    // GPT-6 refuses the sampling parameters at any value unless the effort is "none" (its default is not).
    expect(await refusal({ model: 'gpt-6-sol', top_p: 0.5 })).toMatchObject({ status: 400, error: { code: 'unsupported_value', param: 'top_p' } });
    expect(await refusal({ model: 'gpt-6-luna', temperature: 1 })).toMatchObject({ status: 400, error: { code: 'unsupported_value', param: 'temperature' } });
    expect(await refusal({ model: 'gpt-6-astra', temperature: 1, reasoning_effort: 'high' })).toMatchObject({
      status: 400,
      error: { code: null, param: 'temperature' },
    });
    expect(await refusal({ model: 'gpt-6-astra', reasoning_effort: 'none' })).toMatchObject({
      status: 400,
      error: { code: 'unsupported_value', param: 'reasoning_effort' },
    });
    expect(await refusal({ model: 'gpt-6-sol', reasoning_effort: 'minimal' })).toMatchObject({
      status: 400,
      error: { code: 'unsupported_value', param: 'reasoning_effort' },
    });
    expect((await send({ model: 'gpt-6-sol', top_p: 0.5, temperature: 0.2, reasoning_effort: 'none' })).status).toBe(200);
    expect(await refusal({ model: 'gpt-6-luna', temperature: 0.5, reasoning_effort: 'low' })).toMatchObject({
      status: 400,
      error: { code: 'unsupported_value', param: 'temperature' },
    });
    expect(await refusal({ model: 'gpt-4o', reasoning_effort: 'low' })).toMatchObject({
      status: 400,
      error: { code: 'unsupported_parameter', param: 'reasoning_effort' },
    });
    expect(await refusal({ model: 'o4-mini' })).toMatchObject({ status: 404, error: { code: 'model_not_found' } });
    expect(await refusal({ model: 'gpt-4o', messages: undefined })).toMatchObject({
      status: 400,
      error: { code: 'missing_required_parameter', param: 'messages' },
    });
    expect((await send({ model: 'gpt-5.4', temperature: 0.5 })).status).toBe(200);
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
      message:
        'OpenAI: has shut down gpt-4 (on 2026-10-23), so nothing can be written with it (OpenAI said: The model `gpt-4` has been deprecated, learn more here: https://platform.openai.com/docs/deprecations). Replace it on the Models screen ("Replace"), which moves every section and article using it to another model.',
    });
    expect(chatBodies()).toHaveLength(1);
    expect(notion.statusOf(id)).toBe('Generating Error');
  });

  it('should fail an article at once, not retried, when its model is shut down on the day OpenAI gave, saying since when and where to replace it', async () => {
    const { entry: before } = await writeRow('Guide', 'Written before the day');
    expect(before.status).toBe('completed');
    openai.today = '2027-01-14';
    const asked = chatBodies().length;
    const { id, entry } = await writeRow('Guide', 'Written on the day');
    expect(entry.status).toBe('failed');
    expect(entry.message).toMatch(
      /^OpenAI: has shut down gpt-4o \(on 2027-01-14\), so nothing can be written with it \(OpenAI said: The model `gpt-4o` has been deprecated/,
    );
    expect(entry.message).toContain('Replace it on the Models screen');
    expect(chatBodies().length - asked).toBe(1);
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
