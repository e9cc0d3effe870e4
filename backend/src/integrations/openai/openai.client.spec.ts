import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import { createOutcomeUnknown } from './openai-fine-tuning';
import { openAiError, quotaAwareFetch } from './openai.client';

const apiError = (status: number, body: object) => APIError.generate(status, { error: body }, undefined, new Headers());
const QUOTA = {
  message: 'You exceeded your current quota, please check your plan and billing details.',
  type: 'insufficient_quota',
  param: null,
  code: 'insufficient_quota',
};

describe('openAiError', () => {
  it("should keep OpenAI's status and its own message", () => {
    const error = openAiError(new APIError(400, { message: 'Invalid model' }, undefined, new Headers()), 'write a section');
    expect(error.message).toBe('OpenAI: could not write a section: Invalid model');
    expect(error.upstreamStatus).toBe(400);
  });

  it('should say only that OpenAI could not be reached when no answer came', () => {
    const echo = new TypeError('Headers.append: "Bearer sk-abc\u0000defSECRET" is an invalid header value.');
    expect(openAiError(echo, 'check the key').message).toBe('OpenAI: could not be reached to check the key: the request could not be sent.');
    expect(openAiError(new APIConnectionError({ cause: Object.assign(new Error('x'), { code: 'ENOTFOUND' }) }), 'check the key').message).toBe(
      'OpenAI: could not be reached to check the key: the connection failed (ENOTFOUND).',
    );
  });

  it('should say the account is out of credit when OpenAI answers 429 insufficient_quota, not to try again in a minute', () => {
    const error = openAiError(apiError(429, QUOTA), 'write section "Intro"');
    expect(error.message).toBe(
      'OpenAI: could not write section "Intro": the OpenAI account of this key is out of credit (insufficient_quota). Add credit or raise the budget under Billing at platform.openai.com, then try again. OpenAI said: You exceeded your current quota, please check your plan and billing details.',
    );
    expect(error.message).not.toContain('minute');
  });

  it('should still call a passing 429 a rate limit', () => {
    const error = openAiError(apiError(429, { message: 'Rate limit reached for gpt-4o', type: 'requests', code: 'rate_limit_exceeded' }), 'write a section');
    expect(error.message).toBe('OpenAI: is rate-limiting this key (write a section); try again in a minute.');
  });
});

describe('quotaAwareFetch', () => {
  let server: Server;
  let url: string;
  let answer: { status: number; body: object };

  beforeAll(async () => {
    server = createServer((_req, res) => {
      res.writeHead(answer.status, { 'content-type': 'application/json', 'retry-after': '1' });
      res.end(JSON.stringify(answer.body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('should tell the SDK not to retry an answer saying the account is out of credit', async () => {
    answer = { status: 429, body: { error: QUOTA } };
    const response = await quotaAwareFetch(url);
    expect(response.headers.get('x-should-retry')).toBe('false');
    expect(response.headers.get('retry-after')).toBe('1');
    expect(await response.json()).toEqual({ error: QUOTA });
  });

  it('should leave a rate limit and any other answer as they came', async () => {
    answer = { status: 429, body: { error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' } } };
    expect((await quotaAwareFetch(url)).headers.get('x-should-retry')).toBeNull();
    answer = { status: 200, body: { ok: true } };
    expect(await (await quotaAwareFetch(url)).json()).toEqual({ ok: true });
  });
});

describe('createOutcomeUnknown', () => {
  it.each([
    ['a timeout', new APIConnectionTimeoutError(), true],
    ['a dropped connection', new APIConnectionError({ cause: new Error('socket hang up') }), true],
    ['a 500', apiError(500, { message: 'The server had an error' }), true],
    ['a lock timeout (409)', apiError(409, { message: 'conflict' }), true],
    ['a passing rate limit', apiError(429, { message: 'Rate limit reached', code: 'rate_limit_exceeded' }), true],
    ['an account out of credit', apiError(429, QUOTA), false],
    ['a refusal (400)', apiError(400, { message: 'Model gpt-5 is not available for fine-tuning or does not exist.' }), false],
    ['a refused key (401)', apiError(401, { message: 'Incorrect API key provided.' }), false],
    ['no access (403)', apiError(403, { message: 'You have been denied access to fine-tuning.' }), false],
  ])('should tell whether the job may exist after %s', (_case, error, unknown) => {
    expect(createOutcomeUnknown(error)).toBe(unknown);
  });
});
