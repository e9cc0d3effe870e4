import { AnthropicFake } from '../fakes/anthropic-fake';
import { CompatibleFake } from '../fakes/compatible-fake';
import { GeminiFake } from '../fakes/gemini-fake';
import { promptTokens } from '../fakes/written-text';
import { eventually } from '../support/fixtures';
import { generationSuite, SECTION_HEADINGS } from '../support/generation-fixtures';

type Json = Record<string, any>;

describe('Writing through the model providers: a model on Anthropic, Google Gemini or an OpenAI-compatible server, in previews and evaluations', () => {
  const anthropic = new AnthropicFake();
  const compatible = new CompatibleFake();
  const gemini = new GeminiFake();
  const suite = generationSuite(
    {},
    { fakes: [anthropic, compatible, gemini], env: () => ({ ANTHROPIC_BASE_URL: anthropic.baseUrl, GEMINI_BASE_URL: gemini.baseUrl }) },
  );

  const messages = () => anthropic.requests.filter((r) => r.method === 'POST' && r.path === '/v1/messages').map((r) => JSON.parse(r.body));
  const preview = async (articleId: string, modelId: string) => {
    const created = await suite.agent
      .post('/api/previews')
      .send({ articleId, title: 'Best laptops', properties: { Keyword: 'laptops' }, models: [modelId] })
      .expect(201);
    return eventually(
      async () => (await suite.agent.get(`/api/previews/${created.body._id}`).expect(200)).body as Json,
      (p) => p.status === 'completed' || p.status === 'failed',
    );
  };
  const setup = async () => {
    const provider = (await suite.agent.post('/api/connections').send({ kind: 'anthropic', name: 'Claude', api_key: anthropic.apiKey }).expect(201)).body;
    const model = (
      await suite.agent.post('/api/models').send({ name: 'Claude voice', base_model: 'claude-sonnet-4-6', connection_id: provider._id }).expect(201)
    ).body;
    const [article] = (await suite.agent.get('/api/articles').expect(200)).body;
    return { provider, model, article };
  };

  it('makes a model on a model the provider lists, names its vendor, and refuses one it does not list', async () => {
    const { provider, model } = await setup();
    expect(model).toMatchObject({
      base_model: 'claude-sonnet-4-6',
      connection_id: provider._id,
      vendor: 'Anthropic',
      connection_name: 'Claude',
      shut_down: false,
    });
    expect(model.actions.fineTune).toEqual({
      allowed: false,
      reason: "Fine-tuning is OpenAI's: this model writes through another provider. Its examples still download as JSONL.",
    });

    const refused = await suite.agent.post('/api/models').send({ name: 'Nope', base_model: 'claude-7-imaginary', connection_id: provider._id }).expect(400);
    expect(refused.body.errors).toEqual([
      {
        field: 'base_model',
        message: 'base_model claude-7-imaginary is not listed by Claude (Anthropic) for its key: choose one of the models it lists.',
      },
    ]);

    const listed = (await suite.agent.get('/api/base-models').expect(200)).body as Json[];
    expect(listed.slice(0, 5).map((m) => m.id)).toEqual(['gpt-4o', 'gpt-4', 'gpt-4-32k', 'gpt-3.5-turbo', 'gpt-3.5-turbo-16k']);
    const claude = listed.filter((m) => m.connection_id === provider._id);
    expect(claude.map((m) => m.model)).toEqual(anthropic.models.map((m) => m.id));
    expect(claude[1]).toMatchObject({
      id: `${provider._id}/claude-sonnet-4-6`,
      vendor: 'Anthropic',
      connection_name: 'Claude',
      display_name: 'Claude Sonnet 4.6',
    });
  });

  it('refuses to fine-tune it, and to remove its provider while it is there, naming the model and the sections on it', async () => {
    const { provider, model } = await setup();
    const fineTune = await suite.agent.post('/api/fine-tune-jobs/start').send({ modelId: model._id, suffix: 'claude' }).expect(409);
    expect(fineTune.body.message).toBe("Fine-tuning is OpenAI's: this model writes through another provider. Its examples still download as JSONL.");

    const [intro] = (await suite.agent.get('/api/sections').expect(200)).body;
    await suite.agent
      .put(`/api/sections/${intro._id}`)
      .send({ ...intro, model: model._id })
      .expect(200);
    const removal = await suite.agent.delete(`/api/connections/${provider._id}`).expect(409);
    expect(removal.body.message).toBe(
      `Claude cannot be removed while models use it: the models "Claude voice" are on it, and the sections "${intro.name}" write with them. Replace them on the Models screen and delete them first.`,
    );
    await suite.agent.get(`/api/connections/${provider._id}`).expect(200);

    // A model on a provider is deleted like a tuned one; the provider then goes.
    await suite.agent.delete(`/api/models/${model._id}`).expect(200);
    await suite.agent.delete(`/api/connections/${provider._id}`).expect(200);
  });

  it("writes a whole template through Anthropic's Messages API: the system prompt apart, no logit_bias, a temperature it refuses learned once and named", async () => {
    const { model, article } = await setup();
    const done = await preview(article._id, model._id);
    expect(done).toMatchObject({ status: 'completed', message: null });
    const [variant] = done.variants;
    expect(variant.sections.map((s: Json) => s.heading)).toEqual(SECTION_HEADINGS);
    expect(variant.sections.every((s: Json) => s.model === 'claude-sonnet-4-6' && s.content.startsWith('Written by claude-sonnet-4-6 for:'))).toBe(true);
    expect(variant.sections[0].prompt_tokens).toBeGreaterThan(0);

    const sent = messages();
    // Anthropic's newest API version takes no temperature: the first request learns it, and no later one asks again.
    expect(sent).toHaveLength(4);
    expect(sent[0].temperature).toBe(0.2);
    expect(sent.slice(1).every((body) => body.temperature === undefined)).toBe(true);
    expect(sent[1]).toMatchObject({
      model: 'claude-sonnet-4-6',
      system: expect.stringContaining('You introduce articles for'),
      max_tokens: expect.any(Number),
    });
    expect(sent[1].messages).toEqual([{ role: 'user', content: 'Introduce "Best laptops" about laptops.' }]);
    // The bias list's words are named in the instructions, as for a model that refuses logit_bias.
    expect(sent.every((body) => body.logit_bias === undefined)).toBe(true);
    expect(sent[1].system).toContain('delve');
    expect(anthropic.requests.find((r) => r.path === '/v1/messages')!.headers['anthropic-version']).toBe('2026-10-21');

    // A second preview sends no temperature at all.
    await preview(article._id, model._id);
    expect(
      messages()
        .slice(4)
        .every((body) => body.temperature === undefined),
    ).toBe(true);
    expect(messages()).toHaveLength(7);

    // Home's spend names the vendor, at Anthropic's price.
    const usage = (await suite.agent.get('/api/usage').expect(200)).body;
    expect(usage.by_model).toEqual([expect.objectContaining({ model: 'claude-sonnet-4-6', vendor: 'Anthropic', cost_usd: expect.any(Number) })]);
    expect(usage.by_vendor).toEqual([expect.objectContaining({ vendor: 'Anthropic', cost_usd: usage.cost_usd })]);
    expect(usage.cost_usd).toBeGreaterThan(0);

    // Each section keeps the vendor that wrote it: the spend is Anthropic's after the model is deleted.
    await suite.agent.delete(`/api/models/${model._id}`).expect(200);
    const after = (await suite.agent.get('/api/usage').expect(200)).body;
    expect(after.by_vendor).toEqual([
      { vendor: 'Anthropic', prompt_tokens: usage.prompt_tokens, completion_tokens: usage.completion_tokens, cost_usd: usage.cost_usd },
    ]);
  });

  it('writes a Notion row through Claude into Notion and a Doc, and a failed one again on Retry', async () => {
    const { model } = await setup();
    const [writer] = (await suite.agent.get('/api/models').expect(200)).body.filter((m: Json) => m.name === 'Writer');
    await suite.agent.post(`/api/models/${writer._id}/replace`).send({ replacement: model._id }).expect(200);
    const row = suite.notion.addRow({ title: 'Best tablets', status: 'Start Generating', type: 'guide', client: 'acme', extra: { Keyword: 'tablets' } });
    // Anthropic refuses the first request for a reason that is not a parameter: nothing is learned, the article fails.
    anthropic.failNext(/^\/v1\/messages$/, 400, 'invalid_request_error', 'messages: text content blocks must be non-empty', 1);
    const before = messages().length;
    await suite.checkNow();
    let [entry] = await eventually(suite.history, (e) => suite.settled(e, 1));
    expect(entry).toMatchObject({ status: 'failed' });
    expect(entry.message).toContain('Anthropic');
    expect(entry.message).toContain('messages: text content blocks must be non-empty');

    await suite.agent.post(`/api/history/${entry._id}/retry`).expect(200);
    [entry] = await eventually(suite.history, (e) => e[0]?.status === 'completed');
    expect(suite.notion.statusOf(row)).toBe('Posts Generated');
    expect(suite.notion.bodyOf(row).filter((line) => line.startsWith('heading_2: '))).toEqual(SECTION_HEADINGS.map((h) => `heading_2: ${h}`));
    expect(suite.google.files).toHaveLength(1);
    expect(suite.google.files[0].content).toContain('Written by claude-sonnet-4-6 for:');
    // The failed request, then on Retry the temperature refused once and learned, then the three sections without it.
    const sent = messages().slice(before);
    expect(sent).toHaveLength(5);
    expect(sent.map((body) => body.temperature !== undefined)).toEqual([true, true, false, false, false]);
    const detail = (await suite.agent.get(`/api/history/${entry._id}`).expect(200)).body;
    expect(detail.sections.map((s: Json) => s.model)).toEqual(['claude-sonnet-4-6', 'claude-sonnet-4-6', 'claude-sonnet-4-6']);
    expect(JSON.stringify(detail)).toContain('temperature: Extra inputs are not permitted');
  });

  it('writes Notion rows through Gemini and through an OpenAI-compatible server into Notion and a Doc, a failed one again on Retry, each section keeping its vendor', async () => {
    const { model: geminiModel } = await geminiSetup([]);
    const server = (
      await suite.agent.post('/api/connections').send({ kind: 'openai-compatible', name: 'Local vLLM', base_url: compatible.baseUrl }).expect(201)
    ).body;
    const llama = (
      await suite.agent.post('/api/models').send({ name: 'Llama', base_model: 'meta-llama/Llama-3.3-70B-Instruct', connection_id: server._id }).expect(201)
    ).body;
    const [writer] = (await suite.agent.get('/api/models').expect(200)).body.filter((m: Json) => m.name === 'Writer');
    const writeRow = async (title: string, count: number, failure?: string) => {
      const row = suite.notion.addRow({ title, status: 'Start Generating', type: 'guide', client: 'acme', extra: { Keyword: 'tablets' } });
      await suite.checkNow();
      let entry = (await eventually(suite.history, (e) => suite.settled(e, count))).find((e: Json) => e.title === title)!;
      if (failure) {
        // Failed in the vendor's words, then written on History's Retry.
        expect(entry).toMatchObject({ status: 'failed' });
        expect(entry.message).toContain(failure);
        await suite.agent.post(`/api/history/${entry._id}/retry`).expect(200);
        entry = (await eventually(suite.history, (e) => e.some((x: Json) => x.title === title && x.status === 'completed'))).find(
          (e: Json) => e.title === title,
        )!;
      }
      expect(entry).toMatchObject({ status: 'completed' });
      expect(suite.notion.statusOf(row)).toBe('Posts Generated');
      expect(suite.notion.bodyOf(row).filter((line) => line.startsWith('heading_2: '))).toEqual(SECTION_HEADINGS.map((h) => `heading_2: ${h}`));
      return (await suite.agent.get(`/api/history/${entry._id}`).expect(200)).body as Json;
    };

    await suite.agent.post(`/api/models/${writer._id}/replace`).send({ replacement: geminiModel._id }).expect(200);
    // Gemini refuses the first request for a reason that is no setting: nothing is learned, the article fails.
    gemini.failNext(/:generateContent$/, 400, 'FAILED_PRECONDITION', 'User location is not supported for the API use.');
    const byGemini = await writeRow('Best tablets', 1, 'User location is not supported for the API use.');
    expect(byGemini.sections.map((s: Json) => s.model)).toEqual(Array(3).fill('gemini-2.5-flash'));
    expect(generated().map((r) => r.status)).toEqual([400, 200, 200, 200]);
    expect(suite.google.files.at(-1)!.content).toContain('Written by gemini-2.5-flash for:');

    await suite.agent.post(`/api/models/${geminiModel._id}/replace`).send({ replacement: llama._id }).expect(200);
    compatible.failNext(/^\/v1\/chat\/completions$/, 400, "This model's maximum context length is 8192 tokens.");
    const byServer = await writeRow('Best phones', 2, "This model's maximum context length is 8192 tokens.");
    expect(byServer.sections.map((s: Json) => s.model)).toEqual(Array(3).fill('meta-llama/Llama-3.3-70B-Instruct'));
    expect(compatible.requests.filter((r) => r.path === '/v1/chat/completions').map((r) => r.status)).toEqual([400, 200, 200, 200]);
    expect(suite.google.files.at(-1)!.content).toContain('Written by meta-llama/Llama-3.3-70B-Instruct for:');

    // Home's spend per vendor, read from the vendor each section keeps.
    const usage = (await suite.agent.get('/api/usage').expect(200)).body;
    expect(usage.by_vendor.map((v: Json) => v.vendor).sort()).toEqual(['Google Gemini', 'OpenAI-compatible']);
  });

  it('holds the next request to an OpenAI-compatible server for the time its 429 asked, then writes', async () => {
    const server = (await suite.agent.post('/api/connections').send({ kind: 'openai-compatible', name: 'Router', base_url: compatible.baseUrl }).expect(201))
      .body;
    const model = (
      await suite.agent.post('/api/models').send({ name: 'Llama', base_model: 'meta-llama/Llama-3.3-70B-Instruct', connection_id: server._id }).expect(201)
    ).body;
    const [article] = (await suite.agent.get('/api/articles').expect(200)).body;
    compatible.failNext(/^\/v1\/chat\/completions$/, 429, 'Rate limit exceeded: free-models-per-min.', 1, { 'retry-after': '2' });
    const done = await preview(article._id, model._id);
    expect(done).toMatchObject({ status: 'completed', message: null });
    const sent = compatible.requests.filter((r) => r.path === '/v1/chat/completions');
    expect(sent.map((r) => r.status)).toEqual([429, 200, 200, 200]);
    expect(sent[1].at - sent[0].at).toBeGreaterThanOrEqual(1900);
  });

  it('compares a Claude and a Gemini model in one preview, each section written through its vendor', async () => {
    const { model: claude, article } = await setup();
    const { model: flash } = await geminiSetup([]);
    const created = await suite.agent
      .post('/api/previews')
      .send({ articleId: article._id, title: 'Best laptops', properties: { Keyword: 'laptops' }, models: [claude._id, flash._id] })
      .expect(201);
    const done = await eventually(
      async () => (await suite.agent.get(`/api/previews/${created.body._id}`).expect(200)).body as Json,
      (p) => p.status === 'completed' || p.status === 'failed',
    );
    expect(done).toMatchObject({ status: 'completed', message: null });
    expect(done.variants.map((v: Json) => v.sections.map((s: Json) => s.model))).toEqual([
      Array(3).fill('claude-sonnet-4-6'),
      Array(3).fill('gemini-2.5-flash'),
    ]);
    expect(messages().length).toBeGreaterThanOrEqual(3);
    expect(generated().filter((r) => r.status === 200)).toHaveLength(3);
  });

  it("estimates a template on Claude and on Gemini by each vendor's count of its prompts, each prompt counted once", async () => {
    const { model: claude, article } = await setup();
    const { model: flash } = await geminiSetup([]);
    const [writer] = (await suite.agent.get('/api/models').expect(200)).body.filter((m: Json) => m.name === 'Writer');
    const first = 'You introduce articles for {{client}}.\nIntroduce "{{title}}" about {{Keyword}}.';
    const third = 'You answer questions.\nThree FAQ for {{article_title}} ({{article_type}}), section {{section_heading}}.';
    const estimate = async () => (await suite.agent.get(`/api/articles/${article._id}/estimate`).expect(200)).body as Json;
    const counted = () => anthropic.requests.filter((r) => r.path === '/v1/messages/count_tokens').map((r) => JSON.parse(r.body) as Json);

    await suite.agent.post(`/api/models/${writer._id}/replace`).send({ replacement: claude._id }).expect(200);
    const byClaude = await estimate();
    expect(byClaude.sections.map((s: Json) => s.model)).toEqual(Array(3).fill('claude-sonnet-4-6'));
    // Each prompt sent once to Anthropic's count endpoint, and read as it counted it (not four characters a token).
    expect(counted()).toHaveLength(3);
    expect(counted()).toContainEqual({ model: 'claude-sonnet-4-6', messages: [{ role: 'user', content: first }] });
    expect(byClaude.sections[0].prompt_tokens).toBe(promptTokens([first]));
    expect(byClaude.sections[2].prompt_tokens).toBe(promptTokens([third]));
    expect(promptTokens([first])).not.toBe(Math.ceil(first.length / 4));
    await estimate();
    expect(counted()).toHaveLength(3);

    await suite.agent.post(`/api/models/${claude._id}/replace`).send({ replacement: flash._id }).expect(200);
    const byGemini = await estimate();
    const geminiCounts = gemini.requests.filter((r) => r.path === '/v1beta/models/gemini-2.5-flash:countTokens');
    expect(geminiCounts).toHaveLength(3);
    expect(geminiCounts.map((r) => JSON.parse(r.body))).toContainEqual({ contents: [{ role: 'user', parts: [{ text: first }] }] });
    expect(byGemini.sections[0].prompt_tokens).toBe(promptTokens([first]));

    // A vendor that cannot count now: the prompts of a model it has not counted yet are estimated by length, and the estimate still answers.
    // Three prompts, each tried twice (the SDK's one retry).
    anthropic.failNext(/count_tokens/, 529, 'overloaded_error', 'Overloaded', 6);
    const haiku = (
      await suite.agent.post('/api/models').send({ name: 'Haiku', base_model: 'claude-haiku-4-5-20251001', connection_id: claude.connection_id }).expect(201)
    ).body;
    await suite.agent.post(`/api/models/${flash._id}/replace`).send({ replacement: haiku._id }).expect(200);
    const byLength = await estimate();
    expect(byLength.sections[0].prompt_tokens).toBe(Math.ceil(first.length / 4));
  });

  it('holds the next request to Anthropic for the time its 429 asked, then writes', async () => {
    const { model, article } = await setup();
    anthropic.failNext(/^\/v1\/messages$/, 429, 'rate_limit_error', 'Number of request tokens has exceeded your per-minute rate limit', 1, {
      'retry-after': '2',
    });
    const done = await preview(article._id, model._id);
    expect(done).toMatchObject({ status: 'completed', message: null });
    const sent = anthropic.requests.filter((r) => r.method === 'POST' && r.path === '/v1/messages');
    expect(sent[0].status).toBe(429);
    // The retry waited for what Anthropic asked, whichever of the SDK and the provider's pace held it.
    expect(sent[1].at - sent[0].at).toBeGreaterThanOrEqual(1900);
  });

  it("says in Anthropic's words why a section could not be written", async () => {
    const { model, article } = await setup();
    anthropic.failNext(/^\/v1\/messages$/, 400, 'invalid_request_error', 'prompt is too long: 250000 tokens > 200000 maximum', 1);
    const done = await preview(article._id, model._id);
    expect(done.status).toBe('failed');
    expect(done.message).toContain('prompt is too long: 250000 tokens > 200000 maximum');
  });

  it('writes through an OpenAI-compatible server with no key, without logit_bias', async () => {
    const server = (
      await suite.agent.post('/api/connections').send({ kind: 'openai-compatible', name: 'Local vLLM', base_url: compatible.baseUrl }).expect(201)
    ).body;
    const model = (
      await suite.agent.post('/api/models').send({ name: 'Llama', base_model: 'meta-llama/Llama-3.3-70B-Instruct', connection_id: server._id }).expect(201)
    ).body;
    const [article] = (await suite.agent.get('/api/articles').expect(200)).body;
    const done = await preview(article._id, model._id);
    expect(done.status).toBe('completed');
    const chats = compatible.requests.filter((r) => r.path === '/v1/chat/completions');
    expect(chats).toHaveLength(3);
    expect(chats.every((r) => r.headers.authorization === undefined)).toBe(true);
    expect(chats.map((r) => JSON.parse(r.body).logit_bias)).toEqual([undefined, undefined, undefined]);
    expect(chats.map((r) => JSON.parse(r.body).temperature)).toEqual([0.2, 0.30000000000000004, 0.4]);
  });

  /**
   * A model on 2.5 Flash (which the Gemini simulator lists) through a Gemini provider, and the article
   * template's sections given these reasoning efforts (the template keeps its own copy of each section).
   */
  const geminiSetup = async (efforts: (string | null)[]) => {
    const provider = (await suite.agent.post('/api/connections').send({ kind: 'gemini', name: 'Gemini', api_key: gemini.apiKey }).expect(201)).body;
    const model = (
      await suite.agent.post('/api/models').send({ name: 'Gemini voice', base_model: 'gemini-2.5-flash', connection_id: provider._id }).expect(201)
    ).body;
    const [article] = (await suite.agent.get('/api/articles').expect(200)).body as Json[];
    const sections = (article.sections as Json[]).map(({ section_version: _version, latest_version: _latest, ...entry }, i) => ({
      ...entry,
      reasoning_effort: efforts[i] ?? null,
    }));
    await suite.agent
      .put(`/api/articles/${article._id}`)
      .send({ article_title: article.article_title, article_type: article.article_type, sections })
      .expect(200);
    return { model, article };
  };
  const generated = () => gemini.requests.filter((r) => r.method === 'POST' && r.path.endsWith(':generateContent'));

  it("writes a whole template through Gemini's generateContent: the system prompt in systemInstruction, no logit_bias, a thinking level 2.5 refuses learned once", async () => {
    const { model, article } = await geminiSetup(['medium', 'none', 'low']);
    const done = await preview(article._id, model._id);
    expect(done).toMatchObject({ status: 'completed', message: null });
    const [variant] = done.variants;
    expect(variant.sections.map((s: Json) => s.heading)).toEqual(SECTION_HEADINGS);
    expect(variant.sections.every((s: Json) => s.model === 'gemini-2.5-flash' && s.content.startsWith('Written by gemini-2.5-flash for:'))).toBe(true);
    expect(variant.sections[0].prompt_tokens).toBeGreaterThan(0);

    const sent = generated();
    // On v1beta, which takes systemInstruction and thinkingConfig (v1 declares neither), with the key in its header.
    expect(sent.every((r) => r.path === '/v1beta/models/gemini-2.5-flash:generateContent' && r.headers['x-goog-api-key'] === gemini.apiKey)).toBe(true);
    // 2.5 Flash refuses a thinking level: the first request learns it, is sent again at once with a budget, and no later one asks a level.
    expect(sent.map((r) => r.status)).toEqual([400, 200, 200, 200]);
    const bodies = sent.map((r) => JSON.parse(r.body) as Json);
    expect(bodies.map((b) => b.generationConfig)).toEqual([
      { temperature: 0.2, thinkingConfig: { thinkingLevel: 'HIGH' } },
      { temperature: 0.2, thinkingConfig: { thinkingBudget: 8192 } },
      { temperature: 0.30000000000000004, thinkingConfig: { thinkingBudget: 0 } },
      { temperature: 0.4, thinkingConfig: { thinkingBudget: 1024 } },
    ]);
    expect(bodies[1].contents).toEqual([{ role: 'user', parts: [{ text: 'Introduce "Best laptops" about laptops.' }] }]);
    // The bias list's words are named in the system instruction, as for a model that refuses logit_bias.
    const system = bodies[1].systemInstruction.parts[0].text as string;
    expect(system).toContain('You introduce articles for');
    expect(system).toContain('Avoid these words: delve.');
    expect(bodies.every((b) => JSON.stringify(b).includes('logit') === false)).toBe(true);

    // A second preview asks no level at all.
    await preview(article._id, model._id);
    expect(
      generated()
        .slice(4)
        .map((r) => [r.status, (JSON.parse(r.body) as Json).generationConfig.thinkingConfig]),
    ).toEqual([
      [200, { thinkingBudget: 8192 }],
      [200, { thinkingBudget: 0 }],
      [200, { thinkingBudget: 1024 }],
    ]);
  });

  it("learns once, in Gemini's words, that a model does not think, and writes without a thinking config", async () => {
    gemini.thinkingRefused.add('gemini-2.5-flash');
    const { model, article } = await geminiSetup(['high', 'low']);
    const done = await preview(article._id, model._id);
    expect(done).toMatchObject({ status: 'completed', message: null });
    const sent = generated();
    expect(sent.map((r) => r.status)).toEqual([400, 200, 200, 200]);
    expect(JSON.parse(sent[0].body).generationConfig.thinkingConfig).toEqual({ thinkingLevel: 'HIGH' });
    expect(sent.slice(1).every((r) => JSON.parse(r.body).generationConfig.thinkingConfig === undefined)).toBe(true);
  });

  it('holds the next request to Gemini for the retryDelay its 429 asked, then writes', async () => {
    const { model, article } = await geminiSetup([]);
    gemini.quotaExceeded('gemini-2.5-flash', 3);
    const done = await preview(article._id, model._id);
    expect(done).toMatchObject({ status: 'completed', message: null });
    const sent = generated();
    expect(sent.map((r) => r.status)).toEqual([429, 200, 200, 200]);
    // Google's SDK alone would have asked again within two seconds; the provider's pace held it for Gemini's RetryInfo.
    expect(sent[1].at - sent[0].at).toBeGreaterThanOrEqual(2900);
  });

  it("says in Gemini's words why a section could not be written", async () => {
    const { model, article } = await geminiSetup([]);
    gemini.failNext(/:generateContent$/, 400, 'INVALID_ARGUMENT', 'The input token count (1200000) exceeds the maximum number of tokens allowed (1048576).');
    const done = await preview(article._id, model._id);
    expect(done.status).toBe('failed');
    expect(done.message).toContain('Gemini: could not write');
    expect(done.message).toContain('The input token count (1200000) exceeds the maximum number of tokens allowed (1048576).');
  });
});
