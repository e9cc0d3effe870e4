import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { HttpFake, json, RecordedRequest } from './http-fake';
import { AnthropicMessageBatches, BATCH_MAX_BYTES, BATCH_MAX_REQUESTS, MessageBatchRecord, MessageBatchScript, ProcessedRequest } from './anthropic-batches';
import { ChatTurn, promptTokens, writtenText } from './written-text';

/** One model as Anthropic's `GET /v1/models` lists it. */
export interface AnthropicModel {
  id: string;
  display_name: string;
  /** RFC 3339: when Anthropic released it (the listing is newest first). */
  created_at: string;
  /**
   * The most `max_tokens` may ask of it (Anthropic's ModelInfo `max_tokens`, listed by `GET /v1/models`;
   * null there when unset); a message asking more is refused.
   */
  max_tokens?: number;
}

/**
 * A lineup as Anthropic listed one in late 2026 (newest first), with each model's output limit;
 * a test may give the key another.
 */
export const ANTHROPIC_MODELS: readonly AnthropicModel[] = [
  { id: 'claude-opus-4-6', display_name: 'Claude Opus 4.6', created_at: '2026-02-04T00:00:00Z', max_tokens: 128000 },
  { id: 'claude-sonnet-4-6', display_name: 'Claude Sonnet 4.6', created_at: '2026-01-20T00:00:00Z', max_tokens: 64000 },
  { id: 'claude-opus-4-5-20251101', display_name: 'Claude Opus 4.5', created_at: '2025-11-01T00:00:00Z', max_tokens: 64000 },
  { id: 'claude-haiku-4-5-20251001', display_name: 'Claude Haiku 4.5', created_at: '2025-10-01T00:00:00Z', max_tokens: 64000 },
  { id: 'claude-sonnet-4-5-20250929', display_name: 'Claude Sonnet 4.5', created_at: '2025-09-29T00:00:00Z', max_tokens: 64000 },
];

/** How long a batch takes unless a test says otherwise: its requests processed over it, evenly. */
const DEFAULT_BATCH_LATENCY_MS = 300;
/** The API versions the fake takes in `anthropic-version`: the first, the long-lived one, and the newest (the SDK's). */
const VERSIONS = ['2023-01-01', '2023-06-01', '2026-10-21'];
/** The key the fake accepts unless a test gives it another. */
export const ANTHROPIC_TEST_KEY = 'sk-ant-api03-quire-fake-key-0000';
/** The API version that removed `temperature`, `top_p` and `top_k` from the Messages API (any value is an extra input there). */
const SAMPLING_REMOVED_IN = '2026-10-21';
/** The body fields `POST /v1/messages` takes under 2026-10-21 (@anthropic-ai/sdk 1.14's MessageCreateParams; the rest are headers). */
const MESSAGE_FIELDS = [
  'model',
  'max_tokens',
  'messages',
  'system',
  'metadata',
  'stop_sequences',
  'stream',
  'thinking',
  'output_config',
  'tools',
  'tool_choice',
  'service_tier',
  'speed',
  'inference_geo',
  'container',
  'cache_control',
  'diagnostics',
];
/** The body fields `POST /v1/messages/count_tokens` takes (@anthropic-ai/sdk 1.x's MessageCountTokensParams): a message's, less `max_tokens` and what only a made message takes. */
const COUNT_FIELDS = ['model', 'messages', 'system', 'thinking', 'output_config', 'tools', 'tool_choice', 'speed', 'cache_control'];
/** What the older versions (2023-01-01, 2023-06-01) take besides: the sampling parameters. */
const SAMPLING_FIELDS = ['temperature', 'top_p', 'top_k'];
const EFFORTS = ['low', 'medium', 'high', 'xhigh', 'max'];
/** The effort a request that names none is answered at (Anthropic's default). */
const DEFAULT_EFFORT = 'high';
/** Tokens the fake thinks for, by effort (counted in output_tokens and output_tokens_details.thinking_tokens, as Anthropic counts them). */
const THINKING_TOKENS: Record<string, number> = { low: 16, medium: 48, high: 96, xhigh: 160, max: 240 };
const THINKING_TYPES = ['enabled', 'disabled', 'adaptive', 'between_tools'];
const DEFAULT_EFFORT_REFUSED = ['claude-haiku-4-5-20251001', 'claude-sonnet-4-5-20250929'];
/** The extended-thinking pages Anthropic's refusals point to. */
const THINKING_DOCS = 'https://platform.claude.com/docs/en/build-with-claude/extended-thinking';
const BUDGET_DOCS = 'https://docs.claude.com/en/docs/build-with-claude/extended-thinking#max-tokens-and-context-window-size';

/** A model as `GET /v1/models` lists it: ModelInfo's `max_tokens` is null where the fake knows no limit. */
const listed = (model: AnthropicModel) => ({ type: 'model', ...model, max_tokens: model.max_tokens ?? null });

/** A refusal of a message request, in Anthropic's terms. */
interface Refusal {
  status: number;
  type: string;
  message: string;
}
const invalid = (message: string): Refusal => ({ status: 400, type: 'invalid_request_error', message });
const given = (value: unknown) => value !== undefined && value !== null;
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
/** A message's or the system prompt's text: a string, or its text blocks joined. */
const textOf = (content: unknown): string =>
  typeof content === 'string' ? content : Array.isArray(content) ? content.map((block: { text?: unknown }) => String(block.text ?? '')).join('\n') : '';

/**
 * Anthropic's HTTP API as far as Quire uses it — the key's model list, read page by page, and
 * Messages (`POST /v1/messages`, never streamed) — for the real `@anthropic-ai/sdk` pointed here with
 * ANTHROPIC_BASE_URL=<url>. It refuses as Anthropic does, in its error shape
 * `{type:"error", error:{type, message}, request_id}` with a `request-id` header: a missing or wrong
 * key, in `x-api-key` or `Authorization: Bearer` (401 authentication_error), a missing or unknown
 * `anthropic-version` (400 invalid_request_error), a `limit` outside 1–1000, an unknown model or path
 * (404 not_found_error); and it can be overloaded (529 overloaded_error) or rate-limited (429 with `retry-after`).
 *
 * A message request is checked in this order, each refusal a 400 invalid_request_error in
 * Anthropic's words unless said: a body field the version does not take (`<field>: Extra inputs are
 * not permitted` — under 2026-10-21, the version SDK 1.x sends, `temperature`, `top_p` and `top_k` are
 * such fields, at any value); `model`, `max_tokens`, `messages` missing, `max_tokens` not an integer
 * ≥ 0 (0 only warms the prompt cache: the answer has no content); a model the key does not list (404
 * not_found_error `model: <id>`); the messages (none, a `system` role — the system prompt goes in
 * top-level `system` —, another role, a first message not `user`, empty content, blocks other than
 * text); `max_tokens` above the model's output limit; under the older versions `temperature` or
 * `top_p` outside 0–1, `top_k` below 0, and any of the three for a model in `samplingRefused`
 * ("`temperature` is deprecated for this model."); an unknown `output_config.effort`, or any effort
 * for a model in `effortRefused`; a malformed `thinking`, a `budget_tokens` below 1,024 or not below
 * `max_tokens`, thinking with a `temperature` other than 1; and `stream: true`, which the fake does
 * not simulate. The answer is a `message` whose text block is written as every simulator writes
 * (written-text.ts), after a `thinking` block when thinking is adaptive or enabled, with its prompt's
 * `usage` counted by promptTokens and what it wrote at four characters a token (thinking tokens counted in output_tokens), cut at a stop sequence or at `max_tokens`.
 *
 * `POST /v1/messages/count_tokens` takes a message request's body less `max_tokens` (any field it
 * does not take is an extra input), refuses an unknown model and malformed messages as a message
 * request does, and answers `{input_tokens}` as the message's usage would count them
 * (written-text.ts's promptTokens, as for a message's `usage.input_tokens`).
 *
 * Message Batches (`/v1/messages/batches*`) are anthropic-batches.ts's: each request of a batch is
 * checked and answered by the same code as `POST /v1/messages`, as a result when its batch ends.
 */
export class AnthropicFake extends HttpFake {
  /** The only key the fake accepts; the reset brings this one back. */
  apiKey = ANTHROPIC_TEST_KEY;
  /** What the key may use, newest first. */
  models: AnthropicModel[] = [...ANTHROPIC_MODELS];
  /** The most a page holds whatever `limit` asks (Anthropic's is 1000): a test lowers it to make the listing span pages. */
  pageCap = 1000;
  /**
   * Models that refuse `temperature`, `top_p` and `top_k` at any value under the API versions that
   * still take them (Opus 4.7 and later do); none of the default lineup does, so a test that lists
   * such a model adds it here.
   */
  samplingRefused = new Set<string>();
  /** Models that do not take `output_config.effort` (effort came with Opus 4.5: Haiku 4.5 and Sonnet 4.5 refuse it). */
  effortRefused = new Set<string>(DEFAULT_EFFORT_REFUSED);
  /** How long each message answer takes, after its checks. */
  chatLatencyMs = 0;
  /** The next n message requests that name words to avoid ignore that instruction (a model that slips). */
  disobeyAvoidWords = 0;
  /** How long a new batch takes from its creation to its end, its requests processed evenly over it. */
  batchLatencyMs = DEFAULT_BATCH_LATENCY_MS;
  /** The most requests and bytes one batch may hold (Anthropic's 100,000 and 256 MB): a test lowers them. */
  batchMaxRequests = BATCH_MAX_REQUESTS;
  batchMaxBytes = BATCH_MAX_BYTES;
  /** What the next created batches do: each takes the first entry (expire part-way, or be held until releaseBatch). */
  batchScript: MessageBatchScript[] = [];
  /** The next batch create makes the batch, then loses the answer: the connection drops, or a 500 comes back. */
  loseNextBatchCreate: 'drop' | 'error' | null = null;
  private failures: { path: RegExp; status: number; type: string; message: string; times: number; headers: Record<string, string> }[] = [];
  /** The Message Batches API (anthropic-batches.ts). */
  private readonly batchApi: AnthropicMessageBatches;

  constructor() {
    super(
      (req, res) => this.route(req, res),
      (res) => this.error(res, 400, 'invalid_request_error', 'There was an issue with the format of the request.'),
    );
    this.batchApi = new AnthropicMessageBatches({
      baseUrl: () => this.url,
      settings: () => ({ latencyMs: this.batchLatencyMs, maxRequests: this.batchMaxRequests, maxBytes: this.batchMaxBytes }),
      nextScript: () => this.batchScript.shift(),
      loseCreate: () => {
        const lose = this.loseNextBatchCreate;
        this.loseNextBatchCreate = null;
        return lose;
      },
      runMessage: (params, version) => this.runMessage(params, version),
      error: (res, status, type, message) => this.error(res, status, type, message),
    });
  }

  /** Every batch, worked out up to now, by id in creation order. */
  get batches(): ReadonlyMap<string, MessageBatchRecord> {
    this.batchApi.advance();
    return this.batchApi.records;
  }

  /** Every batch request processed (a succeeded one is a paid request) since the last reset, up to now, in order. */
  get processedRequests(): readonly ProcessedRequest[] {
    this.batchApi.advance();
    return this.batchApi.processed;
  }

  /** The batch ends now as at the end of its 24 hours: the requests processed so far are kept, the rest `expired`. */
  expireBatch(batchId: string): void {
    this.batchApi.expire(batchId);
  }

  /** A batch held by its batchScript entry continues from now, and ends. */
  releaseBatch(batchId: string): void {
    this.batchApi.release(batchId);
  }

  /** The next `times` batch requests whose params match `pattern` are errored with this error (an api_error, say). */
  failBatchRequestsWhere(pattern: RegExp, type: string, message: string, times = 1): void {
    this.batchApi.failRequestsWhere(pattern, type, message, times);
  }

  get baseUrl(): string {
    return this.url;
  }

  reset(): void {
    this.apiKey = ANTHROPIC_TEST_KEY;
    this.models = [...ANTHROPIC_MODELS];
    this.pageCap = 1000;
    this.samplingRefused = new Set<string>();
    this.effortRefused = new Set<string>(DEFAULT_EFFORT_REFUSED);
    this.chatLatencyMs = 0;
    this.disobeyAvoidWords = 0;
    this.batchLatencyMs = DEFAULT_BATCH_LATENCY_MS;
    this.batchMaxRequests = BATCH_MAX_REQUESTS;
    this.batchMaxBytes = BATCH_MAX_BYTES;
    this.batchScript = [];
    this.loseNextBatchCreate = null;
    this.batchApi.reset();
    this.failures = [];
    this.requests.length = 0;
  }

  /** The next `times` requests to a path matching `path` answer this error (529 overloaded_error, 429 rate_limit_error, …). */
  failNext(path: RegExp, status: number, type: string, message: string, times = 1, headers: Record<string, string> = {}): void {
    this.failures.push({ path, status, type, message, times, headers });
  }

  private error(res: ServerResponse, status: number, type: string, message: string, headers: Record<string, string> = {}): void {
    const requestId = `req_${randomBytes(12).toString('hex')}`;
    json(res, status, { type: 'error', error: { type, message }, request_id: requestId }, { 'request-id': requestId, ...headers });
  }

  private route(req: RecordedRequest, res: ServerResponse): void | Promise<void> {
    // A key goes in `x-api-key` or, as the official SDK sends it since 1.x, as a bearer token.
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const key = req.headers['x-api-key'] ?? bearer;
    if (typeof key !== 'string' || key === '') return this.error(res, 401, 'authentication_error', 'x-api-key header is required');
    if (key !== this.apiKey) return this.error(res, 401, 'authentication_error', 'invalid x-api-key');
    const version = req.headers['anthropic-version'];
    if (typeof version !== 'string' || version === '') return this.error(res, 400, 'invalid_request_error', 'anthropic-version: header is required');
    if (!VERSIONS.includes(version)) return this.error(res, 400, 'invalid_request_error', `anthropic-version: unknown version "${version}"`);
    const failure = this.failures.find((f) => f.times > 0 && f.path.test(req.path));
    if (failure) {
      failure.times--;
      return this.error(res, failure.status, failure.type, failure.message, failure.headers);
    }
    const requestId = { 'request-id': `req_${randomBytes(12).toString('hex')}` };
    if (req.method === 'POST' && req.path === '/v1/messages') return this.messages(req, res, version, requestId);
    if (req.method === 'POST' && req.path === '/v1/messages/count_tokens') return this.countTokens(req, res, requestId);
    if (this.batchApi.route(req, res, version, requestId)) return;
    if (req.method === 'GET' && req.path === '/v1/models') return this.list(req, res, requestId);
    const one = /^\/v1\/models\/([^/]+)$/.exec(req.path);
    if (req.method === 'GET' && one) {
      const model = this.models.find((m) => m.id === decodeURIComponent(one[1]));
      if (!model) return this.error(res, 404, 'not_found_error', `model: ${decodeURIComponent(one[1])}`);
      return json(res, 200, listed(model), requestId);
    }
    return this.error(res, 404, 'not_found_error', 'Not Found');
  }

  /** A page of the listing: `limit` (default 20, 1–1000) models after `after_id` or before `before_id`. */
  private list(req: RecordedRequest, res: ServerResponse, headers: Record<string, string>): void {
    const limitText = req.query.get('limit');
    const limit = limitText === null ? 20 : Number(limitText);
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000) {
      return this.error(res, 400, 'invalid_request_error', 'limit: Input should be greater than or equal to 1 and less than or equal to 1000');
    }
    const size = Math.min(limit, this.pageCap);
    const after = req.query.get('after_id');
    const before = req.query.get('before_id');
    let page: AnthropicModel[];
    if (before !== null) {
      const at = this.models.findIndex((m) => m.id === before);
      if (at < 0) return this.error(res, 400, 'invalid_request_error', `before_id: no model ${before}`);
      page = this.models.slice(Math.max(0, at - size), at);
    } else {
      const at = after === null ? 0 : this.models.findIndex((m) => m.id === after) + 1;
      if (after !== null && at === 0) return this.error(res, 400, 'invalid_request_error', `after_id: no model ${after}`);
      page = this.models.slice(at, at + size);
    }
    const first = page[0]?.id ?? null;
    const last = page[page.length - 1]?.id ?? null;
    const index = last === null ? -1 : this.models.findIndex((m) => m.id === (before !== null ? first : last));
    const hasMore = before !== null ? index > 0 : last !== null && index < this.models.length - 1;
    json(res, 200, { data: page.map(listed), has_more: hasMore, first_id: first, last_id: last }, headers);
  }

  /** `POST /v1/messages`: checked in Anthropic's order (see the class comment), then answered after chatLatencyMs. */
  private async messages(req: RecordedRequest, res: ServerResponse, version: string, headers: Record<string, string>): Promise<void> {
    const answer = this.runMessage(JSON.parse(req.body || '{}'), version);
    if (!answer.body) return this.error(res, answer.status, answer.type, answer.message);
    if (this.chatLatencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.chatLatencyMs));
    json(res, 200, answer.body, headers);
  }

  /**
   * `POST /v1/messages/count_tokens`: a message request's body without `max_tokens` (and the other
   * fields only a message made takes), checked as a message is; answers `{input_tokens}`, counted as
   * the message's usage would count it.
   */
  private countTokens(req: RecordedRequest, res: ServerResponse, headers: Record<string, string>): void {
    const body: unknown = JSON.parse(req.body || '{}');
    if (!isObject(body)) return this.error(res, 400, 'invalid_request_error', 'There was an issue with the format of the request.');
    const refusal = this.countRefusal(body);
    if (refusal) return this.error(res, refusal.status, refusal.type, refusal.message);
    const texts = [given(body.system) ? textOf(body.system) : '', ...(body.messages as { content: unknown }[]).map((m) => textOf(m.content))];
    json(res, 200, { input_tokens: promptTokens(texts) }, headers);
  }

  /** Why Anthropic would refuse this count request, or null. */
  private countRefusal(body: Record<string, unknown>): Refusal | null {
    const extra = Object.keys(body).find((key) => !COUNT_FIELDS.includes(key));
    if (extra !== undefined) return invalid(`${extra}: Extra inputs are not permitted`);
    for (const field of ['model', 'messages']) if (body[field] === undefined) return invalid(`${field}: Field required`);
    if (typeof body.model !== 'string') return invalid('model: Input should be a valid string');
    if (!this.models.some((m) => m.id === body.model)) return { status: 404, type: 'not_found_error', message: `model: ${body.model}` };
    return this.messagesRefusal(body.messages) ?? this.systemRefusal(body.system) ?? this.effortRefusal(body.output_config, body.model);
  }

  /** A message request's body answered under `version`: the message, or Anthropic's refusal of it. */
  private runMessage(body: unknown, version: string): { status: number; type: string; message: string; body?: Record<string, unknown> } {
    if (!isObject(body)) return { ...invalid('There was an issue with the format of the request.') };
    const refusal = this.messageRefusal(body, version);
    if (refusal) return refusal;
    return { status: 200, type: 'message', message: '', body: this.answer(body) };
  }

  /** Why Anthropic would refuse this message request, or null. */
  private messageRefusal(body: Record<string, unknown>, version: string): Refusal | null {
    const fields = version === SAMPLING_REMOVED_IN ? MESSAGE_FIELDS : [...MESSAGE_FIELDS, ...SAMPLING_FIELDS];
    const extra = Object.keys(body).find((key) => !fields.includes(key));
    if (extra !== undefined) return invalid(`${extra}: Extra inputs are not permitted`);
    for (const field of ['model', 'max_tokens', 'messages']) if (body[field] === undefined) return invalid(`${field}: Field required`);
    if (typeof body.model !== 'string') return invalid('model: Input should be a valid string');
    if (typeof body.max_tokens !== 'number' || !Number.isInteger(body.max_tokens)) return invalid('max_tokens: Input should be a valid integer');
    if (body.max_tokens < 0) return invalid('max_tokens: Input should be greater than or equal to 0');
    const model = this.models.find((m) => m.id === body.model);
    if (!model) return { status: 404, type: 'not_found_error', message: `model: ${body.model}` };
    const messages = this.messagesRefusal(body.messages) ?? this.systemRefusal(body.system);
    if (messages) return messages;
    if (model.max_tokens !== undefined && body.max_tokens > model.max_tokens)
      return invalid(`max_tokens: ${body.max_tokens} > ${model.max_tokens}, which is the maximum allowed number of output tokens for ${model.id}`);
    if (given(body.stop_sequences) && (!Array.isArray(body.stop_sequences) || body.stop_sequences.some((s) => typeof s !== 'string')))
      return invalid('stop_sequences: Input should be a valid list of strings');
    const sampling = this.samplingRefusal(body, model.id);
    if (sampling) return sampling;
    const effort = this.effortRefusal(body.output_config, model.id);
    if (effort) return effort;
    const thinking = this.thinkingRefusal(body.thinking, body.max_tokens, body.temperature);
    if (thinking) return thinking;
    if (body.stream === true)
      return invalid('stream: the Anthropic simulator does not stream (Quire never asks for a stream); leave `stream` out or send false.');
    return null;
  }

  /** The messages: a non-empty list of user and assistant turns, the first a user's, each with text. */
  private messagesRefusal(messages: unknown): Refusal | null {
    if (!Array.isArray(messages)) return invalid('messages: Input should be a valid list');
    if (messages.length === 0) return invalid('messages: at least one message is required');
    for (const [i, message] of messages.entries()) {
      if (!isObject(message)) return invalid(`messages.${i}: Input should be a valid dictionary`);
      if (message.role === 'system')
        return invalid('messages: Unexpected role "system". The Messages API accepts a top-level `system` parameter, not "system" as an input message role.');
      if (message.role !== 'user' && message.role !== 'assistant') return invalid(`messages.${i}.role: Input should be 'user' or 'assistant'`);
    }
    if (messages[0].role !== 'user') return invalid('messages: first message must use the "user" role');
    for (const [i, message] of messages.entries()) {
      const content: unknown = message.content;
      const finalAssistant = i === messages.length - 1 && message.role === 'assistant';
      if (typeof content === 'string' || (Array.isArray(content) && content.length === 0)) {
        if (content.length === 0 && !finalAssistant)
          return invalid(`messages.${i}: all messages must have non-empty content except for the optional final assistant message`);
        continue;
      }
      if (!Array.isArray(content)) return invalid(`messages.${i}.content: Input should be a valid string or a list of content blocks`);
      const blocks = this.textBlocksRefusal(content, `messages.${i}.content`, 'messages');
      if (blocks) return blocks;
    }
    return null;
  }

  /** The system prompt: a string, or a list of text blocks. */
  private systemRefusal(system: unknown): Refusal | null {
    if (!given(system) || typeof system === 'string') return null;
    if (!Array.isArray(system)) return invalid('system: Input should be a valid string or a list of text blocks');
    return this.textBlocksRefusal(system, 'system', 'system');
  }

  /** Blocks the fake reads: text blocks with text (Anthropic takes images, documents and more; Quire sends none). */
  private textBlocksRefusal(blocks: unknown[], at: string, field: string): Refusal | null {
    for (const [j, block] of blocks.entries()) {
      if (!isObject(block)) return invalid(`${at}.${j}: Input should be a valid dictionary`);
      if (block.type !== 'text') return invalid(`${at}.${j}: the Anthropic simulator takes only "text" blocks, not ${JSON.stringify(block.type ?? null)}`);
      if (typeof block.text !== 'string') return invalid(`${at}.${j}.text: Input should be a valid string`);
      if (block.text === '') return invalid(`${field}: text content blocks must be non-empty`);
    }
    return null;
  }

  /** `temperature`, `top_p`, `top_k` (only the older versions get here with them): their ranges, and the models that refuse them. */
  private samplingRefusal(body: Record<string, unknown>, model: string): Refusal | null {
    for (const field of ['temperature', 'top_p']) {
      const value = body[field];
      if (!given(value)) continue;
      if (typeof value !== 'number') return invalid(`${field}: Input should be a valid number`);
      if (value < 0) return invalid(`${field}: Input should be greater than or equal to 0`);
      if (value > 1) return invalid(`${field}: Input should be less than or equal to 1`);
    }
    if (given(body.top_k)) {
      if (typeof body.top_k !== 'number' || !Number.isInteger(body.top_k)) return invalid('top_k: Input should be a valid integer');
      if (body.top_k < 0) return invalid('top_k: Input should be greater than or equal to 0');
    }
    const sent = SAMPLING_FIELDS.find((field) => given(body[field]));
    if (sent && this.samplingRefused.has(model)) return invalid(`\`${sent}\` is deprecated for this model.`);
    return null;
  }

  /** `output_config`: an effort among Anthropic's, for a model that takes one. */
  private effortRefusal(config: unknown, model: string): Refusal | null {
    if (!given(config)) return null;
    if (!isObject(config)) return invalid('output_config: Input should be a valid dictionary or object to extract fields from');
    const extra = Object.keys(config).find((key) => key !== 'effort' && key !== 'format');
    if (extra !== undefined) return invalid(`output_config.${extra}: Extra inputs are not permitted`);
    if (!given(config.effort)) return null;
    if (!EFFORTS.includes(String(config.effort)) || typeof config.effort !== 'string')
      return invalid(
        `output_config.effort: Input should be ${EFFORTS.map((e) => `'${e}'`)
          .join(', ')
          .replace(/, ([^,]+)$/, ' or $1')}`,
      );
    if (this.effortRefused.has(model)) return invalid('This model does not support the effort parameter.');
    return null;
  }

  /** `thinking`: one of its types, a manual budget of at least 1,024 below max_tokens, and no temperature but 1 beside it. */
  private thinkingRefusal(thinking: unknown, maxTokens: number, temperature: unknown): Refusal | null {
    if (!given(thinking)) return null;
    if (!isObject(thinking)) return invalid('thinking: Input should be a valid dictionary or object to extract fields from');
    if (typeof thinking.type !== 'string' || !THINKING_TYPES.includes(thinking.type))
      return invalid(
        `thinking: Input tag ${JSON.stringify(thinking.type ?? null)} found using 'type' does not match any of the expected tags: ${THINKING_TYPES.map((t) => `'${t}'`).join(', ')}`,
      );
    const allowed = thinking.type === 'enabled' ? ['type', 'budget_tokens', 'display'] : thinking.type === 'adaptive' ? ['type', 'display'] : ['type'];
    const extra = Object.keys(thinking).find((key) => !allowed.includes(key));
    if (extra !== undefined) return invalid(`thinking.${thinking.type}.${extra}: Extra inputs are not permitted`);
    if (given(thinking.display) && thinking.display !== 'summarized' && thinking.display !== 'omitted')
      return invalid(`thinking.${thinking.type}.display: Input should be 'summarized' or 'omitted'`);
    if (thinking.type === 'enabled') {
      const budget = thinking.budget_tokens;
      if (budget === undefined) return invalid('thinking.enabled.budget_tokens: Field required');
      if (typeof budget !== 'number' || !Number.isInteger(budget)) return invalid('thinking.enabled.budget_tokens: Input should be a valid integer');
      if (budget < 1024) return invalid('thinking.enabled.budget_tokens: Input should be greater than or equal to 1024');
      if (budget >= maxTokens)
        return invalid(`\`max_tokens\` must be greater than \`thinking.budget_tokens\`. Please consult our documentation at ${BUDGET_DOCS}`);
    }
    if ((thinking.type === 'enabled' || thinking.type === 'adaptive') && given(temperature) && temperature !== 1)
      return invalid(`\`temperature\` may only be set to 1 when thinking is enabled or in adaptive mode. Please consult our documentation at ${THINKING_DOCS}`);
    return null;
  }

  /** The `message` Anthropic answers a request that passed its checks with. */
  private answer(body: Record<string, unknown>): Record<string, unknown> {
    const model = String(body.model);
    const maxTokens = body.max_tokens as number;
    const turns: ChatTurn[] = (body.messages as { role: string; content: unknown }[]).map((m) => ({ role: m.role, content: textOf(m.content) }));
    const system = given(body.system) ? textOf(body.system) : undefined;
    const thinking = isObject(body.thinking) ? body.thinking : null;
    const thinks = thinking?.type === 'enabled' || thinking?.type === 'adaptive';
    const effort = isObject(body.output_config) && typeof body.output_config.effort === 'string' ? body.output_config.effort : DEFAULT_EFFORT;
    const budget = thinking?.type === 'enabled' ? (thinking.budget_tokens as number) : Infinity;
    const thinkingTokens = thinks ? Math.min(THINKING_TOKENS[effort] ?? 0, budget, maxTokens) : 0;
    let text = writtenText(model, turns, { instructions: system, disobey: () => this.slipsAvoidWords() });
    let stopReason = 'end_turn';
    let stopSequence: string | null = null;
    const stops = (body.stop_sequences as string[] | undefined) ?? [];
    const stopAt = stops
      .map((sequence) => ({ sequence, at: text.indexOf(sequence) }))
      .filter((s) => s.sequence !== '' && s.at >= 0)
      .sort((a, b) => a.at - b.at)[0];
    if (stopAt) {
      text = text.slice(0, stopAt.at);
      stopReason = 'stop_sequence';
      stopSequence = stopAt.sequence;
    }
    const room = maxTokens - thinkingTokens;
    if (Math.ceil(text.length / 4) > room) {
      text = text.slice(0, room * 4);
      stopReason = 'max_tokens';
      stopSequence = null;
    }
    const content: Record<string, unknown>[] = [];
    if (thinkingTokens > 0)
      content.push({
        type: 'thinking',
        thinking:
          thinking?.display === 'omitted'
            ? ''
            : `The request asks ${model} to write: ${String(turns.findLast((t) => t.role === 'user')?.content ?? '').slice(0, 80)}`,
        signature: randomBytes(48).toString('base64'),
      });
    if (text !== '') content.push({ type: 'text', text, citations: null });
    const inputTokens = promptTokens([system ?? '', ...turns.map((t) => String(t.content))]);
    return {
      id: `msg_${randomBytes(12).toString('hex')}`,
      type: 'message',
      role: 'assistant',
      model,
      content,
      stop_reason: stopReason,
      stop_sequence: stopSequence,
      stop_details: null,
      container: null,
      diagnostics: null,
      usage: {
        input_tokens: inputTokens,
        output_tokens: Math.ceil(text.length / 4) + thinkingTokens,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
        cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 },
        output_tokens_details: { thinking_tokens: thinkingTokens },
        server_tool_use: null,
        service_tier: 'standard',
        inference_geo: 'global',
        speed: body.speed === 'fast' ? 'fast' : 'standard',
      },
    };
  }

  /** A model told which words to avoid mostly does: it slips while `disobeyAvoidWords` counts down. */
  private slipsAvoidWords(): boolean {
    if (this.disobeyAvoidWords <= 0) return false;
    this.disobeyAvoidWords--;
    return true;
  }
}
