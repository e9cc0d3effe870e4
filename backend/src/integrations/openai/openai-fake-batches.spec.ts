import { existsSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import Ajv2020, { ValidateFunction } from 'ajv/dist/2020';
import OpenAI, { APIError, toFile } from 'openai';
import type { Batch } from 'openai/resources/batches';
import type { FilePurpose } from 'openai/resources/files';
import { OpenAiFake } from '../../../../test/fakes/openai-fake';

/**
 * The OpenAI simulator's Files and Batch APIs (test/fakes/openai-batches.ts), driven through the
 * real `openai` SDK as Quire drives them, every answer checked against OpenAI's OpenAPI document.
 */

/** OpenAI's OpenAPI document; where it is missing, the answers' shapes go unchecked (the behaviour is still tested). */
const DOCUMENT = process.env.OPENAI_OPENAPI_DOCUMENT ?? '/work/shared/vendor-specs/openai-openapi.json.gz';

type Json = Record<string, unknown>;

/**
 * One validator per schema of the document. OpenAI writes a field not (yet) set as null — the
 * document's own examples do (`"output_file_id": null`, `"first_id"` of an empty page) — while its
 * types say string or integer; so a property of `Batch` or `ListBatchesResponse` the document does
 * not require may be null. Everything else is checked as the document says.
 */
function validators(): ((name: string) => ValidateFunction) | null {
  if (!existsSync(DOCUMENT)) return null;
  const doc = JSON.parse(gunzipSync(readFileSync(DOCUMENT)).toString('utf8')) as { components: { schemas: Record<string, Json> } };
  for (const name of ['Batch', 'ListBatchesResponse']) {
    const schema = doc.components.schemas[name] as { properties: Record<string, Json>; required: string[] };
    for (const [key, property] of Object.entries(schema.properties)) {
      if (!schema.required.includes(key)) schema.properties[key] = { anyOf: [property, { type: 'null' }] };
    }
  }
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  ajv.addSchema({ $id: 'openai', components: doc.components });
  return (name) => ajv.getSchema(`openai#/components/schemas/${name}`) as ValidateFunction;
}
const schemas = validators();

/** The value is what the document's schema `name` says (when the document is here). */
function conform<T>(name: string, value: T): T {
  const validate = schemas?.(name);
  if (validate && !validate(value)) throw new Error(`Not a valid ${name}: ${JSON.stringify(validate.errors, null, 1)}\n${JSON.stringify(value)}`);
  return value;
}

const fake = new OpenAiFake();
let client: OpenAI;

beforeAll(async () => {
  await fake.start();
  client = new OpenAI({ apiKey: fake.apiKey, baseURL: fake.baseUrl, maxRetries: 0 });
});
afterAll(() => fake.stop());
beforeEach(() => {
  fake.reset();
  fake.batchLatencyMs = 200;
});
afterEach(() => expect(fake.crashes).toEqual([]));

const chatBody = (content: string, model = 'gpt-4o-mini', extra: Json = {}) => ({ model, messages: [{ role: 'user', content }], ...extra });
const line = (customId: string, body: Json, url = '/v1/chat/completions') => ({ custom_id: customId, method: 'POST', url, body });
const jsonl = (lines: (Json | string)[]) => `${lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n')}\n`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function upload(lines: (Json | string)[], filename = 'in.jsonl', purpose: FilePurpose = 'batch'): Promise<string> {
  const file = conform('OpenAIFile', await client.files.create({ file: await toFile(Buffer.from(jsonl(lines)), filename), purpose }));
  return file.id;
}

async function createBatch(lines: (Json | string)[], metadata?: Record<string, string>): Promise<Batch> {
  const inputFileId = await upload(lines);
  return conform('Batch', await client.batches.create({ input_file_id: inputFileId, endpoint: '/v1/chat/completions', completion_window: '24h', metadata }));
}

async function retrieve(batchId: string): Promise<Batch> {
  return conform('Batch', await client.batches.retrieve(batchId));
}

/** Retrieves the batch until `done` says so (every answer checked), and answers the statuses it went through, in order. */
async function until(batchId: string, done: (batch: Batch) => boolean, timeoutMs = 5000): Promise<{ batch: Batch; seen: string[] }> {
  const seen: string[] = [];
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const batch = await retrieve(batchId);
    if (seen[seen.length - 1] !== batch.status) seen.push(batch.status);
    if (done(batch)) return { batch, seen };
    if (Date.now() > deadline) throw new Error(`Batch ${batchId} is still ${batch.status}`);
    await sleep(5);
  }
}
const ended = (batch: Batch) => ['completed', 'failed', 'expired', 'cancelled'].includes(batch.status);

/** The lines of a file, by custom_id. */
async function readLines(fileId: string | null | undefined): Promise<Map<string, Json>> {
  if (!fileId) throw new Error('No file');
  const text = await (await client.files.content(fileId)).text();
  const lines = text
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as Json);
  return new Map(lines.map((l) => [l.custom_id as string, l]));
}

/** The refusal an SDK call met: its status and OpenAI's error object. */
async function refusal(call: Promise<unknown>): Promise<{ status: number; error: Json }> {
  try {
    await call;
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    conform('ErrorResponse', { error: error.error });
    return { status: error.status as number, error: error.error as Json };
  }
  throw new Error('The call was not refused');
}

/** A request made without the SDK (bodies the SDK's types would not let through). */
async function raw(method: string, path: string, body?: unknown): Promise<{ status: number; body: Json }> {
  const res = await fetch(`${fake.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${fake.apiKey}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Json };
}

describe('OpenAiFake: files', () => {
  it('should take a .jsonl batch file, expiring in 30 days, and give back its object and bytes', async () => {
    const content = jsonl([line('a', chatBody('Hello'))]);
    const file = conform('OpenAIFile', await client.files.create({ file: await toFile(Buffer.from(content), 'in.jsonl'), purpose: 'batch' }));
    expect(file).toMatchObject({ object: 'file', purpose: 'batch', filename: 'in.jsonl', bytes: Buffer.byteLength(content), status: 'processed' });
    expect(file.expires_at).toBe(file.created_at + 30 * 86_400);
    expect(conform('OpenAIFile', await client.files.retrieve(file.id))).toEqual(file);
    const res = await client.files.content(file.id);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(await res.text()).toBe(content);
    expect(conform('DeleteFileResponse', await client.files.delete(file.id))).toEqual({ id: file.id, object: 'file', deleted: true });
    expect(await refusal(client.files.retrieve(file.id))).toEqual({
      status: 404,
      error: { message: `No such File object: ${file.id}`, type: 'invalid_request_error', param: 'id', code: null },
    });
  });

  it('should refuse a batch file that is not .jsonl, and an unknown purpose, in OpenAI words', async () => {
    const text = await toFile(Buffer.from('{}\n'), 'in.txt');
    expect(await refusal(client.files.create({ file: text, purpose: 'batch' }))).toMatchObject({
      status: 400,
      error: { message: 'Invalid file format for Batch API. Must be .jsonl', type: 'invalid_request_error' },
    });
    const other = await toFile(Buffer.from('{}\n'), 'in.jsonl');
    expect(await refusal(client.files.create({ file: other, purpose: 'nope' as FilePurpose }))).toMatchObject({
      status: 400,
      error: { message: "Invalid value for 'purpose'.", param: 'purpose' },
    });
    expect(await refusal(client.files.retrieve('file-nope'))).toMatchObject({ status: 404, error: { message: 'No such File object: file-nope' } });
    expect(await refusal(client.files.content('file-nope'))).toMatchObject({ status: 404 });
    expect(await refusal(client.files.delete('file-nope'))).toMatchObject({ status: 404 });
  });

  it('should keep the other purposes as they come: fine-tune files of any name, without expiry', async () => {
    const tune = conform('OpenAIFile', await client.files.create({ file: await toFile(Buffer.from('{}\n'), 'train.txt'), purpose: 'fine-tune' }));
    const data = conform('OpenAIFile', await client.files.create({ file: await toFile(Buffer.from('notes'), 'notes.md'), purpose: 'user_data' }));
    expect(tune).toMatchObject({ purpose: 'fine-tune', filename: 'train.txt' });
    expect(tune).not.toHaveProperty('expires_at');
    expect(data.purpose).toBe('user_data');
    expect([...fake.files.values()].map((f) => f.purpose)).toEqual(['fine-tune', 'user_data']);
  });
});

describe('OpenAiFake: batches', () => {
  it('should walk validating → in_progress → completed with the clock, each line answered by the chat route, usage summed', async () => {
    const lines = ['a', 'b', 'c', 'd'].map((customId) => line(customId, chatBody(`Write about ${customId}`)));
    const created = await createBatch(lines, { quire_batch: 'qb-1' });
    expect(created).toMatchObject({
      object: 'batch',
      endpoint: '/v1/chat/completions',
      model: null,
      errors: null,
      completion_window: '24h',
      status: 'validating',
      output_file_id: null,
      error_file_id: null,
      in_progress_at: null,
      finalizing_at: null,
      completed_at: null,
      failed_at: null,
      expired_at: null,
      cancelling_at: null,
      cancelled_at: null,
      request_counts: { total: 0, completed: 0, failed: 0 },
      metadata: { quire_batch: 'qb-1' },
    });
    expect(created.id).toMatch(/^batch_[0-9a-f]{32}$/);
    expect(created.expires_at).toBe(created.created_at + 86_400);

    const counts: number[] = [];
    const { batch, seen } = await until(created.id, (b) => (counts.push(b.request_counts?.completed ?? 0), ended(b)));
    // Polling sees the statuses in their order (it may miss a brief one); request_counts only grow.
    const order = ['validating', 'in_progress', 'finalizing', 'completed'];
    const steps = [created.status, ...seen].map((status) => order.indexOf(status));
    expect(steps).not.toContain(-1);
    expect(steps).toEqual([...steps].sort((x, y) => x - y));
    expect(seen[seen.length - 1]).toBe('completed');
    expect(counts).toEqual([...counts].sort((x, y) => x - y));
    expect(batch).toMatchObject({ model: 'gpt-4o-mini', request_counts: { total: 4, completed: 4, failed: 0 }, error_file_id: null, errors: null });
    expect(batch.in_progress_at).toEqual(expect.any(Number));
    expect(batch.finalizing_at).toEqual(expect.any(Number));
    expect(batch.completed_at).toEqual(expect.any(Number));

    const output = await readLines(batch.output_file_id);
    expect([...output.keys()].sort()).toEqual(['a', 'b', 'c', 'd']);
    let promptTokens = 0;
    let completionTokens = 0;
    for (const [customId, out] of output) {
      expect(out).toMatchObject({ custom_id: customId, error: null, response: { status_code: 200 } });
      expect(out.id).toMatch(/^batch_req_[0-9a-f]+$/);
      const response = out.response as { request_id: string; body: Json & { usage: Json; choices: { message: { content: string } }[] } };
      expect(response.request_id).toMatch(/^[0-9a-f]{32}$/);
      conform('CreateChatCompletionResponse', response.body);
      expect(response.body).toMatchObject({ object: 'chat.completion', model: 'gpt-4o-mini' });
      expect(response.body.choices[0].message.content).toContain(`Write about ${customId}`);
      promptTokens += response.body.usage.prompt_tokens as number;
      completionTokens += response.body.usage.completion_tokens as number;
    }
    expect(batch.usage).toEqual({
      input_tokens: promptTokens,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: completionTokens,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: promptTokens + completionTokens,
    });
    const outputFile = conform('OpenAIFile', await client.files.retrieve(batch.output_file_id as string));
    expect(outputFile).toMatchObject({ purpose: 'batch_output', filename: `${batch.id}_output.jsonl` });
    expect(fake.executedLines.map((l) => l.customId).sort()).toEqual(['a', 'b', 'c', 'd']);
    expect(fake.executedLines.every((l) => l.batchId === batch.id && l.model === 'gpt-4o-mini' && l.status === 200)).toBe(true);
    expect(fake.batches.get(batch.id)?.status).toBe('completed');
  });

  it('should spend 10% of batchLatencyMs validating, execute the lines evenly over the next 85%, then finalize for 5%', async () => {
    fake.batchLatencyMs = 1000;
    const created = await createBatch(['a', 'b', 'c', 'd'].map((customId) => line(customId, chatBody(customId))));
    await until(created.id, ended);
    const record = fake.batches.get(created.id)!;
    expect(record.inProgressAt! - record.createdAt).toBeCloseTo(100);
    expect(record.results.map((result) => result.at - record.inProgressAt!)).toEqual([212.5, 425, 637.5, 850].map((at) => expect.closeTo(at)));
    expect(record.finalizingAt).toBe(record.results[3].at);
    expect(record.completedAt! - record.createdAt).toBeCloseTo(1000);
  });

  it('should expire a batch not done 24 hours after its creation', async () => {
    fake.batchScript = [{ hold: true, expireAfter: 0.5 }];
    const created = await createBatch([line('a', chatBody('a')), line('b', chatBody('b'))]);
    await until(created.id, (b) => b.request_counts?.completed === 1);
    const now = Date.now();
    jest.spyOn(Date, 'now').mockReturnValue(now + 86_400_000);
    try {
      const batch = await retrieve(created.id);
      expect(batch).toMatchObject({ status: 'expired', expired_at: created.expires_at, request_counts: { total: 2, completed: 1, failed: 0 } });
      expect([...(await readLines(batch.error_file_id)).keys()]).toEqual(['b']);
    } finally {
      jest.restoreAllMocks();
    }
  });

  it('should keep refused lines in the error file in the chat route words: a parameter the model refuses, failChatWhere, an unknown model', async () => {
    fake.failChatWhere(/PLEASE-FAIL/, 500, 'The server had an error while processing your request. Sorry about that!');
    const created = await createBatch([
      line('ok', chatBody('Fine', 'gpt-5-mini')),
      line('biased', chatBody('Biased', 'gpt-5-mini', { logit_bias: { '50256': -100 } })),
      line('failing', chatBody('PLEASE-FAIL', 'gpt-5-mini')),
    ]);
    const { batch } = await until(created.id, ended);
    expect(batch).toMatchObject({ status: 'completed', model: 'gpt-5-mini', request_counts: { total: 3, completed: 1, failed: 2 } });
    expect([...(await readLines(batch.output_file_id)).keys()]).toEqual(['ok']);
    const errors = await readLines(batch.error_file_id);
    expect(errors.get('biased')).toMatchObject({
      error: null,
      response: {
        status_code: 400,
        body: {
          error: {
            message: "Unsupported parameter: 'logit_bias' is not supported with this model.",
            type: 'invalid_request_error',
            param: 'logit_bias',
            code: 'unsupported_parameter',
          },
        },
      },
    });
    expect(errors.get('failing')).toMatchObject({
      response: {
        status_code: 500,
        body: { error: { message: 'The server had an error while processing your request. Sorry about that!', type: 'api_error' } },
      },
    });
    for (const errorLine of errors.values()) conform('ErrorResponse', (errorLine.response as Json).body);
    expect(conform('OpenAIFile', await client.files.retrieve(batch.error_file_id as string))).toMatchObject({
      purpose: 'batch_output',
      filename: `${batch.id}_error.jsonl`,
    });
    expect(fake.refusals).toEqual([{ model: 'gpt-5-mini', param: 'logit_bias', code: 'unsupported_parameter' }]);
    // The reasoning tokens of the line that was answered count in the batch's usage.
    expect(batch.usage?.output_tokens_details.reasoning_tokens).toBeGreaterThan(0);
    expect(fake.executedLines.map((l) => [l.customId, l.status])).toEqual([
      ['ok', 200],
      ['biased', 400],
      ['failing', 500],
    ]);

    const unknown = await until((await createBatch([line('x', chatBody('Hi', 'gpt-9-imaginary'))])).id, ended);
    expect(unknown.batch).toMatchObject({ status: 'completed', output_file_id: null, request_counts: { total: 1, completed: 0, failed: 1 } });
    expect((await readLines(unknown.batch.error_file_id)).get('x')).toMatchObject({
      response: {
        status_code: 404,
        body: { error: { message: 'The model `gpt-9-imaginary` does not exist or you do not have access to it.', code: 'model_not_found' } },
      },
    });
  });

  it('should leave failNext (no body named) to HTTP chat requests, and keep per-minute limits and chatLatencyMs off batch lines', async () => {
    fake.failNext('POST', /^\/v1\/chat\/completions$/, 503, 'Overloaded');
    fake.chatLatencyMs = 10_000;
    fake.rateLimits = { requestsPerMinute: 1, tokensPerMinute: 10 };
    fake.spendRequests();
    const { batch } = await until((await createBatch([line('a', chatBody('One')), line('b', chatBody('Two'))])).id, ended);
    expect(batch.request_counts).toEqual({ total: 2, completed: 2, failed: 0 });
    expect(await refusal(client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }] }))).toMatchObject({
      status: 503,
      error: { message: 'Overloaded' },
    });
  });

  it('should fail a batch whose input file does not validate, naming each bad line', async () => {
    const created = await createBatch([
      line('a', chatBody('One')),
      line('a', chatBody('Two')),
      line('b', chatBody('Three', 'gpt-4o')),
      line('c', chatBody('Four'), '/v1/embeddings'),
      '{"custom_id": "d", "method": "POST",',
      { method: 'POST', url: '/v1/chat/completions', body: chatBody('Five') },
    ]);
    const { batch } = await until(created.id, ended);
    expect(batch).toMatchObject({
      status: 'failed',
      in_progress_at: null,
      output_file_id: null,
      error_file_id: null,
      request_counts: { total: 0, completed: 0, failed: 0 },
    });
    expect(batch.failed_at).toEqual(expect.any(Number));
    expect(batch.errors?.object).toBe('list');
    expect(batch.errors?.data?.map((e) => [e.code, e.line, e.param])).toEqual([
      ['duplicate_custom_id', 2, 'custom_id'],
      ['mismatched_model', 3, 'body.model'],
      ['mismatched_endpoint', 4, 'url'],
      ['invalid_json_line', 5, null],
      ['missing_required_parameter', 6, 'custom_id'],
    ]);
    expect(batch.errors?.data?.[3].message).toBe('This line is not parseable as valid JSON.');
    expect(batch.errors?.data?.[4].message).toBe("Missing required parameter: 'custom_id'.");
    expect(fake.executedLines).toEqual([]);
  });

  it('should fail a batch of more than 50,000 requests', async () => {
    const lines = Array.from({ length: 50_001 }, (_, i) => line(`r${i}`, chatBody('x')));
    const { batch } = await until((await createBatch(lines)).id, ended);
    expect(batch.status).toBe('failed');
    expect(batch.errors?.data).toEqual([{ code: 'too_many_requests', message: expect.stringContaining('50,000'), param: null, line: null }]);
  });

  it("should fail a batch that would pass the model's enqueued-token limit, counting the earlier batches not yet ended", async () => {
    fake.batchScript = [{ hold: true }];
    const body = chatBody('x'.repeat(4000));
    const perBatch = 2 * Math.ceil(JSON.stringify(body.messages).length / 4);
    fake.enqueuedTokenLimit = Math.floor(perBatch * 1.5);
    const first = await createBatch([line('a', body), line('b', body)]);
    const second = await createBatch([line('a', body), line('b', body)]);
    const otherModel = await createBatch([line('a', { ...body, model: 'gpt-4o' }), line('b', { ...body, model: 'gpt-4o' })]);
    const failed = (await until(second.id, ended)).batch;
    expect(failed).toMatchObject({ status: 'failed', model: 'gpt-4o-mini', output_file_id: null, error_file_id: null });
    expect(failed.errors?.data).toEqual([
      {
        code: 'token_limit_exceeded',
        message: `Enqueued token limit reached for gpt-4o-mini in organization org-fake. Limit: ${fake.enqueuedTokenLimit.toLocaleString('en-US')} enqueued tokens. Please try again once some in_progress batches have been completed.`,
        param: null,
        line: null,
      },
    ]);
    expect(fake.enqueuedTokenLimit.toLocaleString('en-US')).toContain(',');
    expect((await retrieve(first.id)).status).toBe('in_progress');
    fake.releaseBatch(first.id);
    expect((await until(first.id, ended)).batch.status).toBe('completed');
    expect((await until(otherModel.id, ended)).batch.status).toBe('completed');
    // The first batch ended: its tokens are no longer enqueued.
    expect((await until((await createBatch([line('a', body), line('b', body)])).id, ended)).batch.status).toBe('completed');
  });

  it('should expire a scripted batch half done: the executed lines in the output file, the rest batch_expired', async () => {
    fake.batchScript = [{ expireAfter: 0.5 }];
    const { batch } = await until((await createBatch(['a', 'b', 'c', 'd'].map((id) => line(id, chatBody(id))))).id, ended);
    expect(batch).toMatchObject({ status: 'expired', completed_at: null, request_counts: { total: 4, completed: 2, failed: 0 } });
    expect(batch.expired_at).toEqual(expect.any(Number));
    expect([...(await readLines(batch.output_file_id)).keys()]).toEqual(['a', 'b']);
    const expired = await readLines(batch.error_file_id);
    expect([...expired.keys()]).toEqual(['c', 'd']);
    expect(expired.get('c')).toMatchObject({
      response: null,
      error: { code: 'batch_expired', message: 'This request could not be executed before the completion window expired.' },
    });
    expect(fake.executedLines.map((l) => l.customId)).toEqual(['a', 'b']);
    expect(fake.batchScript).toEqual([]);
  });

  it('should expire a batch on expireBatch(id), and run a held one to completion on releaseBatch(id)', async () => {
    fake.batchScript = [{ hold: true }, { hold: true, expireAfter: 0.5 }];
    const held = await createBatch([line('a', chatBody('a')), line('b', chatBody('b'))]);
    const halfHeld = await createBatch(['a', 'b', 'c', 'd'].map((id) => line(id, chatBody(id))));
    await until(held.id, (b) => b.status === 'in_progress');
    await until(halfHeld.id, (b) => b.request_counts?.completed === 2);
    await sleep(fake.batchLatencyMs);
    expect(await retrieve(held.id)).toMatchObject({ status: 'in_progress', request_counts: { completed: 0 } });
    expect(await retrieve(halfHeld.id)).toMatchObject({ status: 'in_progress', request_counts: { completed: 2 } });

    fake.expireBatch(held.id);
    const expired = await retrieve(held.id);
    expect(expired).toMatchObject({ status: 'expired', output_file_id: null });
    expect([...(await readLines(expired.error_file_id)).values()].map((l) => (l.error as Json).code)).toEqual(['batch_expired', 'batch_expired']);
    expect(() => fake.expireBatch(held.id)).toThrow(/already ended/);

    fake.releaseBatch(halfHeld.id);
    const { batch } = await until(halfHeld.id, ended);
    expect(batch).toMatchObject({ status: 'completed', error_file_id: null, request_counts: { total: 4, completed: 4, failed: 0 } });
    expect(fake.executedLines.filter((l) => l.batchId === halfHeld.id).map((l) => l.customId)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('should cancel a held batch: cancelling, then cancelled with the done lines in the output file and the rest batch_cancelled', async () => {
    fake.batchScript = [{ hold: true, expireAfter: 0.5 }];
    const created = await createBatch(['a', 'b', 'c', 'd'].map((id) => line(id, chatBody(id))));
    await until(created.id, (b) => b.request_counts?.completed === 2);
    // The clock stands still while it is cancelled twice (cancelling lasts 5% of batchLatencyMs).
    jest.spyOn(Date, 'now').mockReturnValue(Date.now());
    try {
      const cancelling = conform('Batch', await client.batches.cancel(created.id));
      expect(cancelling).toMatchObject({ status: 'cancelling', cancelled_at: null, output_file_id: null, request_counts: { total: 4, completed: 2 } });
      expect(cancelling.cancelling_at).toEqual(expect.any(Number));
      // Cancelling one that is cancelling answers it as it is.
      expect(conform('Batch', await client.batches.cancel(created.id))).toEqual(cancelling);
    } finally {
      jest.restoreAllMocks();
    }

    const { batch } = await until(created.id, ended);
    expect(batch).toMatchObject({ status: 'cancelled', request_counts: { total: 4, completed: 2, failed: 0 } });
    expect(batch.cancelled_at).toEqual(expect.any(Number));
    expect([...(await readLines(batch.output_file_id)).keys()]).toEqual(['a', 'b']);
    const cancelled = await readLines(batch.error_file_id);
    expect([...cancelled.keys()]).toEqual(['c', 'd']);
    expect(cancelled.get('d')).toMatchObject({
      response: null,
      error: { code: 'batch_cancelled', message: 'This request was not executed because the batch was cancelled.' },
    });
    expect(fake.executedLines.map((l) => l.customId)).toEqual(['a', 'b']);
    expect(await refusal(client.batches.cancel(created.id))).toEqual({
      status: 400,
      error: { message: "Cannot cancel a batch with status 'cancelled'.", type: 'invalid_request_error', param: null, code: null },
    });
  });

  it('should refuse bad create bodies at once, 400 naming the parameter', async () => {
    const inputFileId = await upload([line('a', chatBody('a'))]);
    const tuneFile = await upload([line('a', chatBody('a'))], 'train.jsonl', 'fine-tune');
    const create = (body: Json) => raw('POST', '/batches', { input_file_id: inputFileId, endpoint: '/v1/chat/completions', completion_window: '24h', ...body });
    const cases: [Json, number, Json][] = [
      [
        { input_file_id: undefined },
        400,
        { message: "Missing required parameter: 'input_file_id'.", param: 'input_file_id', code: 'missing_required_parameter' },
      ],
      [{ input_file_id: 'file-x' }, 400, { message: "Invalid 'input_file_id': 'file-x'. File not found.", param: 'input_file_id' }],
      [
        { input_file_id: tuneFile },
        400,
        { message: `File ${tuneFile} has purpose 'fine-tune', but a batch input file must have purpose 'batch'.`, param: 'input_file_id' },
      ],
      [{ endpoint: '/v1/nope' }, 400, { param: 'endpoint', code: 'invalid_value' }],
      [{ endpoint: '/v1/embeddings' }, 400, { param: 'endpoint', code: 'unsupported_by_simulator' }],
      [{ completion_window: '48h' }, 400, { message: "Invalid value: '48h'. Supported values are: '24h'.", param: 'completion_window', code: 'invalid_value' }],
      [{ metadata: Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`k${i}`, 'v'])) }, 400, { param: 'metadata', code: 'object_above_max_properties' }],
      [{ metadata: { ['k'.repeat(65)]: 'v' } }, 400, { param: 'metadata', code: 'string_above_max_length' }],
      [{ metadata: { k: 'v'.repeat(513) } }, 400, { param: 'metadata.k', code: 'string_above_max_length' }],
      [{ metadata: { k: 1 } }, 400, { param: 'metadata.k', code: 'invalid_type' }],
    ];
    for (const [body, status, error] of cases) {
      const answer = await create(body);
      expect({ body, status: answer.status, error: answer.body.error }).toMatchObject({ body, status, error: { type: 'invalid_request_error', ...error } });
      conform('ErrorResponse', answer.body);
    }
    // 16 keys of 64 characters with values of 512 are within the limits.
    const metadata = Object.fromEntries(Array.from({ length: 16 }, (_, i) => [`${i}`.padEnd(64, 'k'), 'v'.repeat(512)]));
    expect((await create({ metadata })).status).toBe(200);
    fake.outOfCredit = true;
    expect(await refusal(client.batches.create({ input_file_id: inputFileId, endpoint: '/v1/chat/completions', completion_window: '24h' }))).toMatchObject({
      status: 429,
      error: { type: 'insufficient_quota', code: 'insufficient_quota' },
    });
    expect(fake.batches.size).toBe(1);
  });

  it('should answer 404 for a batch it does not have', async () => {
    for (const call of [client.batches.retrieve('batch_nope'), client.batches.cancel('batch_nope')]) {
      expect(await refusal(call)).toEqual({
        status: 404,
        error: { message: "No batch found with id 'batch_nope'.", type: 'invalid_request_error', param: null, code: null },
      });
    }
  });

  it('should list batches newest first, paged by after and limit', async () => {
    fake.batchLatencyMs = 60_000;
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await createBatch([line('a', chatBody(`${i}`))])).id);
    const newest = [...ids].reverse();
    const first = await raw('GET', '/batches?limit=2');
    conform('ListBatchesResponse', first.body);
    expect(first.body).toMatchObject({ object: 'list', first_id: newest[0], last_id: newest[1], has_more: true });
    expect((first.body.data as Batch[]).map((b) => b.id)).toEqual(newest.slice(0, 2));
    const page = await client.batches.list({ limit: 2, after: newest[1] });
    expect(page.data.map((b) => b.id)).toEqual(newest.slice(2, 4));
    expect(page.has_more).toBe(true);
    const all: string[] = [];
    for await (const batch of client.batches.list({ limit: 2 })) all.push(conform('Batch', batch).id);
    expect(all).toEqual(newest);
    const last = await raw('GET', `/batches?after=${newest[4]}`);
    conform('ListBatchesResponse', last.body);
    expect(last.body).toMatchObject({ data: [], has_more: false, first_id: null, last_id: null });
    expect((await raw('GET', '/batches')).body.data).toHaveLength(5);
    expect(await raw('GET', '/batches?limit=0')).toMatchObject({ status: 400, body: { error: { param: 'limit', code: 'integer_below_min_value' } } });
    expect(await raw('GET', '/batches?limit=101')).toMatchObject({ status: 400, body: { error: { param: 'limit', code: 'integer_above_max_value' } } });
  });

  it('should take the batch settings through /__fake/config, and reset them', async () => {
    const config = (body: Json) => fetch(`${fake.url}/__fake/config`, { method: 'POST', body: JSON.stringify(body) });
    await config({ batchLatencyMs: 50, enqueuedTokenLimit: 1234, batchScript: [{ hold: true }] });
    expect([fake.batchLatencyMs, fake.enqueuedTokenLimit, fake.batchScript]).toEqual([50, 1234, [{ hold: true }]]);
    const held = await createBatch([line('a', chatBody('a'))]);
    await until(held.id, (b) => b.status === 'in_progress');
    await config({ releaseBatch: held.id });
    expect((await until(held.id, ended)).batch.status).toBe('completed');
    await fetch(`${fake.url}/__fake/reset`, { method: 'POST' });
    expect([fake.batchLatencyMs, fake.enqueuedTokenLimit, fake.batchScript, fake.batches.size, fake.executedLines.length]).toEqual([300, 2_000_000, [], 0, 0]);
  });
});
