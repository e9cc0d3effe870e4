import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { BatchEvent, BatchScriptEntry, runDueEvents, scriptedStop, scriptHolds } from './batch-clock';
import { json, RecordedRequest } from './http-fake';

/**
 * Anthropic's Message Batches API for AnthropicFake (which routes `/v1/messages/batches*` here,
 * behind its key, version and failNext checks). The shapes are those of @anthropic-ai/sdk 1.14's
 * `MessageBatch` and `MessageBatchIndividualResponse`; the limits and rules are those of
 * Anthropic's API reference and batch-processing guide. Where neither says Anthropic's exact words,
 * the message is the simulator's own, in Anthropic's style: match on the error `type`.
 *
 * A batch's life is worked out lazily from the clock at each request (no timers run): its requests
 * are processed one after another, evenly over `latencyMs` (batchLatencyMs at its creation), each
 * answered by the fake's own `POST /v1/messages` logic under the API version the create was sent
 * with — so a request is refused in a batch exactly as it would be at once, but as an `errored`
 * result when the batch ends, never at create (Anthropic validates each request's params
 * asynchronously). Then it is `ended`. Until it ends, every request counts as `processing` and
 * there are no results (Anthropic: "Requests start as processing and move to one of the other
 * statuses only once processing of the entire batch ends"). A batch not ended 24 hours after its
 * creation expires; a cancel makes it `canceling`, then `ended` with the requests not yet processed
 * `canceled`. Results are written in the reverse of the requests' order: Anthropic does not
 * promise their order, and a client must match them by `custom_id`.
 */

/** What a batch's request is answered with: Anthropic's `MessageBatchResult`. */
export type BatchRequestResult =
  | { type: 'succeeded'; message: Record<string, unknown> }
  | { type: 'errored'; error: { type: 'error'; error: { type: string; message: string }; request_id: string | null } }
  | { type: 'canceled' }
  | { type: 'expired' };

/** Every request a batch processed (a succeeded one is a paid request), for tests that check nothing ran twice. */
export interface ProcessedRequest {
  batchId: string;
  customId: string;
  model: string;
  type: 'succeeded' | 'errored';
}

/** What the next created batch does instead of processing every request (see AnthropicFake.batchScript). */
export type MessageBatchScript = BatchScriptEntry;

/** A batch as the fake keeps it; times in milliseconds since the epoch. */
export interface MessageBatchRecord {
  id: string;
  seq: number;
  /** The `anthropic-version` the create was sent with: each request is checked under it. */
  version: string;
  requests: { customId: string; params: unknown }[];
  latencyMs: number;
  script: MessageBatchScript;
  released: boolean;
  status: 'in_progress' | 'canceling' | 'ended';
  /** The processed requests' results, in processing order (requests[0..results.length-1]). */
  results: { customId: string; result: BatchRequestResult }[];
  createdAt: number;
  cancelInitiatedAt: number | null;
  endedAt: number | null;
  /** When the schedule of the requests (re)started, and how many were done then. */
  resumeAt: number;
  resumedFrom: number;
  lastAt: number;
}

/** What the batch simulator needs of AnthropicFake. */
export interface MessageBatchHost {
  /** The fake's address: a batch's `results_url` is on it. */
  baseUrl(): string;
  /** batchLatencyMs, the request and byte limits, as they are now. */
  settings(): { latencyMs: number; maxRequests: number; maxBytes: number };
  /** The next batchScript entry, taken off the script. */
  nextScript(): MessageBatchScript | undefined;
  /** The next create loses its answer after the batch is made (`drop`: the connection; `error`: a 500), taken off. */
  loseCreate(): 'drop' | 'error' | null;
  /** One message request's params answered as `POST /v1/messages` would answer them under `version`. */
  runMessage(params: unknown, version: string): { status: number; type?: string; message?: string; body?: Record<string, unknown> };
  /** An error in Anthropic's shape. */
  error(res: ServerResponse, status: number, type: string, message: string): void;
}

/** A batch not ended within this long of its creation expires (Anthropic's 24 hours). */
export const BATCH_WINDOW_MS = 86_400_000;
/** Anthropic's limits for one batch: 100,000 requests or 256 MB, whichever comes first. */
export const BATCH_MAX_REQUESTS = 100_000;
export const BATCH_MAX_BYTES = 256 * 1024 * 1024;
/** A custom_id as Anthropic takes it. */
const CUSTOM_ID = /^[a-zA-Z0-9_-]{1,64}$/;
/** The share of its latency a cancelled batch spends `canceling`. */
const CANCELING_SHARE = 0.05;
/** The error types of Anthropic's error responses by HTTP status, for an errored result. */
const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  529: 'overloaded_error',
};

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export class AnthropicMessageBatches {
  /** Every batch, in creation order. */
  readonly records = new Map<string, MessageBatchRecord>();
  readonly processed: ProcessedRequest[] = [];
  /** Requests whose text matches a pattern are errored with this error `times` times (an api_error Anthropic had, say). */
  private requestFailures: { pattern: RegExp; type: string; message: string; times: number }[] = [];
  private seq = 0;

  constructor(private readonly host: MessageBatchHost) {}

  reset(): void {
    this.records.clear();
    this.processed.length = 0;
    this.requestFailures = [];
  }

  /** The next `times` batch requests whose messages or system prompt match `pattern` are errored with this error. */
  failRequestsWhere(pattern: RegExp, type: string, message: string, times = 1): void {
    this.requestFailures.push({ pattern, type, message, times });
  }

  /** Answers the request if it is one of the Message Batches API's; false if it is not. */
  route(req: RecordedRequest, res: ServerResponse, version: string, headers: Record<string, string>): boolean {
    const { method, path } = req;
    const one = /^\/v1\/messages\/batches\/([^/]+)(\/results|\/cancel)?$/.exec(path);
    if (method === 'POST' && path === '/v1/messages/batches') this.create(req, res, version, headers);
    else if (method === 'GET' && path === '/v1/messages/batches') this.list(req, res, headers);
    else if (method === 'GET' && one && !one[2]) this.retrieve(decodeURIComponent(one[1]), res, headers);
    else if (method === 'GET' && one?.[2] === '/results') this.results(decodeURIComponent(one[1]), res, headers);
    else if (method === 'POST' && one?.[2] === '/cancel') this.cancel(decodeURIComponent(one[1]), res, headers);
    else return false;
    return true;
  }

  /**
   * `POST /v1/messages/batches` {requests: [{custom_id, params}]}: checked at once (400
   * invalid_request_error) — only `requests`, 1 to 100,000 of them, each with exactly a custom_id
   * matching `^[a-zA-Z0-9_-]{1,64}$` (unique in the batch) and a params object; a body over 256 MB
   * is a 413 request_too_large. The params themselves are checked as each request is processed.
   */
  private create(req: RecordedRequest, res: ServerResponse, version: string, headers: Record<string, string>): void {
    this.advance();
    const { maxRequests, maxBytes, latencyMs } = this.host.settings();
    if (Buffer.byteLength(req.body) > maxBytes) return this.host.error(res, 413, 'request_too_large', 'Request exceeds the maximum allowed number of bytes.');
    const body: unknown = JSON.parse(req.body || '{}');
    if (!isObject(body)) return this.host.error(res, 400, 'invalid_request_error', 'There was an issue with the format of the request.');
    const refusal = createRefusal(body, maxRequests);
    if (refusal) return this.host.error(res, 400, 'invalid_request_error', refusal);
    const now = Date.now();
    const record: MessageBatchRecord = {
      id: `msgbatch_${randomBytes(12).toString('hex')}`,
      seq: this.seq++,
      version,
      requests: (body.requests as { custom_id: string; params: unknown }[]).map((r) => ({ customId: r.custom_id, params: r.params })),
      latencyMs: Math.max(0, latencyMs),
      script: { ...(this.host.nextScript() ?? {}) },
      released: false,
      status: 'in_progress',
      results: [],
      createdAt: now,
      cancelInitiatedAt: null,
      endedAt: null,
      resumeAt: now,
      resumedFrom: 0,
      lastAt: now,
    };
    this.records.set(record.id, record);
    const lose = this.host.loseCreate();
    if (lose === 'drop') return void res.socket?.destroy();
    if (lose === 'error') return this.host.error(res, 500, 'api_error', 'Internal server error');
    json(res, 200, this.batchBody(record), headers);
  }

  private noSuchBatch(res: ServerResponse, id: string): void {
    this.host.error(res, 404, 'not_found_error', `message_batch_id: no message batch ${id}`);
  }

  private retrieve(id: string, res: ServerResponse, headers: Record<string, string>): void {
    this.advance();
    const record = this.records.get(id);
    if (!record) return this.noSuchBatch(res, id);
    json(res, 200, this.batchBody(record), headers);
  }

  /** Newest first, as Anthropic lists them: `limit` (default 20, 1–1000), `after_id` or `before_id`. */
  private list(req: RecordedRequest, res: ServerResponse, headers: Record<string, string>): void {
    this.advance();
    const limitText = req.query.get('limit');
    const limit = limitText === null ? 20 : Number(limitText);
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
      return this.host.error(res, 400, 'invalid_request_error', 'limit: Input should be greater than or equal to 1 and less than or equal to 1000');
    const all = [...this.records.values()].reverse();
    const after = req.query.get('after_id');
    const before = req.query.get('before_id');
    let page: MessageBatchRecord[];
    if (before !== null) {
      const at = all.findIndex((r) => r.id === before);
      if (at < 0) return this.host.error(res, 400, 'invalid_request_error', `before_id: no message batch ${before}`);
      page = all.slice(Math.max(0, at - limit), at);
    } else {
      const at = after === null ? 0 : all.findIndex((r) => r.id === after) + 1;
      if (after !== null && at === 0) return this.host.error(res, 400, 'invalid_request_error', `after_id: no message batch ${after}`);
      page = all.slice(at, at + limit);
    }
    const first = page[0]?.id ?? null;
    const last = page.at(-1)?.id ?? null;
    const index = all.findIndex((r) => r.id === (before !== null ? first : last));
    const hasMore = page.length > 0 && (before !== null ? index > 0 : index < all.length - 1);
    json(res, 200, { data: page.map((r) => this.batchBody(r)), has_more: hasMore, first_id: first, last_id: last }, headers);
  }

  /** The results, one JSON line per request (MessageBatchIndividualResponse), once the batch has ended. */
  private results(id: string, res: ServerResponse, headers: Record<string, string>): void {
    this.advance();
    const record = this.records.get(id);
    if (!record) return this.noSuchBatch(res, id);
    if (record.status !== 'ended')
      return this.host.error(res, 404, 'not_found_error', `Message batch ${id} has no results yet: it is still ${record.status.replace('_', ' ')}.`);
    const lines = [...record.results].reverse().map((r) => JSON.stringify({ custom_id: r.customId, result: r.result }));
    res.writeHead(200, { 'content-type': 'application/binary', ...headers });
    res.end(`${lines.join('\n')}\n`);
  }

  /** An in_progress batch goes `canceling` (nothing more is processed), then `ended`; a canceling one answers as it is; an ended one is refused. */
  private cancel(id: string, res: ServerResponse, headers: Record<string, string>): void {
    this.advance();
    const record = this.records.get(id);
    if (!record) return this.noSuchBatch(res, id);
    if (record.status === 'ended') return this.host.error(res, 400, 'invalid_request_error', `Message batch ${id} has already ended and cannot be canceled.`);
    if (record.status === 'in_progress') {
      record.status = 'canceling';
      record.cancelInitiatedAt = Date.now();
    }
    json(res, 200, this.batchBody(record), headers);
  }

  /** The batch as Anthropic's `MessageBatch`: request counts other than `processing` stay 0 until it ends. */
  batchBody(record: MessageBatchRecord) {
    const ended = record.status === 'ended';
    const count = (type: BatchRequestResult['type']) => (ended ? record.results.filter((r) => r.result.type === type).length : 0);
    return {
      id: record.id,
      type: 'message_batch',
      processing_status: record.status,
      request_counts: {
        processing: ended ? 0 : record.requests.length,
        succeeded: count('succeeded'),
        errored: count('errored'),
        canceled: count('canceled'),
        expired: count('expired'),
      },
      ended_at: iso(record.endedAt),
      created_at: iso(record.createdAt),
      expires_at: iso(record.createdAt + BATCH_WINDOW_MS),
      archived_at: null,
      cancel_initiated_at: iso(record.cancelInitiatedAt),
      results_url: ended ? `${this.host.baseUrl()}/v1/messages/batches/${record.id}/results` : null,
    };
  }

  // ---- The clock ----

  /** A held batch continues: its remaining requests are processed over their share of its latency from now, then it ends. */
  release(id: string): void {
    const record = this.running(id, 'release');
    const waiting = record.status === 'in_progress' && this.held(record) && record.results.length === this.stopAt(record);
    record.released = true;
    if (!waiting) return;
    record.resumeAt = record.lastAt = Date.now();
    record.resumedFrom = record.results.length;
  }

  /** The batch expires now, as at the end of its 24 hours: the requests processed so far are kept, the rest are `expired`. */
  expire(id: string): void {
    const record = this.running(id, 'expire');
    this.end(record, Date.now(), 'expired');
  }

  private running(id: string, what: string): MessageBatchRecord {
    this.advance();
    const record = this.records.get(id);
    if (!record) throw new Error(`No message batch ${id} to ${what}`);
    if (record.status === 'ended') throw new Error(`Message batch ${id} has already ended`);
    return record;
  }

  private stopAt(record: MessageBatchRecord): number {
    return scriptedStop(record.script, record.released, record.requests.length);
  }

  private held(record: MessageBatchRecord): boolean {
    return scriptHolds(record.script, record.released);
  }

  /** Works out every batch's life up to `now`. */
  advance(now = Date.now()): void {
    runDueEvents(this.records.values(), (record) => this.nextEvent(record), now);
  }

  private nextEvent(record: MessageBatchRecord): BatchEvent | null {
    const window = record.createdAt + BATCH_WINDOW_MS;
    let event: BatchEvent | null = null;
    if (record.status === 'canceling') {
      const at = (record.cancelInitiatedAt as number) + record.latencyMs * CANCELING_SHARE;
      return { at, run: () => this.end(record, at, 'canceled') };
    }
    if (record.status !== 'in_progress') return null;
    const done = record.results.length;
    const stop = this.stopAt(record);
    if (done < stop) {
      const at = record.resumeAt + ((done - record.resumedFrom + 1) / record.requests.length) * record.latencyMs;
      event = { at, run: () => this.process(record, at) };
    } else if (this.held(record)) {
      // Held until releaseBatch (or the end of its window, below).
    } else {
      // Every request processed (it ends), or as many as its script lets it (the rest expire).
      event = { at: record.lastAt, run: () => this.end(record, record.lastAt, 'expired') };
    }
    if (!event || event.at > window) return { at: window, run: () => this.end(record, window, 'expired') };
    return event;
  }

  /** The next request, answered as `POST /v1/messages` would answer its params. */
  private process(record: MessageBatchRecord, at: number): void {
    const request = record.requests[record.results.length];
    const failure = this.requestFailures.find((f) => f.times > 0 && f.pattern.test(JSON.stringify(request.params)));
    let result: BatchRequestResult;
    if (failure) {
      failure.times--;
      result = { type: 'errored', error: { type: 'error', error: { type: failure.type, message: failure.message }, request_id: null } };
    } else {
      const answer = this.host.runMessage(request.params, record.version);
      result = answer.body
        ? { type: 'succeeded', message: answer.body }
        : {
            type: 'errored',
            error: {
              type: 'error',
              error: { type: answer.type ?? ERROR_TYPES[answer.status] ?? 'api_error', message: answer.message ?? '' },
              request_id: null,
            },
          };
    }
    record.results.push({ customId: request.customId, result });
    record.lastAt = at;
    const model = isObject(request.params) ? String(request.params.model) : '';
    this.processed.push({ batchId: record.id, customId: request.customId, model, type: result.type as 'succeeded' | 'errored' });
  }

  /** The batch ends at `at`: the requests not processed are `canceled` (a cancel) or `expired`. */
  private end(record: MessageBatchRecord, at: number, unprocessed: 'canceled' | 'expired'): void {
    for (const request of record.requests.slice(record.results.length)) record.results.push({ customId: request.customId, result: { type: unprocessed } });
    record.status = 'ended';
    record.endedAt = at;
  }
}

/** Why Anthropic would refuse this create at once (its body, not its requests' params), or null. */
function createRefusal(body: Record<string, unknown>, maxRequests: number): string | null {
  const extra = Object.keys(body).find((key) => key !== 'requests');
  if (extra !== undefined) return `${extra}: Extra inputs are not permitted`;
  const requests = body.requests;
  if (requests === undefined) return 'requests: Field required';
  if (!Array.isArray(requests)) return 'requests: Input should be a valid list';
  if (requests.length === 0) return 'requests: List should have at least 1 item after validation, not 0';
  if (requests.length > maxRequests) return `requests: List should have at most ${maxRequests} items after validation, not ${requests.length}`;
  const seen = new Set<string>();
  for (const [i, request] of requests.entries()) {
    if (!isObject(request)) return `requests.${i}: Input should be a valid dictionary`;
    const unknown = Object.keys(request).find((key) => key !== 'custom_id' && key !== 'params');
    if (unknown !== undefined) return `requests.${i}.${unknown}: Extra inputs are not permitted`;
    if (request.custom_id === undefined) return `requests.${i}.custom_id: Field required`;
    if (typeof request.custom_id !== 'string') return `requests.${i}.custom_id: Input should be a valid string`;
    if (!CUSTOM_ID.test(request.custom_id)) return `requests.${i}.custom_id: String should match pattern '^[a-zA-Z0-9_-]{1,64}$'`;
    if (seen.has(request.custom_id)) return `requests: custom_id "${request.custom_id}" is used by more than one request; each must be unique within the batch`;
    seen.add(request.custom_id);
    if (request.params === undefined) return `requests.${i}.params: Field required`;
    if (!isObject(request.params)) return `requests.${i}.params: Input should be a valid dictionary`;
  }
  return null;
}
