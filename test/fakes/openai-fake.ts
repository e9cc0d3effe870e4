import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { Tiktoken } from 'js-tiktoken/lite';
import { HttpFake, json, RecordedRequest } from './http-fake';
import { BatchRecord, BatchScriptEntry } from './openai-batch-record';
import { ExecutedLine, OpenAiBatches } from './openai-batches';
import { FakeFile, OpenAiFiles } from './openai-files';
import { Behaviour, FINE_TUNABLE_SNAPSHOTS, FINE_TUNING_ENDS, LINEUP, LINEUP_DAY, lineupEntry } from './openai-lineup';
import { ChatTurn, writtenText } from './written-text';

type RemoteStatus = 'validating_files' | 'queued' | 'running' | 'pausing' | 'paused' | 'succeeded' | 'failed' | 'cancelled';

interface FakeJob {
  id: string;
  model: string;
  trainingFile: string;
  suffix: string | null;
  script: RemoteStatus[];
  step: number;
  trainedTokens: number;
  failure: string;
  createdAt: number;
  cancelled: boolean;
}

interface ErrorBody {
  type?: string;
  code?: string | null;
  param?: string | null;
}

interface Failure extends ErrorBody {
  method: string;
  path: RegExp;
  status: number;
  message: string;
  times: number;
  headers?: Record<string, string>;
  /** Only requests whose body matches (e.g. one section's prompt). */
  bodyMatches?: RegExp;
}

/** Every model of the lineup a key is given (shut ones are not listed, and answer 404 once their day has come). */
export const LISTED_MODELS = LINEUP.map((model) => model.id);
export { FINE_TUNABLE_SNAPSHOTS };
const EMBEDDING_MODELS = /^text-embedding-/;
/** Each embedding model's vector length; `dimensions` may shorten text-embedding-3's. */
const EMBEDDING_DIMENSIONS: Record<string, number> = { 'text-embedding-3-small': 1536, 'text-embedding-3-large': 3072, 'text-embedding-ada-002': 1536 };
/** A model the lineup does not name (a test's own) behaves as its name's family does. */
const REASONING_NAME = /^(ft:)?(o\d|gpt-5(?!-chat)|gpt-6)/;
/** The parameters a reasoning model refuses outright (GPT-6 takes `top_p` with effort "none": see GPT6_SAMPLING). */
const REASONING_REFUSES = ['logit_bias', 'max_tokens', 'top_p', 'frequency_penalty', 'presence_penalty'];
/** What GPT-6 refuses, at any value, unless the effort is "none" (OpenAI's deployment checklist). */
const GPT6_SAMPLING = ['temperature', 'top_p', 'top_logprobs', 'logprobs'];
/** The effort a model reasons at when a request names none. */
const DEFAULT_EFFORT: Record<Behaviour, string | null> = { sampling: null, reasoning: 'medium', 'reasoning-none': 'none', 'reasoning-gpt6': 'medium' };
/** Tokens spent reasoning per answer, by effort (counted in completion_tokens, as OpenAI counts them). */
const REASONING_TOKENS: Record<string, number> = { none: 0, minimal: 8, low: 16, medium: 48, high: 96, xhigh: 160, max: 240 };
const FAKE_API_KEY = 'sk-test-quire-fake-key-0000';
const FINE_TUNING_REFUSAL =
  'Your organization cannot create new fine-tuning jobs: self-serve fine-tuning is being wound down. See https://platform.openai.com/docs/deprecations.';
/** A list as OpenAI writes one in its messages: 'a', 'b', and 'c'. */
const quoted = (values: string[]) =>
  values.length < 2
    ? values.map((v) => `'${v}'`).join('')
    : `${values
        .slice(0, -1)
        .map((v) => `'${v}'`)
        .join(', ')}, and '${values[values.length - 1]}'`;
const DEFAULT_BATCH_LATENCY_MS = 300;
/** Enqueued tokens a model's batches may hold at once; OpenAI's figure depends on the model and the organisation's usage tier. */
const DEFAULT_ENQUEUED_TOKEN_LIMIT = 2_000_000;
const QUOTA_MESSAGE =
  'You exceeded your current quota, please check your plan and billing details. For more information on this error, read the docs: https://platform.openai.com/docs/guides/error-codes/api-errors.';

const id = (prefix: string) => `${prefix}-${randomBytes(10).toString('hex')}`;
/** A chat request's prompt tokens, as the fake estimates them (for the per-minute limits, usage and batches' enqueued tokens). */
const promptTokensOf = (body: { messages?: unknown }) => Math.ceil(JSON.stringify(body.messages ?? []).length / 4);

let cl100k: Tiktoken | null = null;
/** text-embedding-3-small counts with cl100k_base; the tables load on the first embeddings request. */
function tokenCount(text: string): number {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  cl100k ??= new Tiktoken(require('js-tiktoken/ranks/cl100k_base').default ?? require('js-tiktoken/ranks/cl100k_base'));
  return cl100k.encode(text, [], []).length;
}

/** A chat request's answer: the HTTP route sends it, a batch line keeps it in the batch's output or error file. */
interface ChatAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** A key's limits per minute, as OpenAI's rate-limits page lists them for an organisation's tier. */
export interface RateLimits {
  requestsPerMinute: number;
  tokensPerMinute: number;
}

/** gpt-4o at usage tier 5. */
const DEFAULT_RATE_LIMITS: RateLimits = { requestsPerMinute: 10_000, tokensPerMinute: 30_000_000 };

/** A wait as OpenAI writes it in its headers and messages: `120ms`, `1.5s`, `6m0s`. */
function openAiDuration(ms: number): string {
  const whole = Math.max(0, Math.ceil(ms));
  if (whole < 1000) return `${whole}ms`;
  if (whole < 60_000) return `${Number((whole / 1000).toFixed(3))}s`;
  return `${Math.floor(whole / 60_000)}m${Number(((whole % 60_000) / 1000).toFixed(3))}s`;
}

/**
 * OpenAI's HTTP API as far as Quire uses it — the key's model list, files, fine-tuning jobs
 * (walking a configurable status script, one step per retrieval; listed newest first), model
 * deletion, chat completions, embeddings, and batches of chat completions (openai-batches.ts,
 * driven by the clock) — for the real `openai` SDK pointed here with
 * OPENAI_BASE_URL=<url>/v1. It refuses what OpenAI refuses, in OpenAI's words: a model the key
 * does not list (404 model_not_found), sampling parameters a reasoning model does not take, a
 * malformed logit_bias, a snapshot that cannot be fine-tuned, inputs over the embedding limits,
 * an account out of credit (429 insufficient_quota), and a key over its per-minute limits (429
 * rate_limit_exceeded); it sends OpenAI's `x-ratelimit-*` headers with every chat and embedding answer.
 */
export class OpenAiFake extends HttpFake {
  /** The only key the fake accepts (a test may hand out another one: the reset brings this one back). */
  apiKey = FAKE_API_KEY;
  /** Statuses a new fine-tune job walks through, one per retrieval. */
  fineTuneScript: RemoteStatus[] = ['validating_files', 'running', 'succeeded'];
  fineTuneFailure = 'The training file contains examples that violate the usage policy.';
  chatLatencyMs = 0;
  /**
   * Prompt tokens each chat answer reports as cached (`usage.prompt_tokens_details.cached_tokens`,
   * at most the prompt's); OpenAI caches only prompts of 1,024 tokens and more, so 0 unless a test sets it.
   */
  cachedTokens = 0;
  /**
   * The models the key has access to (fine-tuned models are listed besides); GET /v1/models lists
   * those not shut down on `today`, and chat answers these only.
   */
  listedModels: string[] = [...LISTED_MODELS];
  /** The simulator's day (yyyy-MM-dd), which decides what is shut down: the day the lineup was read unless a test moves it. */
  today = LINEUP_DAY;
  /** Each model's `created` as listed, where a test lists a model anew (a new snapshot under its id). */
  readonly relisted = new Map<string, number>();
  /** OpenAI refuses this account's fine-tuning jobs (the wind-down), in these words; from FINE_TUNING_ENDS for everyone. */
  fineTuningRefusal: string | null = null;
  /** The next n chat requests that name words to avoid ignore that instruction (a model that slips). */
  disobeyAvoidWords = 0;
  fineTunableSnapshots: string[] = [...FINE_TUNABLE_SNAPSHOTS];
  /** The account has no credit left: every paid call answers 429 insufficient_quota. */
  outOfCredit = false;
  /**
   * Each key's limits on chat completions and embeddings, per minute, refilled continuously as
   * OpenAI's are (the default is a high tier's, so only a test that lowers it meets them).
   */
  rateLimits: RateLimits = { ...DEFAULT_RATE_LIMITS };
  /** Requests answered 429 rate_limit_exceeded since the last reset. */
  rateLimited = 0;
  /** The key's user has the Owner role, which deleting a fine-tuned model needs. */
  ownerRole = true;
  /** The next fine-tune create makes the job, then loses the answer: the connection drops, or a 500 comes back. */
  loseNextFineTuneCreate: 'drop' | 'error' | null = null;
  /** The chat requests refused for a parameter (model, parameter, OpenAI's code) since the last reset, in order. */
  readonly refusals: { model: string; param: string; code: string | null }[] = [];
  /** How many texts were embedded since the last reset. */
  embeddedInputs = 0;
  /** The token count of every input embedded since the last reset, request by request. */
  readonly embeddingRequests: number[][] = [];
  /** The Files API (openai-files.ts); a file is read with the batches brought up to now. */
  private readonly fileApi = new OpenAiFiles(() => this.batchApi.advance());
  /** Every file: uploads of any purpose, and the output and error files batches write. */
  readonly files: Map<string, FakeFile> = this.fileApi.files;
  readonly jobs = new Map<string, FakeJob>();
  readonly models = new Set<string>();
  /**
   * How long a new batch takes from created to completed: ~10% validating, 85% in_progress (its lines
   * executed evenly over it), 5% finalizing. Its lines meet neither the per-minute limits nor chatLatencyMs.
   */
  batchLatencyMs = DEFAULT_BATCH_LATENCY_MS;
  /**
   * Tokens a model's batches may have enqueued at once (OpenAI's per-organisation batch limit): at the
   * end of validating, a batch whose prompt tokens, with those of the same model's earlier batches not
   * yet ended, pass it goes `failed` with token_limit_exceeded.
   */
  enqueuedTokenLimit = DEFAULT_ENQUEUED_TOKEN_LIMIT;
  /** What the next created batches do: each takes the first entry (expire part-way, or be held until releaseBatch). */
  batchScript: BatchScriptEntry[] = [];
  private failures: Failure[] = [];
  /** What is left of each key's limits, and when it was last counted. */
  private readonly buckets = new Map<string, { requests: number; tokens: number; at: number }>();
  /** The Batch API (openai-batches.ts). */
  private readonly batchApi: OpenAiBatches;

  constructor() {
    super(
      (req, res) => this.route(req, res),
      (res) =>
        this.error(
          res,
          400,
          "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly. The OpenAI API expects a JSON payload, but what was sent was not valid JSON.)",
        ),
    );
    this.batchApi = new OpenAiBatches({
      fileApi: this.fileApi,
      settings: () => ({ latencyMs: this.batchLatencyMs, tokenLimit: this.enqueuedTokenLimit }),
      nextScript: () => this.batchScript.shift(),
      unpaid: () => (this.outOfCredit ? this.quotaAnswer() : null),
      runChat: (bodyJson) => this.batchLine(bodyJson),
    });
  }

  /** Every batch, worked out up to now (status, lines, results, files), by id in creation order. */
  get batches(): ReadonlyMap<string, BatchRecord> {
    this.batchApi.advance();
    return this.batchApi.records;
  }

  /** Every batch line executed (each one a paid request) since the last reset, up to now, in order. */
  get executedLines(): readonly ExecutedLine[] {
    this.batchApi.advance();
    return this.batchApi.executedLines;
  }

  /** The batch ends now as `expired` (as at the end of its 24 hours): the lines executed so far are kept, the rest are `batch_expired`. */
  expireBatch(batchId: string): void {
    this.batchApi.expire(batchId);
  }

  /** A batch held by its batchScript entry continues from now, and completes. */
  releaseBatch(batchId: string): void {
    this.batchApi.release(batchId);
  }

  get baseUrl(): string {
    return `${this.url}/v1`;
  }

  /** The next `times` requests matching method and path answer with this error. */
  failNext(method: string, path: RegExp, status: number, message: string, times = 1, headers?: Record<string, string>, body: ErrorBody = {}): void {
    this.failures.push({ method, path, status, message, times, headers, ...body });
  }

  /** The next `times` chat completions whose request body matches `body` (one section's prompt, say) answer with this error. */
  failChatWhere(body: RegExp, status: number, message: string, times = 1, errorBody: ErrorBody = {}): void {
    this.failures.push({ method: 'POST', path: /^\/v1\/chat\/completions$/, status, message, times, bodyMatches: body, ...errorBody });
  }

  /** The fault clears: every pending failure (failNext, failChatWhere) is dropped; requests answer as usual. */
  clearFailures(): void {
    this.failures = [];
  }

  reset(): void {
    this.apiKey = FAKE_API_KEY;
    this.fineTuneScript = ['validating_files', 'running', 'succeeded'];
    this.chatLatencyMs = 0;
    this.cachedTokens = 0;
    this.listedModels = [...LISTED_MODELS];
    this.today = LINEUP_DAY;
    this.relisted.clear();
    this.fineTuningRefusal = null;
    this.disobeyAvoidWords = 0;
    this.fineTunableSnapshots = [...FINE_TUNABLE_SNAPSHOTS];
    this.outOfCredit = false;
    this.rateLimits = { ...DEFAULT_RATE_LIMITS };
    this.rateLimited = 0;
    this.buckets.clear();
    this.ownerRole = true;
    this.loseNextFineTuneCreate = null;
    this.embeddedInputs = 0;
    this.embeddingRequests.length = 0;
    this.refusals.length = 0;
    this.failures = [];
    this.batchLatencyMs = DEFAULT_BATCH_LATENCY_MS;
    this.enqueuedTokenLimit = DEFAULT_ENQUEUED_TOKEN_LIMIT;
    this.batchScript = [];
    this.batchApi.reset();
    this.files.clear();
    this.jobs.clear();
    this.models.clear();
    this.requests.length = 0;
  }

  requestsTo(method: string, path: RegExp): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && path.test(r.path));
  }

  /** OpenAI's error body: {error: {message, type, param, code}}. */
  private errorBody(status: number, message: string, body: ErrorBody = {}) {
    const type = body.type ?? (status === 401 || status === 400 || status === 404 ? 'invalid_request_error' : 'api_error');
    return { error: { message, type, param: body.param ?? null, code: body.code ?? null } };
  }

  private error(res: ServerResponse, status: number, message: string, body: ErrorBody = {}, headers: Record<string, string> = {}) {
    json(res, status, this.errorBody(status, message, body), headers);
  }

  /**
   * Counts a request of `tokens` tokens against its key's limits as OpenAI does: answers the
   * `x-ratelimit-*` headers OpenAI sends with every answer, and whether the request is refused
   * (429 rate_limit_exceeded, with the same headers and OpenAI's words) because either limit ran out.
   */
  private limit(req: RecordedRequest, model: string, tokens: number): { headers: Record<string, string>; refusal: string | null } {
    const { requestsPerMinute: rpm, tokensPerMinute: tpm } = this.rateLimits;
    const key = String(req.headers.authorization);
    const now = Date.now();
    const bucket = this.buckets.get(key) ?? { requests: rpm, tokens: tpm, at: now };
    bucket.requests = Math.min(rpm, bucket.requests + ((now - bucket.at) * rpm) / 60_000);
    bucket.tokens = Math.min(tpm, bucket.tokens + ((now - bucket.at) * tpm) / 60_000);
    bucket.at = now;
    this.buckets.set(key, bucket);
    let refusal: string | null = null;
    if (bucket.requests < 1) {
      const wait = ((1 - bucket.requests) * 60_000) / rpm;
      refusal = `Rate limit reached for ${model} in organization org-fake on requests per min (RPM): Limit ${rpm}, Used ${rpm}, Requested 1. Please try again in ${openAiDuration(wait)}. Visit https://platform.openai.com/account/rate-limits to learn more.`;
    } else if (bucket.tokens < tokens) {
      const wait = ((tokens - bucket.tokens) * 60_000) / tpm;
      const used = Math.ceil(tpm - bucket.tokens);
      refusal = `Rate limit reached for ${model} in organization org-fake on tokens per min (TPM): Limit ${tpm}, Used ${used}, Requested ${tokens}. Please try again in ${openAiDuration(wait)}. Visit https://platform.openai.com/account/rate-limits to learn more.`;
    } else {
      bucket.requests -= 1;
      bucket.tokens -= tokens;
    }
    if (refusal) this.rateLimited++;
    const headers = {
      'x-ratelimit-limit-requests': String(rpm),
      'x-ratelimit-limit-tokens': String(tpm),
      'x-ratelimit-remaining-requests': String(Math.max(0, Math.floor(bucket.requests))),
      'x-ratelimit-remaining-tokens': String(Math.max(0, Math.floor(bucket.tokens))),
      'x-ratelimit-reset-requests': openAiDuration(((rpm - bucket.requests) * 60_000) / rpm),
      'x-ratelimit-reset-tokens': openAiDuration(((tpm - bucket.tokens) * 60_000) / tpm),
    };
    return { headers, refusal };
  }

  /** Someone else used up what this key may send this minute: its request limit is spent. */
  spendRequests(apiKey = this.apiKey): void {
    this.buckets.set(`Bearer ${apiKey}`, { requests: 0, tokens: this.rateLimits.tokensPerMinute, at: Date.now() });
  }

  private rateLimitExceeded(message: string, headers: Record<string, string>): ChatAnswer {
    const type = /on tokens per min/.test(message) ? 'tokens' : 'requests';
    return { status: 429, body: this.errorBody(429, message, { type, code: 'rate_limit_exceeded' }), headers };
  }

  private quotaAnswer(): ChatAnswer {
    return { status: 429, body: this.errorBody(429, QUOTA_MESSAGE, { type: 'insufficient_quota', code: 'insufficient_quota' }) };
  }

  private quota(res: ServerResponse) {
    const answer = this.quotaAnswer();
    json(res, answer.status, answer.body);
  }

  /**
   * The first pending failure (failNext, failChatWhere) for this request, used up once more; with
   * `bodyOnly`, only those that name a body (a batch line meets failChatWhere's, not failNext's).
   */
  private takeFailure(method: string, path: string, body: string, bodyOnly = false): Failure | null {
    const failure = this.failures.find((f) => f.method === method && f.path.test(path) && (f.bodyMatches ? f.bodyMatches.test(body) : !bodyOnly));
    if (!failure) return null;
    if (--failure.times <= 0) this.failures.splice(this.failures.indexOf(failure), 1);
    return failure;
  }

  private async route(req: RecordedRequest, res: ServerResponse): Promise<void> {
    if (req.path.startsWith('/__fake/')) return this.control(req, res);
    if (req.headers.authorization !== `Bearer ${this.apiKey}`) {
      return this.error(res, 401, 'Incorrect API key provided.', { code: 'invalid_api_key' });
    }
    const failure = this.takeFailure(req.method, req.path, req.body);
    if (failure) return this.error(res, failure.status, failure.message, failure, failure.headers);
    const { method, path } = req;
    // Files (any purpose): openai-files.ts; batches: openai-batches.ts.
    if (this.fileApi.route(req, res) || this.batchApi.route(req, res)) return;
    if (method === 'POST' && path === '/v1/fine_tuning/jobs') return this.createJob(req, res);
    if (method === 'GET' && path === '/v1/fine_tuning/jobs') return this.listJobs(req, res);
    const cancel = /^\/v1\/fine_tuning\/jobs\/([^/]+)\/cancel$/.exec(path);
    if (method === 'POST' && cancel) return this.cancelJob(cancel[1], res);
    if (method === 'GET' && path.startsWith('/v1/fine_tuning/jobs/')) return this.retrieveJob(path.slice('/v1/fine_tuning/jobs/'.length), res);
    if (method === 'DELETE' && path.startsWith('/v1/models/')) return this.deleteModel(decodeURIComponent(path.slice('/v1/models/'.length)), res);
    if (method === 'POST' && path === '/v1/chat/completions') return this.chat(req, res);
    if (method === 'POST' && path === '/v1/embeddings') return this.embeddings(req, res);
    if (method === 'GET' && path === '/v1/models') return this.listModels(res);
    this.error(res, 404, `Unknown request URL: ${method} ${path}`);
  }

  /**
   * Steering for tests in other processes (browser tests, the demo): POST /__fake/reset and
   * POST /__fake/config {fineTuneScript?, chatLatencyMs?, models?, today?, fineTuningRefusal?, disobeyAvoidWords?, fineTunableSnapshots?,
   * outOfCredit?, rateLimits?: {requestsPerMinute?, tokensPerMinute?}, ownerRole?, loseNextFineTuneCreate?,
   * failNext?: {method, path, status, message, times?, code?, type?, body?}, clearFailures?,
   * batchLatencyMs?, enqueuedTokenLimit?, batchScript?: [{expireAfter?, hold?}], releaseBatch?: id, expireBatch?: id};
   * GET /__fake/requests: [{method, path, status}] of the API requests since the reset.
   * `body` (a regular expression) limits the failure to requests whose body matches it (and makes it apply to batch lines too);
   * batchScript replaces the script the next created batches take their entries from.
   */
  private control(req: RecordedRequest, res: ServerResponse): void {
    if (req.method === 'POST' && req.path === '/__fake/reset') {
      this.reset();
      return json(res, 200, { ok: true });
    }
    if (req.method === 'POST' && req.path === '/__fake/config') {
      const body = JSON.parse(req.body || '{}');
      if (body.fineTuneScript) this.fineTuneScript = body.fineTuneScript;
      if (typeof body.chatLatencyMs === 'number') this.chatLatencyMs = body.chatLatencyMs;
      if (Array.isArray(body.models)) this.listedModels = body.models;
      if (typeof body.today === 'string') this.today = body.today;
      if (typeof body.fineTuningRefusal === 'string' || body.fineTuningRefusal === null) this.fineTuningRefusal = body.fineTuningRefusal;
      if (typeof body.disobeyAvoidWords === 'number') this.disobeyAvoidWords = body.disobeyAvoidWords;
      if (Array.isArray(body.fineTunableSnapshots)) this.fineTunableSnapshots = body.fineTunableSnapshots;
      if (typeof body.outOfCredit === 'boolean') this.outOfCredit = body.outOfCredit;
      if (body.rateLimits) this.rateLimits = { ...this.rateLimits, ...body.rateLimits };
      if (typeof body.ownerRole === 'boolean') this.ownerRole = body.ownerRole;
      if (body.loseNextFineTuneCreate !== undefined) this.loseNextFineTuneCreate = body.loseNextFineTuneCreate;
      if (body.clearFailures === true) this.clearFailures();
      if (typeof body.batchLatencyMs === 'number') this.batchLatencyMs = body.batchLatencyMs;
      if (typeof body.enqueuedTokenLimit === 'number') this.enqueuedTokenLimit = body.enqueuedTokenLimit;
      if (Array.isArray(body.batchScript)) this.batchScript = body.batchScript;
      if (typeof body.releaseBatch === 'string') this.releaseBatch(body.releaseBatch);
      if (typeof body.expireBatch === 'string') this.expireBatch(body.expireBatch);
      if (body.failNext) {
        const f = body.failNext;
        this.failNext(f.method, new RegExp(f.path), f.status, f.message, f.times ?? 1, undefined, { code: f.code, type: f.type });
        if (typeof f.body === 'string') this.failures[this.failures.length - 1].bodyMatches = new RegExp(f.body);
      }
      return json(res, 200, { ok: true });
    }
    if (req.method === 'GET' && req.path === '/__fake/requests') {
      const api = this.requests.filter((r) => !r.path.startsWith('/__fake/'));
      return json(
        res,
        200,
        api.map(({ method, path, status }) => ({ method, path, status })),
      );
    }
    json(res, 404, { error: 'unknown control route' });
  }

  private day(): string {
    return this.today;
  }

  /** The day a model shuts down (a tuned model's is its base snapshot's), or null. */
  shutdownOf(model: string): string | null {
    return lineupEntry(model)?.shutdown ?? null;
  }

  /** Shut down on the simulator's day: no longer listed, and answered 404 "has been deprecated". */
  isShut(model: string): boolean {
    const shutdown = this.shutdownOf(model);
    return shutdown !== null && shutdown <= this.day();
  }

  private listModels(res: ServerResponse): void {
    const model = (modelId: string) => ({
      id: modelId,
      object: 'model',
      // A model the lineup does not name (a test's own) is listed as made on the lineup's day: the newest.
      created: this.relisted.get(modelId) ?? lineupEntry(modelId)?.created ?? Math.floor(Date.parse(`${LINEUP_DAY}T00:00:00Z`) / 1000),
      owned_by: modelId.startsWith('ft:') ? 'org-fake' : 'system',
      shutdown_date: this.shutdownOf(modelId),
    });
    const listed = [...this.listedModels, ...this.models].filter((modelId) => !this.isShut(modelId));
    json(res, 200, { object: 'list', data: listed.map(model) });
  }

  private knows(model: unknown): model is string {
    return typeof model === 'string' && (this.listedModels.includes(model) || this.models.has(model));
  }

  /** OpenAI's 404 for a model it does not know, or (its day passed) one it has shut down. */
  private modelNotFoundAnswer(model: unknown): ChatAnswer {
    const message =
      typeof model === 'string' && this.knows(model) && this.isShut(model)
        ? `The model \`${model}\` has been deprecated, learn more here: https://platform.openai.com/docs/deprecations`
        : `The model \`${String(model)}\` does not exist or you do not have access to it.`;
    return { status: 404, body: this.errorBody(404, message, { code: 'model_not_found' }) };
  }

  private modelNotFound(res: ServerResponse, model: unknown): void {
    const answer = this.modelNotFoundAnswer(model);
    json(res, answer.status, answer.body);
  }

  private deleteModel(model: string, res: ServerResponse): void {
    if (!this.models.has(model)) return this.error(res, 404, `The model '${model}' does not exist`, { code: 'model_not_found', param: 'model' });
    if (!this.ownerRole) {
      return this.error(res, 403, 'You have insufficient permissions for this operation: only an Owner of the organization can delete a fine-tuned model.', {
        type: 'invalid_request_error',
        code: 'insufficient_permissions',
      });
    }
    this.models.delete(model);
    json(res, 200, { id: model, object: 'model', deleted: true });
  }

  private createJob(req: RecordedRequest, res: ServerResponse): void {
    if (this.outOfCredit) return this.quota(res);
    const windDown = this.fineTuningRefusal ?? (this.day() >= FINE_TUNING_ENDS ? FINE_TUNING_REFUSAL : null);
    if (windDown) return this.error(res, 403, windDown, { type: 'invalid_request_error', code: 'fine_tuning_unavailable' });
    const body = JSON.parse(req.body || '{}');
    const file = this.files.get(body.training_file);
    if (!file) return this.error(res, 400, `invalid training_file: ${body.training_file}`, { param: 'training_file' });
    const lines = file.content.split('\n').filter(Boolean);
    const valid = lines.every((line) => {
      try {
        const roles = (JSON.parse(line).messages as { role: string }[]).map((m) => m.role);
        return roles.includes('assistant');
      } catch {
        return false;
      }
    });
    if (!valid) return this.error(res, 400, 'Training file has invalid lines', { param: 'training_file' });
    if (lines.length < 10)
      return this.error(res, 400, `Training file has ${lines.length} example(s), but must have at least 10 examples`, { param: 'training_file' });
    // OpenAI names no param here: {message, type: invalid_request_error, param: null, code: model_not_available}.
    if (!this.fineTunableSnapshots.includes(body.model) || this.isShut(String(body.model))) {
      return this.error(res, 400, `Model ${body.model} is not available for fine-tuning or does not exist.`, { code: 'model_not_available' });
    }
    const job: FakeJob = {
      id: id('ftjob'),
      model: body.model,
      trainingFile: file.id,
      suffix: body.suffix ?? null,
      script: [...this.fineTuneScript],
      step: 0,
      trainedTokens: lines.length * 120,
      failure: this.fineTuneFailure,
      createdAt: Math.floor(Date.now() / 1000),
      cancelled: false,
    };
    this.jobs.set(job.id, job);
    const lose = this.loseNextFineTuneCreate;
    this.loseNextFineTuneCreate = null;
    if (lose === 'drop') return void res.socket?.destroy();
    if (lose === 'error') return this.error(res, 500, 'The server had an error while processing your request. Sorry about that!');
    json(res, 200, this.jobBody(job));
  }

  /** Newest first, like OpenAI; `after` (a job id) and `limit` page through them. */
  private listJobs(req: RecordedRequest, res: ServerResponse): void {
    const limit = Math.min(Number(req.query.get('limit') ?? 20) || 20, 100);
    const all = [...this.jobs.values()].reverse();
    const after = req.query.get('after');
    const start = after ? all.findIndex((job) => job.id === after) + 1 : 0;
    const page = all.slice(start, start + limit);
    json(res, 200, { object: 'list', data: page.map((job) => this.jobBody(job)), has_more: start + limit < all.length });
  }

  private retrieveJob(jobId: string, res: ServerResponse): void {
    const job = this.jobs.get(jobId);
    if (!job) return this.error(res, 404, `No fine-tuning job found with id ${jobId}`);
    job.step = Math.min(job.step + 1, job.script.length - 1);
    json(res, 200, this.jobBody(job));
  }

  private cancelJob(jobId: string, res: ServerResponse): void {
    const job = this.jobs.get(jobId);
    if (!job) return this.error(res, 404, `No fine-tuning job found with id ${jobId}`);
    const status = this.statusOf(job);
    if (status === 'succeeded' || status === 'failed' || status === 'cancelled')
      return this.error(res, 400, `Job ${jobId} has already ${status === 'succeeded' ? 'completed' : status}.`);
    job.cancelled = true;
    json(res, 200, this.jobBody(job));
  }

  private statusOf(job: FakeJob): RemoteStatus {
    return job.cancelled ? 'cancelled' : job.script[job.step];
  }

  private jobBody(job: FakeJob) {
    const status = this.statusOf(job);
    const fineTunedModel = status === 'succeeded' ? `ft:${job.model}:quire:${job.suffix ?? 'model'}:${job.id.slice(-8)}` : null;
    if (fineTunedModel) this.models.add(fineTunedModel);
    return {
      id: job.id,
      object: 'fine_tuning.job',
      model: job.model,
      created_at: job.createdAt,
      finished_at: status === 'succeeded' || status === 'failed' || status === 'cancelled' ? Math.floor(Date.now() / 1000) : null,
      fine_tuned_model: fineTunedModel,
      organization_id: 'org-fake',
      result_files: [],
      status,
      validation_file: null,
      training_file: job.trainingFile,
      hyperparameters: { n_epochs: 3 },
      trained_tokens: status === 'succeeded' ? job.trainedTokens : null,
      error: status === 'failed' ? { code: 'invalid_training_file', message: job.failure, param: null } : null,
      seed: 42,
      metadata: null,
    };
  }

  /** How a model treats the parameters: the lineup's word, else its name's family (a test's own model). */
  private behaviourOf(model: string): { behaviour: Behaviour; efforts: string[] } {
    const entry = lineupEntry(model);
    if (entry?.behaviour) return { behaviour: entry.behaviour, efforts: entry.efforts ?? [] };
    if (/^(ft:)?gpt-6/.test(model)) return { behaviour: 'reasoning-gpt6', efforts: ['none', 'low', 'medium', 'high', 'xhigh', 'max'] };
    if (/^(ft:)?gpt-5\.[1-9]/.test(model)) return { behaviour: 'reasoning-none', efforts: ['none', 'low', 'medium', 'high', 'xhigh'] };
    return REASONING_NAME.test(model) ? { behaviour: 'reasoning', efforts: ['low', 'medium', 'high'] } : { behaviour: 'sampling', efforts: [] };
  }

  /** Chat completions for a listed (or tuned) model, refusing the parameters OpenAI refuses; chatLatencyMs passes before each answer. */
  private async chat(req: RecordedRequest, res: ServerResponse): Promise<void> {
    const body = JSON.parse(req.body || '{}');
    const checked = this.checkChat(body, req);
    if ('refused' in checked) return json(res, checked.refused.status, checked.refused.body, checked.refused.headers);
    if (this.chatLatencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.chatLatencyMs));
    const answer = this.chatCompletion(body);
    json(res, answer.status, answer.body, checked.headers);
  }

  /**
   * One line of a batch, run by the chat route's own logic without HTTP: failChatWhere's failures
   * (matched against the line's body as JSON) and every refusal apply; the per-minute limits and
   * chatLatencyMs do not (batches have their enqueued-token limit instead).
   */
  private batchLine(bodyJson: string): ChatAnswer {
    const failure = this.takeFailure('POST', '/v1/chat/completions', bodyJson, true);
    if (failure) return { status: failure.status, body: this.errorBody(failure.status, failure.message, failure) };
    const body = JSON.parse(bodyJson);
    const checked = this.checkChat(body, null);
    return 'refused' in checked ? checked.refused : this.chatCompletion(body);
  }

  /**
   * What a chat request is checked for before it is answered, in OpenAI's order: its messages, its
   * model (listed and not shut), the parameters the model refuses (kept in `refusals`), the account's
   * credit, then — for an HTTP request (`req`), not a batch line — its key's per-minute limits.
   * Answers the refusal, or the `x-ratelimit-*` headers to send with the answer.
   */
  private checkChat(body: any, req: RecordedRequest | null): { refused: ChatAnswer } | { headers: Record<string, string> } {
    if (!Array.isArray(body.messages) || body.messages.length === 0) {
      const message = Array.isArray(body.messages)
        ? "Invalid 'messages': empty array. Expected an array with minimum length 1, but got an empty array instead."
        : "Missing required parameter: 'messages'.";
      const code = Array.isArray(body.messages) ? 'empty_array' : 'missing_required_parameter';
      return { refused: { status: 400, body: this.errorBody(400, message, { param: 'messages', code }) } };
    }
    if (!this.knows(body.model) || this.isShut(body.model)) return { refused: this.modelNotFoundAnswer(body.model) };
    const refusal = this.chatRefusal(body);
    if (refusal) {
      this.refusals.push({ model: String(body.model), param: refusal.param, code: refusal.code });
      return { refused: { status: 400, body: this.errorBody(400, refusal.message, { param: refusal.param, code: refusal.code }) } };
    }
    if (this.outOfCredit) return { refused: this.quotaAnswer() };
    if (!req) return { headers: {} };
    const limited = this.limit(req, String(body.model), promptTokensOf(body));
    if (limited.refusal) return { refused: this.rateLimitExceeded(limited.refusal, limited.headers) };
    return { headers: limited.headers };
  }

  /** The answer to a chat request that passed checkChat: a chat.completion written from its messages. */
  private chatCompletion(body: any): ChatAnswer {
    const promptTokens = promptTokensOf(body);
    // Written as every simulator writes (written-text.ts): for the last user message, like the last example shown, avoiding the words named.
    const content = writtenText(body.model, body.messages as ChatTurn[], { disobey: () => this.slipsAvoidWords() });
    const { behaviour } = this.behaviourOf(body.model);
    const effort = body.reasoning_effort ?? DEFAULT_EFFORT[behaviour];
    const reasoningTokens = effort ? (REASONING_TOKENS[effort] ?? 0) : 0;
    const completionTokens = Math.ceil(content.length / 4) + reasoningTokens;
    return {
      status: 200,
      body: {
        id: id('chatcmpl'),
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop', logprobs: null }],
        usage: {
          prompt_tokens: promptTokens,
          completion_tokens: completionTokens,
          total_tokens: promptTokens + completionTokens,
          prompt_tokens_details: { cached_tokens: Math.min(this.cachedTokens, promptTokens), audio_tokens: 0 },
          completion_tokens_details: { reasoning_tokens: reasoningTokens, audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 },
        },
      },
    };
  }

  /** A model told which words to avoid mostly does: it slips while `disobeyAvoidWords` counts down. */
  private slipsAvoidWords(): boolean {
    if (this.disobeyAvoidWords <= 0) return false;
    this.disobeyAvoidWords--;
    return true;
  }

  private chatRefusal(body: Record<string, unknown>): { message: string; param: string; code: string | null } | null {
    const { behaviour, efforts } = this.behaviourOf(String(body.model));
    const reasoning = behaviour !== 'sampling';
    if (body.temperature !== undefined) {
      const t = body.temperature;
      if (typeof t !== 'number' || t < 0 || t > 2)
        return {
          message: `Invalid 'temperature': decimal above maximum value. Expected a value <= 2, but got ${String(t)} instead.`,
          param: 'temperature',
          code: 'decimal_above_max_value',
        };
    }
    if (body.reasoning_effort !== undefined && body.reasoning_effort !== null) {
      if (!reasoning)
        return {
          message: "Unsupported parameter: 'reasoning_effort' is not supported with this model.",
          param: 'reasoning_effort',
          code: 'unsupported_parameter',
        };
      if (!efforts.includes(String(body.reasoning_effort)))
        return {
          message: `Unsupported value: 'reasoning_effort' does not support '${String(body.reasoning_effort)}' with this model. Supported values are: ${quoted(efforts)}.`,
          param: 'reasoning_effort',
          code: 'unsupported_value',
        };
    }
    const effort = String(body.reasoning_effort ?? DEFAULT_EFFORT[behaviour]);
    if (behaviour === 'reasoning-gpt6' && effort !== 'none') {
      const sampling = GPT6_SAMPLING.find((param) => body[param] !== undefined && body[param] !== null && body[param] !== false);
      if (sampling)
        return efforts.includes('none')
          ? {
              message: `Unsupported value: '${sampling}' does not support ${JSON.stringify(body[sampling])} with reasoning_effort '${effort}'. Sampling parameters are supported only when reasoning_effort is 'none'.`,
              param: sampling,
              code: 'unsupported_value',
            }
          : { message: `Unsupported parameter: '${sampling}' is not supported with this model.`, param: sampling, code: null };
    }
    if ((behaviour === 'reasoning' || behaviour === 'reasoning-none') && typeof body.temperature === 'number' && body.temperature !== 1) {
      if (behaviour === 'reasoning' || effort !== 'none')
        return {
          message:
            behaviour === 'reasoning'
              ? `Unsupported value: 'temperature' does not support ${body.temperature} with this model. Only the default (1) value is supported.`
              : `Unsupported value: 'temperature' does not support ${body.temperature} with reasoning_effort '${effort}'. Only the default (1) value is supported unless reasoning_effort is 'none'.`,
          param: 'temperature',
          code: 'unsupported_value',
        };
    }
    if (reasoning) {
      const refused = REASONING_REFUSES.find(
        (param) => body[param] !== undefined && body[param] !== null && !(param === 'top_p' && behaviour === 'reasoning-gpt6'),
      );
      if (refused)
        return {
          message:
            refused === 'max_tokens'
              ? "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead."
              : `Unsupported parameter: '${refused}' is not supported with this model.`,
          param: refused,
          code: 'unsupported_parameter',
        };
    }
    if (body.logit_bias !== undefined && body.logit_bias !== null) {
      const bias = body.logit_bias as Record<string, unknown>;
      const keys = Object.keys(bias);
      if (keys.length > 300)
        return {
          message: `Invalid 'logit_bias': too many properties. Expected an object with at most 300 properties, but got an object with ${keys.length} properties instead.`,
          param: 'logit_bias',
          code: 'object_above_max_properties',
        };
      const badKey = keys.find((key) => !/^\d+$/.test(key));
      if (badKey !== undefined)
        return { message: `Invalid key in 'logit_bias': ${badKey}. You should only be submitting non-negative integers.`, param: 'logit_bias', code: null };
      const badValue = keys.find((key) => typeof bias[key] !== 'number' || (bias[key] as number) < -100 || (bias[key] as number) > 100);
      if (badValue !== undefined)
        return { message: `Invalid value for 'logit_bias': bias for token ${badValue} must be between -100 and 100.`, param: 'logit_bias', code: null };
    }
    return null;
  }

  /**
   * Deterministic vectors that mean something: each word is hashed into one of the model's
   * dimensions (1,536 for text-embedding-3-small, or `dimensions`), then the vector is normalised,
   * so texts that share words are near and texts that share none are orthogonal. Within OpenAI's
   * limits: no empty input, at most 2,048 inputs, 8,192 tokens each, 300,000 in all; `dimensions`
   * only for text-embedding-3; `encoding_format` float or base64 (little-endian float32), as the SDK reads it.
   */
  private embeddings(req: RecordedRequest, res: ServerResponse): void {
    const body = JSON.parse(req.body || '{}');
    if (!EMBEDDING_MODELS.test(String(body.model)) || !this.knows(body.model)) return this.modelNotFound(res, body.model);
    const native = EMBEDDING_DIMENSIONS[String(body.model).replace(/-\d{4}-\d{2}-\d{2}$/, '')] ?? 1536;
    if (body.dimensions !== undefined && body.dimensions !== null) {
      if (!String(body.model).startsWith('text-embedding-3'))
        return this.error(res, 400, 'This model does not support specifying dimensions.', { param: 'dimensions' });
      if (!Number.isInteger(body.dimensions) || body.dimensions < 1 || body.dimensions > native)
        return this.error(res, 400, `Invalid value for 'dimensions' = ${body.dimensions}. Must be between 1 and ${native}.`, { param: 'dimensions' });
    }
    if (body.encoding_format !== undefined && body.encoding_format !== 'float' && body.encoding_format !== 'base64')
      return this.error(res, 400, `Invalid value: '${body.encoding_format}'. Supported values are: 'float' and 'base64'.`, {
        param: 'encoding_format',
        code: 'invalid_value',
      });
    const size: number = body.dimensions ?? native;
    const inputs: string[] = Array.isArray(body.input) ? body.input : [body.input];
    if (inputs.length === 0 || inputs.length > 2048 || inputs.some((text) => typeof text !== 'string' || text === '')) {
      return this.error(res, 400, "'$.input' is invalid. Please check the API reference: https://platform.openai.com/docs/api-reference.", { param: 'input' });
    }
    const counts = inputs.map(tokenCount);
    const longest = Math.max(...counts);
    if (longest > 8192) {
      return this.error(
        res,
        400,
        `This model's maximum context length is 8192 tokens, however you requested ${longest} tokens (${longest} in your prompt; 0 for the completion). Please reduce your prompt; or completion length.`,
        { param: 'input' },
      );
    }
    const total = counts.reduce((sum, n) => sum + n, 0);
    if (total > 300_000) {
      return this.error(res, 400, `Requested ${total} tokens, max 300000 tokens per request`, {
        type: 'max_tokens_per_request',
        code: 'max_tokens_per_request',
      });
    }
    if (this.outOfCredit) return this.quota(res);
    const limited = this.limit(req, String(body.model), total);
    if (limited.refusal) {
      const refused = this.rateLimitExceeded(limited.refusal, limited.headers);
      return json(res, refused.status, refused.body, refused.headers);
    }
    this.embeddedInputs += inputs.length;
    this.embeddingRequests.push(counts);
    const data = inputs.map((text, index) => {
      const vector = new Float32Array(size);
      for (const word of String(text)
        .toLowerCase()
        .match(/[a-z0-9]+/g) ?? []) {
        let hash = 2166136261;
        for (let i = 0; i < word.length; i++) hash = Math.imul(hash ^ word.charCodeAt(i), 16777619);
        vector[(hash >>> 0) % size] += 1;
      }
      const norm = Math.hypot(...vector) || 1;
      for (let i = 0; i < size; i++) vector[i] /= norm;
      const embedding = body.encoding_format === 'base64' ? Buffer.from(vector.buffer).toString('base64') : Array.from(vector);
      return { object: 'embedding', index, embedding };
    });
    json(res, 200, { object: 'list', model: body.model, data, usage: { prompt_tokens: total, total_tokens: total } }, limited.headers);
  }
}
