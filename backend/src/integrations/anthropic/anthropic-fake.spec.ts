import Anthropic, { APIError as AnthropicApiError } from '@anthropic-ai/sdk';
import OpenAI, { APIError as OpenAiApiError } from 'openai';
import { ANTHROPIC_TEST_KEY, AnthropicFake } from '../../../../test/fakes/anthropic-fake';
import { CompatibleFake } from '../../../../test/fakes/compatible-fake';
import { promptTokens } from '../../../../test/fakes/written-text';
import { anthropicCountTokens } from './anthropic.client';

/**
 * The Anthropic simulator's Messages API and the vLLM simulator's chat completions
 * (test/fakes/anthropic-fake.ts, compatible-fake.ts), driven through the real SDKs as Quire drives
 * them: each refuses what its vendor refuses, in the vendor's shape and words.
 */

const anthropic = new AnthropicFake();
const vllm = new CompatibleFake();
let claude: Anthropic;
let openai: OpenAI;

beforeAll(async () => {
  await Promise.all([anthropic.start(), vllm.start()]);
  claude = new Anthropic({ apiKey: ANTHROPIC_TEST_KEY, authToken: null, baseURL: anthropic.baseUrl, maxRetries: 0, timeout: 30_000 });
  openai = new OpenAI({ apiKey: 'no-key', baseURL: vllm.baseUrl, maxRetries: 0 });
});
afterAll(() => Promise.all([anthropic.stop(), vllm.stop()]));
beforeEach(() => {
  anthropic.reset();
  vllm.reset();
});
afterEach(() => {
  expect(anthropic.crashes).toEqual([]);
  expect(vllm.crashes).toEqual([]);
});

/** A message request as Quire might build it (fields SDK 1.x no longer types included), under the SDK's API version or another. */
function send(body: Record<string, unknown>, version?: string) {
  const request = { model: 'claude-sonnet-4-6', max_tokens: 1024, messages: [{ role: 'user', content: 'Write the intro.' }], ...body };
  return claude.messages.create(request as never, version ? { headers: { 'anthropic-version': version } } : undefined);
}

/** What Anthropic answered a refused request with: status, error type and words. */
async function refusal(request: Promise<unknown>): Promise<{ status: number; type: string; message: string }> {
  const error = await request.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AnthropicApiError)) throw new Error(`not refused by Anthropic: ${String(error)}`);
  const body = error.error as { type: string; error: { type: string; message: string }; request_id: string };
  expect(body).toMatchObject({ type: 'error', request_id: expect.stringMatching(/^req_/) });
  return { status: error.status as number, type: body.error.type, message: body.error.message };
}

describe('The Anthropic simulator writes messages as Anthropic does', () => {
  it('answers a message with a text block, usage and the words to avoid left out, through the SDK and its API version', async () => {
    const texts = [
      'You write for a travel site. Avoid these words: quick, "lazy".',
      'An example, please.',
      'Sunny coves and quiet harbours.',
      'Write about the quick brown fox and the lazy dog',
    ];
    const message = await send({
      system: texts[0],
      messages: [
        { role: 'user', content: texts[1] },
        { role: 'assistant', content: [{ type: 'text', text: texts[2] }] },
        { role: 'user', content: [{ type: 'text', text: texts[3] }] },
      ],
    });
    expect(message).toMatchObject({
      id: expect.stringMatching(/^msg_[0-9a-f]+$/),
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-4-6',
      stop_reason: 'end_turn',
      stop_sequence: null,
      content: [{ type: 'text', text: 'Written by claude-sonnet-4-6 for: Write about the brown fox and the dog\n\nSunny coves and quiet harbours.' }],
      usage: { cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens_details: { thinking_tokens: 0 } },
    });
    expect(message.usage.input_tokens).toBe(promptTokens(texts));
    expect(message.usage.output_tokens).toBe(Math.ceil((message.content[0] as { text: string }).text.length / 4));
    const sent = anthropic.requests.find((r) => r.path === '/v1/messages')!;
    expect(sent.headers['anthropic-version']).toBe('2026-10-21');
    expect(sent.headers.authorization).toBe(`Bearer ${ANTHROPIC_TEST_KEY}`);

    // Thinking comes first, and is counted in the output tokens; the text block is still there to read.
    const thought = await send({ thinking: { type: 'adaptive' }, output_config: { effort: 'low' } });
    expect(thought.content.map((block) => block.type)).toEqual(['thinking', 'text']);
    expect(thought.usage.output_tokens).toBe(16 + Math.ceil((thought.content[1] as { text: string }).text.length / 4));
    // A model that slips keeps the words it was told to avoid.
    anthropic.disobeyAvoidWords = 1;
    const slipped = await send({ system: 'Avoid these words: intro.' });
    expect(slipped.content).toEqual([{ type: 'text', text: 'Written by claude-sonnet-4-6 for: Write the intro.', citations: null }]);
    expect(anthropic.disobeyAvoidWords).toBe(0);
  });

  it('counts a request’s tokens at messages/count_tokens as the message’s usage counts them, refusing max_tokens there', async () => {
    const body = {
      model: 'claude-sonnet-4-6',
      system: 'You write for a travel site.',
      messages: [{ role: 'user' as const, content: 'Write the intro, please.' }],
    };
    const counted = await claude.messages.countTokens(body);
    expect(counted).toEqual({ input_tokens: promptTokens(['You write for a travel site.', 'Write the intro, please.']) });
    expect((await send(body)).usage.input_tokens).toBe(counted.input_tokens);
    expect(await anthropicCountTokens(claude, 'claude-haiku-4-5-20251001', 'Write the intro, please.')).toBe(promptTokens(['Write the intro, please.']));
    expect(anthropic.requests.filter((r) => r.path === '/v1/messages/count_tokens').map((r) => JSON.parse(r.body))).toEqual([
      body,
      { model: 'claude-haiku-4-5-20251001', messages: [{ role: 'user', content: 'Write the intro, please.' }] },
    ]);

    expect(await refusal(claude.messages.countTokens({ ...body, max_tokens: 1024 } as never))).toEqual({
      status: 400,
      type: 'invalid_request_error',
      message: 'max_tokens: Extra inputs are not permitted',
    });
    expect(await refusal(claude.messages.countTokens({ ...body, model: 'claude-7-imaginary' }))).toEqual({
      status: 404,
      type: 'not_found_error',
      message: 'model: claude-7-imaginary',
    });
    expect((await refusal(claude.messages.countTokens({ ...body, messages: [] }))).message).toBe('messages: at least one message is required');
  });

  it('lists each model’s output limit and refuses a max_tokens above it', async () => {
    const page = await claude.models.list({ limit: 1000 });
    expect(page.data.find((m) => m.id === 'claude-haiku-4-5-20251001')?.max_tokens).toBe(64000);
    expect(await refusal(send({ model: 'claude-haiku-4-5-20251001', max_tokens: 100000 }))).toEqual({
      status: 400,
      type: 'invalid_request_error',
      message: 'max_tokens: 100000 > 64000, which is the maximum allowed number of output tokens for claude-haiku-4-5-20251001',
    });
  });

  it('refuses a field it does not know, temperature included under the API version SDK 1.x sends', async () => {
    expect(await refusal(send({ reasoning_effort: 'high' }))).toEqual({
      status: 400,
      type: 'invalid_request_error',
      message: 'reasoning_effort: Extra inputs are not permitted',
    });
    expect((await refusal(send({ temperature: 1 }))).message).toBe('temperature: Extra inputs are not permitted');
    expect((await send({ temperature: 1 }, '2023-06-01')).content[0].type).toBe('text');
  });

  it('refuses a request without max_tokens', async () => {
    expect(await refusal(send({ max_tokens: undefined }))).toEqual({ status: 400, type: 'invalid_request_error', message: 'max_tokens: Field required' });
  });

  it('refuses a temperature above 1 where temperature is still taken', async () => {
    expect(await refusal(send({ temperature: 1.5 }, '2023-06-01'))).toEqual({
      status: 400,
      type: 'invalid_request_error',
      message: 'temperature: Input should be less than or equal to 1',
    });
  });

  it('refuses any sampling parameter, at any value, for a model that deprecated them', async () => {
    anthropic.samplingRefused.add('claude-opus-4-6');
    expect(await refusal(send({ model: 'claude-opus-4-6', temperature: 1 }, '2023-06-01'))).toEqual({
      status: 400,
      type: 'invalid_request_error',
      message: '`temperature` is deprecated for this model.',
    });
    expect((await refusal(send({ model: 'claude-opus-4-6', top_p: 0.9 }, '2023-06-01'))).message).toBe('`top_p` is deprecated for this model.');
    expect((await send({ model: 'claude-sonnet-4-6', temperature: 0.2 }, '2023-06-01')).stop_reason).toBe('end_turn');
    anthropic.reset();
    expect((await send({ model: 'claude-opus-4-6', temperature: 0.2 }, '2023-06-01')).stop_reason).toBe('end_turn');
  });

  it('refuses an effort for a model that takes none, and an effort that does not exist', async () => {
    expect(await refusal(send({ model: 'claude-haiku-4-5-20251001', output_config: { effort: 'low' } }))).toEqual({
      status: 400,
      type: 'invalid_request_error',
      message: 'This model does not support the effort parameter.',
    });
    expect((await refusal(send({ output_config: { effort: 'extreme' } }))).message).toBe(
      "output_config.effort: Input should be 'low', 'medium', 'high', 'xhigh' or 'max'",
    );
    expect((await send({ output_config: { effort: 'xhigh' } })).stop_reason).toBe('end_turn');
  });

  it('refuses a thinking budget under 1,024 or not under max_tokens, and thinking beside a temperature other than 1', async () => {
    expect(await refusal(send({ thinking: { type: 'enabled', budget_tokens: 512 } }))).toEqual({
      status: 400,
      type: 'invalid_request_error',
      message: 'thinking.enabled.budget_tokens: Input should be greater than or equal to 1024',
    });
    expect((await refusal(send({ max_tokens: 2048, thinking: { type: 'enabled', budget_tokens: 2048 } }))).message).toMatch(
      /^`max_tokens` must be greater than `thinking.budget_tokens`\./,
    );
    expect((await refusal(send({ max_tokens: 4096, thinking: { type: 'enabled', budget_tokens: 1024 }, temperature: 0.5 }, '2023-06-01'))).message).toMatch(
      /^`temperature` may only be set to 1 when thinking is enabled/,
    );
    const thought = await send({ max_tokens: 4096, thinking: { type: 'enabled', budget_tokens: 1024 } });
    expect(thought.content.map((block) => block.type)).toEqual(['thinking', 'text']);
  });

  it('refuses a system message among the messages, and a conversation that does not open with the user', async () => {
    expect((await refusal(send({ messages: [{ role: 'system', content: 'Be brief.' }] }))).message).toBe(
      'messages: Unexpected role "system". The Messages API accepts a top-level `system` parameter, not "system" as an input message role.',
    );
    expect((await refusal(send({ messages: [{ role: 'assistant', content: 'Hello.' }] }))).message).toBe('messages: first message must use the "user" role');
    expect((await refusal(send({ messages: [] }))).message).toBe('messages: at least one message is required');
    expect((await refusal(send({ stream: true }))).message).toMatch(/does not stream/);
  });

  it('answers 404 not_found_error for a model the key does not list', async () => {
    expect(await refusal(send({ model: 'claude-2.0' }))).toEqual({ status: 404, type: 'not_found_error', message: 'model: claude-2.0' });
  });
});

describe("The Anthropic simulator's Message Batches, as Anthropic runs them", () => {
  const request = (customId: string, params: Record<string, unknown> = {}) => ({
    custom_id: customId,
    params: { model: 'claude-sonnet-4-6', max_tokens: 1024, messages: [{ role: 'user' as const, content: `Write ${customId}.` }], ...params },
  });
  /** The batch once it has ended (polled as a client would). */
  const ended = async (id: string) => {
    for (let i = 0; i < 200; i++) {
      const batch = await claude.messages.batches.retrieve(id);
      if (batch.processing_status === 'ended') return batch;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`batch ${id} did not end`);
  };
  const resultsOf = async (id: string) => {
    const results = [];
    for await (const line of await claude.messages.batches.results(id)) results.push(line);
    return results;
  };

  it('processes each request as POST /v1/messages would answer it, and gives the results once the whole batch has ended', async () => {
    anthropic.batchLatencyMs = 100;
    const created = await claude.messages.batches.create({
      requests: [request('intro'), request('refused', { temperature: 0.2 }), request('outro', { model: 'claude-2.0' })] as never,
    });
    expect(created).toMatchObject({
      id: expect.stringMatching(/^msgbatch_/),
      type: 'message_batch',
      processing_status: 'in_progress',
      request_counts: { processing: 3, succeeded: 0, errored: 0, canceled: 0, expired: 0 },
      ended_at: null,
      cancel_initiated_at: null,
      archived_at: null,
      results_url: null,
    });
    expect(Date.parse(created.expires_at) - Date.parse(created.created_at)).toBe(24 * 3600_000);
    // No results while it is processing.
    await expect(claude.messages.batches.results(created.id)).rejects.toThrow(/No batch `results_url`/);

    const done = await ended(created.id);
    expect(done.request_counts).toEqual({ processing: 0, succeeded: 1, errored: 2, canceled: 0, expired: 0 });
    expect(done.results_url).toBe(`${anthropic.baseUrl}/v1/messages/batches/${created.id}/results`);
    const results = await resultsOf(created.id);
    // Not in the requests' order: a client matches them by custom_id.
    expect(results.map((r) => r.custom_id)).toEqual(['outro', 'refused', 'intro']);
    const byId = new Map(results.map((r) => [r.custom_id, r.result]));
    expect(byId.get('intro')).toMatchObject({
      type: 'succeeded',
      message: { type: 'message', model: 'claude-sonnet-4-6', content: [{ type: 'text', text: 'Written by claude-sonnet-4-6 for: Write intro.' }] },
    });
    // A request's params are refused in the words POST /v1/messages uses, as an errored result.
    expect(byId.get('refused')).toEqual({
      type: 'errored',
      error: { type: 'error', error: { type: 'invalid_request_error', message: 'temperature: Extra inputs are not permitted' }, request_id: null },
    });
    expect(byId.get('outro')).toMatchObject({ type: 'errored', error: { error: { type: 'not_found_error', message: 'model: claude-2.0' } } });
    expect(anthropic.processedRequests.map((r) => [r.customId, r.type])).toEqual([
      ['intro', 'succeeded'],
      ['refused', 'errored'],
      ['outro', 'errored'],
    ]);
  });

  it('refuses a batch at once for its shape: custom_ids, their uniqueness, the number of requests and the size', async () => {
    const create = (body: unknown) => refusal(claude.messages.batches.create(body as never));
    expect(await create({ requests: [request('not:valid')] })).toEqual({
      status: 400,
      type: 'invalid_request_error',
      message: "requests.0.custom_id: String should match pattern '^[a-zA-Z0-9_-]{1,64}$'",
    });
    expect((await create({ requests: [request('x'.repeat(65))] })).message).toMatch(/custom_id: String should match pattern/);
    expect((await create({ requests: [request('same'), request('same')] })).message).toMatch(/custom_id "same" is used by more than one request/);
    expect((await create({ requests: [] })).message).toBe('requests: List should have at least 1 item after validation, not 0');
    expect((await create({ requests: [{ ...request('a'), method: 'POST' }] })).message).toBe('requests.0.method: Extra inputs are not permitted');
    anthropic.batchMaxRequests = 2;
    expect((await create({ requests: [request('a'), request('b'), request('c')] })).message).toBe(
      'requests: List should have at most 2 items after validation, not 3',
    );
    anthropic.batchMaxBytes = 100;
    expect(await create({ requests: [request('a')] })).toEqual({
      status: 413,
      type: 'request_too_large',
      message: 'Request exceeds the maximum allowed number of bytes.',
    });
    expect(anthropic.batches.size).toBe(0);
  });

  it('cancels a batch mid-way: what was processed is kept, the rest canceled; an ended batch cannot be canceled', async () => {
    anthropic.batchLatencyMs = 100;
    anthropic.batchScript = [{ hold: true, expireAfter: 0.5 }];
    const { id } = await claude.messages.batches.create({ requests: ['a', 'b', 'c', 'd'].map((c) => request(c)) as never });
    for (let i = 0; i < 100 && anthropic.processedRequests.length < 2; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await claude.messages.batches.retrieve(id)).processing_status).toBe('in_progress');
    const canceling = await claude.messages.batches.cancel(id);
    expect(canceling).toMatchObject({ processing_status: 'canceling', cancel_initiated_at: expect.any(String) });
    const done = await ended(id);
    expect(done.request_counts).toEqual({ processing: 0, succeeded: 2, errored: 0, canceled: 2, expired: 0 });
    expect(new Map((await resultsOf(id)).map((r) => [r.custom_id, r.result.type]))).toEqual(
      new Map([
        ['a', 'succeeded'],
        ['b', 'succeeded'],
        ['c', 'canceled'],
        ['d', 'canceled'],
      ]),
    );
    expect((await refusal(claude.messages.batches.cancel(id))).message).toBe(`Message batch ${id} has already ended and cannot be canceled.`);
    expect(anthropic.processedRequests).toHaveLength(2);
  });

  it('expires a batch when a test says its 24 hours are up: the requests not processed are expired', async () => {
    anthropic.batchScript = [{ hold: true }];
    const { id } = await claude.messages.batches.create({ requests: [request('a'), request('b')] as never });
    anthropic.expireBatch(id);
    expect((await claude.messages.batches.retrieve(id)).request_counts).toEqual({ processing: 0, succeeded: 0, errored: 0, canceled: 0, expired: 2 });
    expect((await resultsOf(id)).map((r) => r.result)).toEqual([{ type: 'expired' }, { type: 'expired' }]);
    expect(anthropic.processedRequests).toEqual([]);
  });

  it('lists batches newest first, page by page; failNext and a lost create answer apply to batches too', async () => {
    anthropic.failNext(/^\/v1\/messages\/batches$/, 529, 'overloaded_error', 'Overloaded');
    expect(await refusal(claude.messages.batches.create({ requests: [request('a')] as never }))).toEqual({
      status: 529,
      type: 'overloaded_error',
      message: 'Overloaded',
    });
    const made = [];
    for (const n of [1, 2, 3]) made.push((await claude.messages.batches.create({ requests: [request(`r${n}`)] as never })).id);
    anthropic.loseNextBatchCreate = 'drop';
    await expect(claude.messages.batches.create({ requests: [request('lost')] as never })).rejects.toThrow();
    const listed = [];
    for await (const batch of claude.messages.batches.list({ limit: 2 })) listed.push(batch.id);
    expect(listed).toHaveLength(4);
    expect(listed.slice(1)).toEqual([...made].reverse());
    expect(anthropic.requests.filter((r) => r.method === 'GET' && r.path === '/v1/messages/batches').map((r) => r.query.get('after_id') !== null)).toEqual([
      false,
      true,
    ]);
    expect((await refusal(claude.messages.batches.list({ limit: 1001 }))).message).toBe(
      'limit: Input should be greater than or equal to 1 and less than or equal to 1000',
    );
  });
});

describe('The vLLM simulator answers chat completions as vLLM does', () => {
  it('refuses an OpenAI-only parameter it was not started to take, naming it, in vLLM’s error shape', async () => {
    const error = await openai.chat.completions.create({ model: 'Qwen/Qwen3-32B', messages: [{ role: 'user', content: 'Hi' }], reasoning_effort: 'high' }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(OpenAiApiError);
    expect((error as OpenAiApiError).status).toBe(400);
    expect((error as OpenAiApiError).error).toEqual({
      message: 'Unrecognized request argument supplied: reasoning_effort',
      type: 'BadRequestError',
      param: 'reasoning_effort',
      code: 400,
    });
    vllm.refused.clear();
    expect(
      (await openai.chat.completions.create({ model: 'Qwen/Qwen3-32B', messages: [{ role: 'user', content: 'Hi' }], reasoning_effort: 'high' })).object,
    ).toBe('chat.completion');
  });

  it('answers a chat.completion with usage for a served model, and 404 for another', async () => {
    const completion = await openai.chat.completions.create({
      model: 'meta-llama/Llama-3.3-70B-Instruct',
      messages: [
        { role: 'system', content: 'Avoid these words: intro.' },
        { role: 'user', content: 'Write the intro.' },
      ],
      temperature: 1.5,
      logit_bias: { '1234': -100 },
    });
    expect(completion.choices[0]).toMatchObject({
      finish_reason: 'stop',
      message: { role: 'assistant', content: 'Written by meta-llama/Llama-3.3-70B-Instruct for: Write the .' },
    });
    expect(completion.usage).toEqual({
      prompt_tokens: expect.any(Number),
      completion_tokens: Math.ceil(completion.choices[0].message.content!.length / 4),
      total_tokens: completion.usage!.prompt_tokens + completion.usage!.completion_tokens,
      prompt_tokens_details: null,
    });
    const missing = await openai.chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'Hi' }] }).then(
      () => null,
      (e: unknown) => e as OpenAiApiError,
    );
    expect(missing?.status).toBe(404);
    expect(missing?.error).toEqual({ message: 'The model `gpt-4o` does not exist.', type: 'NotFoundError', param: 'model', code: 404 });
    const hot = await openai.chat.completions.create({ model: 'Qwen/Qwen3-32B', messages: [{ role: 'user', content: 'Hi' }], temperature: 2.5 }).then(
      () => null,
      (e: unknown) => e as OpenAiApiError,
    );
    expect(hot?.status).toBe(400);
    expect((hot?.error as { message: string }).message).toMatch(/^temperature must be in \[0, 2\], got 2\.5\./);
  });
});
