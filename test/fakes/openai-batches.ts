import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { json, RecordedRequest } from './http-fake';

/**
 * OpenAI's Files and Batch APIs for OpenAiFake (which routes `/v1/files*` and `/v1/batches*` here):
 * uploads of every purpose, a file's object and bytes, and batches of chat requests that walk
 * OpenAI's statuses as the clock moves — worked out lazily from the clock at each request (no
 * timers run, so a stopped fake leaves nothing behind). Each line of a batch is answered by the
 * fake's own chat logic, so a batch line is refused exactly as POST /v1/chat/completions would
 * refuse it. The shapes are those of OpenAI's OpenAPI document (`Batch`, `OpenAIFile`,
 * `ListBatchesResponse`, `BatchError`); the input and output line formats, the limits and the
 * codes a batch fails with are those of OpenAI's batch guide. Where neither says OpenAI's exact
 * words (most validation messages: a mismatched model or url, a duplicate custom_id, too many
 * lines, an empty file), the message is the simulator's own, in OpenAI's style: match on `code`.
 */

/** An uploaded file, or one a batch wrote (its output or error file). */
export interface FakeFile {
  id: string;
  filename: string;
  purpose: string;
  content: string;
  /** Unix seconds. */
  createdAt: number;
  /** Unix seconds, or null for a file kept until deleted (OpenAI's default for every purpose but `batch`). */
  expiresAt: number | null;
}

/** What the next created batch does, instead of running its lines to completion (see OpenAiFake.batchScript). */
export interface BatchScriptEntry {
  /** The fraction (0..1) of the lines executed, after which the batch expires (the rest are `batch_expired`). */
  expireAfter?: number;
  /** The batch stays in_progress, with the lines up to `expireAfter` (or none) done, until releaseBatch(id); then it runs to completion. */
  hold?: boolean;
}

export type BatchStatus = 'validating' | 'failed' | 'in_progress' | 'finalizing' | 'completed' | 'expired' | 'cancelling' | 'cancelled';

/** One entry of a failed batch's `errors.data`, as OpenAI's `BatchError`. */
export interface BatchError {
  code: string;
  message: string;
  param: string | null;
  line: number | null;
}

/** One valid line of a batch's input file. */
export interface BatchLine {
  /** Its line number in the file (1-based, as OpenAI's `BatchError.line`). */
  line: number;
  customId: string;
  body: Record<string, unknown>;
  /** Its prompt's tokens, estimated as the chat route counts them: ceil(JSON.stringify(messages).length / 4). */
  tokens: number;
}

/** A line that was executed: the chat route's answer to it. */
export interface BatchLineResult {
  customId: string;
  /** The HTTP status the chat route answered (200, or the refusal's). */
  status: number;
  body: unknown;
  /** When it was executed (ms since the epoch): on the batch's schedule, however late the fake was asked. */
  at: number;
}

/** The fake's record of one batch; times are milliseconds since the epoch (the API answers whole seconds). */
export interface BatchRecord {
  id: string;
  /** Creation order, which breaks ties between events due at the same instant. */
  seq: number;
  inputFileId: string;
  endpoint: string;
  completionWindow: string;
  metadata: Record<string, string> | null;
  /** The output and error files' expiry, in seconds after their creation (`output_expires_after`), or null. */
  outputExpiresAfter: number | null;
  /** `batchLatencyMs` when the batch was created: its whole run, from created to completed. */
  latencyMs: number;
  /** The batchScript entry it took, if any. */
  script: BatchScriptEntry;
  /** released by releaseBatch (a held batch runs to completion). */
  released: boolean;
  /** What validation will find, worked out at creation and made known at the end of validating. */
  parsed: { lines: BatchLine[]; errors: BatchError[]; model: string | null };
  status: BatchStatus;
  /** The lines' model, once validated. */
  model: string | null;
  /** The lines to execute, once validated (in file order). */
  lines: BatchLine[];
  errors: BatchError[] | null;
  /** The executed lines, in the order they were executed (lines[0..results.length-1]). */
  results: BatchLineResult[];
  createdAt: number;
  inProgressAt: number | null;
  finalizingAt: number | null;
  completedAt: number | null;
  failedAt: number | null;
  expiredAt: number | null;
  cancellingAt: number | null;
  cancelledAt: number | null;
  /** When the lines' schedule (re)started — in_progress_at, or the release of a held batch — and how many lines were done then. */
  resumeAt: number;
  resumedFrom: number;
  /** When the last line was executed (in_progress_at before the first). */
  lastLineAt: number;
  outputFileId: string | null;
  errorFileId: string | null;
}

/** Every line a batch executed (each one is a paid request), for tests that check nothing ran twice. */
export interface ExecutedLine {
  batchId: string;
  customId: string;
  model: string;
  /** The status the chat route answered it with. */
  status: number;
}

/** A chat.completion's usage, which a batch's `usage` sums (as input_tokens, output_tokens and their details). */
interface ChatUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  prompt_tokens_details?: { cached_tokens?: number };
  completion_tokens_details?: { reasoning_tokens?: number };
}

/** What the batch simulator needs of OpenAiFake. */
export interface BatchHost {
  /** The fake's files: uploads, and the output and error files batches write. */
  readonly files: Map<string, FakeFile>;
  /** batchLatencyMs and enqueuedTokenLimit as they are now. */
  settings(): { latencyMs: number; tokenLimit: number };
  /** The next batchScript entry, taken off the script. */
  nextScript(): BatchScriptEntry | undefined;
  /** OpenAI's 429 insufficient_quota answer when the account is out of credit, else null. */
  unpaid(): { status: number; body: unknown } | null;
  /** One chat request, its body as JSON text, answered as POST /v1/chat/completions would answer it (without HTTP, per-minute limits or latency). */
  runChat(bodyJson: string): { status: number; body: unknown };
}

/** The purposes POST /v1/files accepts (CreateFileRequest's enum). */
const UPLOAD_PURPOSES = ['assistants', 'batch', 'fine-tune', 'vision', 'user_data', 'evals'];
/** The endpoints a batch may name (CreateBatchRequest's enum); the simulator executes chat completions only. */
const BATCH_ENDPOINTS = [
  '/v1/responses',
  '/v1/chat/completions',
  '/v1/embeddings',
  '/v1/completions',
  '/v1/moderations',
  '/v1/images/generations',
  '/v1/images/edits',
  '/v1/videos',
];
const SIMULATED_ENDPOINT = '/v1/chat/completions';
/** A batch input file is at most 200 MB. */
export const BATCH_FILE_MAX_BYTES = 209_715_200;
/** A batch has at most 50,000 requests. */
export const BATCH_MAX_LINES = 50_000;
/** Files of purpose `batch` expire 30 days after their upload unless `expires_after` says otherwise. */
const BATCH_FILE_LIFETIME_S = 30 * 86_400;
/** The completion window: a batch not done within 24 hours expires. */
const WINDOW_MS = 86_400_000;
/** The share of batchLatencyMs a batch spends validating, then executing its lines; the rest it spends finalizing (or cancelling). */
const VALIDATING_SHARE = 0.1;
const EXECUTING_SHARE = 0.85;
const FINALIZING_SHARE = 0.05;
const METADATA_MAX_KEYS = 16;
const METADATA_KEY_MAX = 64;
const METADATA_VALUE_MAX = 512;

const hex = (bytes: number) => randomBytes(bytes).toString('hex');
const seconds = (ms: number | null) => (ms === null ? null : Math.floor(ms / 1000));
/** A value's type as OpenAI names it in "Invalid type for 'x': expected a string, but got an integer instead.". */
const jsonType = (value: unknown) =>
  Array.isArray(value)
    ? 'an array'
    : value === null
      ? 'null'
      : typeof value === 'number'
        ? Number.isInteger(value)
          ? 'an integer'
          : 'a decimal'
        : typeof value === 'object'
          ? 'an object'
          : `a ${typeof value}`;
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** OpenAI's error body; every refusal here is an invalid_request_error. */
function refusal(message: string, param: string | null = null, code: string | null = null, type = 'invalid_request_error') {
  return { error: { message, type, param, code } };
}

/** Reads the parts of a multipart/form-data body (enough for the SDK's file uploads). */
export function multipart(req: RecordedRequest): Record<string, { filename?: string; value: string }> {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(String(req.headers['content-type']));
  if (!boundary) return {};
  const parts: Record<string, { filename?: string; value: string }> = {};
  for (const part of req.body.split(`--${boundary[1] ?? boundary[2]}`)) {
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) continue;
    const head = part.slice(0, split);
    const name = /name="([^"]+)"/.exec(head)?.[1];
    if (!name) continue;
    parts[name] = { filename: /filename="([^"]*)"/.exec(head)?.[1], value: part.slice(split + 4).replace(/\r\n$/, '') };
  }
  return parts;
}

/**
 * Reads a batch input file as OpenAI validates one: one JSON object a line (blank lines skipped),
 * each `{custom_id, method: "POST", url: <the batch's endpoint>, body: {model, ...}}`, custom_ids
 * unique, every line naming the same model, at most 50,000 lines. Each bad line is one BatchError
 * naming its line (the first fault found on it); any error fails the whole batch.
 */
export function parseBatchInput(content: string, endpoint: string): { lines: BatchLine[]; errors: BatchError[]; model: string | null } {
  const raw = content.split('\n').map((text, index) => ({ text: text.replace(/\r$/, ''), line: index + 1 }));
  const nonEmpty = raw.filter((entry) => entry.text.trim() !== '');
  if (nonEmpty.length === 0)
    return { lines: [], errors: [{ code: 'empty_file', message: 'The batch input file is empty.', param: null, line: null }], model: null };
  if (nonEmpty.length > BATCH_MAX_LINES) {
    const message = `The batch input file contains ${nonEmpty.length.toLocaleString('en-US')} requests, more than the ${BATCH_MAX_LINES.toLocaleString('en-US')} a batch may have.`;
    return { lines: [], errors: [{ code: 'too_many_requests', message, param: null, line: null }], model: null };
  }
  const lines: BatchLine[] = [];
  const errors: BatchError[] = [];
  const seen = new Set<string>();
  let model: string | null = null;
  for (const { text, line } of nonEmpty) {
    const fault = (code: string, message: string, param: string | null) => errors.push({ code, message, param, line });
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      fault('invalid_json_line', 'This line is not parseable as valid JSON.', null);
      continue;
    }
    const request = isObject(parsed) ? parsed : {};
    const missing = (['custom_id', 'method', 'url', 'body'] as const).find((param) => request[param] === undefined || request[param] === null);
    if (missing) {
      fault('missing_required_parameter', `Missing required parameter: '${missing}'.`, missing);
      continue;
    }
    const wrongType = (['custom_id', 'method', 'url'] as const).find((param) => typeof request[param] !== 'string');
    if (wrongType) {
      fault('invalid_type', `Invalid type for '${wrongType}': expected a string, but got ${jsonType(request[wrongType])} instead.`, wrongType);
      continue;
    }
    if (!isObject(request.body)) {
      fault('invalid_type', `Invalid type for 'body': expected an object, but got ${jsonType(request.body)} instead.`, 'body');
      continue;
    }
    const customId = request.custom_id as string;
    if (request.method !== 'POST') {
      fault('invalid_value', `Invalid value: '${String(request.method)}'. Supported values are: 'POST'.`, 'method');
      continue;
    }
    if (request.url !== endpoint) {
      fault('mismatched_endpoint', `The url '${String(request.url)}' of this request does not match the batch's endpoint '${endpoint}'.`, 'url');
      continue;
    }
    if (typeof request.body.model !== 'string' || request.body.model === '') {
      fault('missing_required_parameter', "Missing required parameter: 'body.model'.", 'body.model');
      continue;
    }
    if (seen.has(customId)) {
      fault(
        'duplicate_custom_id',
        'The custom_id for this request is a duplicate of another request. The custom_id parameter must be unique for each request in a batch.',
        'custom_id',
      );
      continue;
    }
    seen.add(customId);
    model ??= request.body.model;
    if (request.body.model !== model) {
      fault(
        'mismatched_model',
        `The model '${request.body.model}' of this request does not match the model '${model}' of the batch's other requests.`,
        'body.model',
      );
      continue;
    }
    lines.push({ line, customId, body: request.body, tokens: Math.ceil(JSON.stringify(request.body.messages ?? []).length / 4) });
  }
  return { lines, errors, model };
}

/**
 * The Files and Batch APIs. Routes (all behind OpenAiFake's key check and failNext):
 * POST /v1/files, GET /v1/files/{id}, GET /v1/files/{id}/content, DELETE /v1/files/{id},
 * POST /v1/batches, GET /v1/batches, GET /v1/batches/{id}, POST /v1/batches/{id}/cancel.
 *
 * A batch's life, from `latencyMs` (batchLatencyMs at its creation): `validating` for the first 10%;
 * then `failed` if its input file does not validate (errors.data names each bad line) or its tokens
 * with those of the same model's earlier batches still enqueued pass `enqueuedTokenLimit`
 * (token_limit_exceeded); else `in_progress` while its lines are executed evenly over the next 85%
 * (line i of n done at in_progress_at + (i+1)/n × 85%); then `finalizing` for the last 5%; then
 * `completed` with its output file (the lines answered 200) and error file (the others). A line due
 * is executed when the fake is next asked anything about batches or files, with the fake's settings
 * as they are then. A batch not done 24 hours after its creation `expired`s; a scripted one expires
 * sooner, or is held (see BatchScriptEntry); cancelling takes 5% of its latency.
 */
export class OpenAiBatches {
  /** Every batch, in creation order. */
  readonly records = new Map<string, BatchRecord>();
  readonly executedLines: ExecutedLine[] = [];
  private seq = 0;

  constructor(private readonly host: BatchHost) {}

  reset(): void {
    this.records.clear();
    this.executedLines.length = 0;
  }

  /** Answers the request if it is one of the Files or Batch APIs'; false if it is not. */
  route(req: RecordedRequest, res: ServerResponse): boolean {
    const { method, path } = req;
    const file = /^\/v1\/files\/([^/]+)(\/content)?$/.exec(path);
    const batch = /^\/v1\/batches\/([^/]+)(\/cancel)?$/.exec(path);
    if (method === 'POST' && path === '/v1/files') this.createFile(req, res);
    else if (method === 'GET' && file?.[2]) this.fileContent(decodeURIComponent(file[1]), res);
    else if (method === 'GET' && file) this.retrieveFile(decodeURIComponent(file[1]), res);
    else if (method === 'DELETE' && file && !file[2]) this.deleteFile(decodeURIComponent(file[1]), res);
    else if (method === 'POST' && path === '/v1/batches') this.createBatch(req, res);
    else if (method === 'GET' && path === '/v1/batches') this.listBatches(req, res);
    else if (method === 'GET' && batch && !batch[2]) this.retrieveBatch(decodeURIComponent(batch[1]), res);
    else if (method === 'POST' && batch?.[2]) this.cancelBatch(decodeURIComponent(batch[1]), res);
    else return false;
    return true;
  }

  // ---- Files ----

  /** The file object, as OpenAI's `OpenAIFile` (status `processed`; expires_at only for a file that expires). */
  fileBody(file: FakeFile) {
    return {
      id: file.id,
      object: 'file',
      bytes: Buffer.byteLength(file.content),
      created_at: file.createdAt,
      ...(file.expiresAt === null ? {} : { expires_at: file.expiresAt }),
      filename: file.filename,
      purpose: file.purpose,
      status: 'processed',
    };
  }

  /**
   * An upload of any of CreateFileRequest's purposes. A `batch` file must be .jsonl and at most
   * 200 MB, and expires 30 days after its upload; `expires_after[anchor]=created_at` with
   * `expires_after[seconds]` (3600–2592000) sets any file's expiry. A `fine-tune` file is taken as
   * it comes (fine-tuning jobs validate it).
   */
  private createFile(req: RecordedRequest, res: ServerResponse): void {
    const parts = multipart(req);
    if (!parts.purpose) return json(res, 400, refusal("Missing required parameter: 'purpose'.", 'purpose', 'missing_required_parameter'));
    const purpose = parts.purpose.value;
    if (!UPLOAD_PURPOSES.includes(purpose)) return json(res, 400, refusal("Invalid value for 'purpose'.", 'purpose', 'invalid_value'));
    if (!parts.file) return json(res, 400, refusal("Missing required parameter: 'file'.", 'file', 'missing_required_parameter'));
    const filename = parts.file.filename ?? 'upload';
    const content = parts.file.value;
    if (purpose === 'batch') {
      if (!/\.jsonl$/i.test(filename)) return json(res, 400, refusal('Invalid file format for Batch API. Must be .jsonl', 'file'));
      if (Buffer.byteLength(content) > BATCH_FILE_MAX_BYTES)
        return json(res, 400, refusal('File is too large. Batch input files must be at most 200 MB.', 'file'));
    }
    const createdAt = Math.floor(Date.now() / 1000);
    let expiresAt: number | null = purpose === 'batch' ? createdAt + BATCH_FILE_LIFETIME_S : null;
    const anchor = parts['expires_after[anchor]']?.value;
    const after = parts['expires_after[seconds]']?.value;
    if (anchor !== undefined || after !== undefined) {
      const invalid = this.expiryRefusal('expires_after', anchor, after === undefined ? undefined : Number(after));
      if (invalid) return json(res, 400, invalid);
      expiresAt = createdAt + Number(after);
    }
    const file: FakeFile = { id: `file-${hex(10)}`, filename, purpose, content, createdAt, expiresAt };
    this.host.files.set(file.id, file);
    json(res, 200, this.fileBody(file));
  }

  /** OpenAI's refusal of an expiry policy ({anchor: 'created_at', seconds: 3600–2592000}), or null. */
  private expiryRefusal(param: string, anchor: unknown, after: unknown) {
    if (anchor === undefined || anchor === null)
      return refusal(`Missing required parameter: '${param}.anchor'.`, `${param}.anchor`, 'missing_required_parameter');
    if (anchor !== 'created_at') return refusal(`Invalid value: '${String(anchor)}'. Supported values are: 'created_at'.`, `${param}.anchor`, 'invalid_value');
    if (after === undefined || after === null)
      return refusal(`Missing required parameter: '${param}.seconds'.`, `${param}.seconds`, 'missing_required_parameter');
    if (typeof after !== 'number' || !Number.isInteger(after))
      return refusal(`Invalid type for '${param}.seconds': expected an integer, but got ${jsonType(after)} instead.`, `${param}.seconds`, 'invalid_type');
    if (after < 3600)
      return refusal(
        `Invalid '${param}.seconds': integer below minimum value. Expected a value >= 3600, but got ${after} instead.`,
        `${param}.seconds`,
        'integer_below_min_value',
      );
    if (after > 2_592_000)
      return refusal(
        `Invalid '${param}.seconds': integer above maximum value. Expected a value <= 2592000, but got ${after} instead.`,
        `${param}.seconds`,
        'integer_above_max_value',
      );
    return null;
  }

  private noSuchFile(res: ServerResponse, fileId: string): void {
    json(res, 404, refusal(`No such File object: ${fileId}`, 'id'));
  }

  private retrieveFile(fileId: string, res: ServerResponse): void {
    this.advance();
    const file = this.host.files.get(fileId);
    if (!file) return this.noSuchFile(res, fileId);
    json(res, 200, this.fileBody(file));
  }

  /** The file's bytes as uploaded or written; OpenAI does not let `assistants` files be downloaded. */
  private fileContent(fileId: string, res: ServerResponse): void {
    this.advance();
    const file = this.host.files.get(fileId);
    if (!file) return this.noSuchFile(res, fileId);
    if (file.purpose === 'assistants') return json(res, 400, refusal('Not allowed to download files of purpose: assistants.'));
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(Buffer.byteLength(file.content)) });
    res.end(file.content);
  }

  private deleteFile(fileId: string, res: ServerResponse): void {
    this.advance();
    if (!this.host.files.delete(fileId)) return this.noSuchFile(res, fileId);
    json(res, 200, { id: fileId, object: 'file', deleted: true });
  }

  // ---- Batches ----

  /**
   * POST /v1/batches checks its body at once (400 invalid_request_error naming the parameter):
   * input_file_id an existing file of purpose `batch`, endpoint one of the document's, completion_window
   * `24h`, metadata at most 16 string pairs (keys ≤ 64 characters, values ≤ 512), output_expires_after
   * a valid expiry; an account out of credit is refused 429 insufficient_quota. The input file's lines
   * are validated while the batch is `validating` (see the class).
   *
   * Of the document's endpoints only `/v1/chat/completions` is simulated: a batch on any other is
   * REFUSED here with a 400 in the simulator's own words (code `unsupported_by_simulator`), never
   * accepted — OpenAI accepts those endpoints, so a test that meets this refusal is using what the fake cannot do.
   */
  private createBatch(req: RecordedRequest, res: ServerResponse): void {
    this.advance();
    const body = JSON.parse(req.body || '{}');
    if (!isObject(body)) return json(res, 400, refusal(`Invalid type for body: expected an object, but got ${jsonType(body)} instead.`, null, 'invalid_type'));
    const known = ['input_file_id', 'endpoint', 'completion_window', 'metadata', 'output_expires_after'];
    const unknown = Object.keys(body).find((key) => !known.includes(key));
    if (unknown) return json(res, 400, refusal(`Unrecognized request argument supplied: ${unknown}`));
    for (const param of ['input_file_id', 'endpoint', 'completion_window']) {
      if (body[param] === undefined || body[param] === null)
        return json(res, 400, refusal(`Missing required parameter: '${param}'.`, param, 'missing_required_parameter'));
      if (typeof body[param] !== 'string')
        return json(res, 400, refusal(`Invalid type for '${param}': expected a string, but got ${jsonType(body[param])} instead.`, param, 'invalid_type'));
    }
    const { input_file_id: inputFileId, endpoint, completion_window: window } = body as Record<string, string>;
    if (!BATCH_ENDPOINTS.includes(endpoint))
      return json(
        res,
        400,
        refusal(`Invalid value: '${endpoint}'. Supported values are: ${BATCH_ENDPOINTS.map((e) => `'${e}'`).join(', ')}.`, 'endpoint', 'invalid_value'),
      );
    if (endpoint !== SIMULATED_ENDPOINT)
      return json(
        res,
        400,
        refusal(`OpenAiFake simulates batches on '${SIMULATED_ENDPOINT}' only (OpenAI accepts '${endpoint}').`, 'endpoint', 'unsupported_by_simulator'),
      );
    if (window !== '24h') return json(res, 400, refusal(`Invalid value: '${window}'. Supported values are: '24h'.`, 'completion_window', 'invalid_value'));
    const metadataRefusal = this.metadataRefusal(body.metadata);
    if (metadataRefusal) return json(res, 400, metadataRefusal);
    let outputExpiresAfter: number | null = null;
    if (body.output_expires_after !== undefined && body.output_expires_after !== null) {
      const policy = body.output_expires_after;
      if (!isObject(policy))
        return json(
          res,
          400,
          refusal(`Invalid type for 'output_expires_after': expected an object, but got ${jsonType(policy)} instead.`, 'output_expires_after', 'invalid_type'),
        );
      const invalid = this.expiryRefusal('output_expires_after', policy.anchor, policy.seconds);
      if (invalid) return json(res, 400, invalid);
      outputExpiresAfter = policy.seconds as number;
    }
    const file = this.host.files.get(inputFileId);
    if (!file) return json(res, 400, refusal(`Invalid 'input_file_id': '${inputFileId}'. File not found.`, 'input_file_id'));
    if (file.purpose !== 'batch')
      return json(res, 400, refusal(`File ${inputFileId} has purpose '${file.purpose}', but a batch input file must have purpose 'batch'.`, 'input_file_id'));
    const unpaid = this.host.unpaid();
    if (unpaid) return json(res, unpaid.status, unpaid.body);
    const now = Date.now();
    const { latencyMs } = this.host.settings();
    const record: BatchRecord = {
      id: `batch_${hex(16)}`,
      seq: this.seq++,
      inputFileId,
      endpoint,
      completionWindow: window,
      metadata: (body.metadata as Record<string, string> | null | undefined) ?? null,
      outputExpiresAfter,
      latencyMs: Math.max(0, latencyMs),
      script: { ...(this.host.nextScript() ?? {}) },
      released: false,
      // The file is read now (deleting it later does not change the batch) and checked while validating.
      parsed: parseBatchInput(file.content, endpoint),
      status: 'validating',
      model: null,
      lines: [],
      errors: null,
      results: [],
      createdAt: now,
      inProgressAt: null,
      finalizingAt: null,
      completedAt: null,
      failedAt: null,
      expiredAt: null,
      cancellingAt: null,
      cancelledAt: null,
      resumeAt: now,
      resumedFrom: 0,
      lastLineAt: now,
      outputFileId: null,
      errorFileId: null,
    };
    this.records.set(record.id, record);
    json(res, 200, this.batchBody(record));
  }

  /** OpenAI's refusal of a metadata map (at most 16 pairs of strings, keys ≤ 64 characters, values ≤ 512), or null. */
  private metadataRefusal(metadata: unknown) {
    if (metadata === undefined || metadata === null) return null;
    if (!isObject(metadata))
      return refusal(`Invalid type for 'metadata': expected an object, but got ${jsonType(metadata)} instead.`, 'metadata', 'invalid_type');
    const keys = Object.keys(metadata);
    if (keys.length > METADATA_MAX_KEYS)
      return refusal(
        `Invalid 'metadata': too many properties. Expected an object with at most ${METADATA_MAX_KEYS} properties, but got an object with ${keys.length} properties instead.`,
        'metadata',
        'object_above_max_properties',
      );
    for (const key of keys) {
      if (key.length > METADATA_KEY_MAX)
        return refusal(
          `Invalid 'metadata': string too long. Expected a string with maximum length ${METADATA_KEY_MAX}, but got a string with length ${key.length} instead.`,
          'metadata',
          'string_above_max_length',
        );
      const value = metadata[key];
      if (typeof value !== 'string')
        return refusal(`Invalid type for 'metadata.${key}': expected a string, but got ${jsonType(value)} instead.`, `metadata.${key}`, 'invalid_type');
      if (value.length > METADATA_VALUE_MAX)
        return refusal(
          `Invalid 'metadata.${key}': string too long. Expected a string with maximum length ${METADATA_VALUE_MAX}, but got a string with length ${value.length} instead.`,
          `metadata.${key}`,
          'string_above_max_length',
        );
    }
    return null;
  }

  private noSuchBatch(res: ServerResponse, batchId: string): void {
    json(res, 404, refusal(`No batch found with id '${batchId}'.`));
  }

  private retrieveBatch(batchId: string, res: ServerResponse): void {
    this.advance();
    const record = this.records.get(batchId);
    if (!record) return this.noSuchBatch(res, batchId);
    json(res, 200, this.batchBody(record));
  }

  /** Newest first, as OpenAI lists them; `after` (a batch id) and `limit` (1–100, default 20) page through them. */
  private listBatches(req: RecordedRequest, res: ServerResponse): void {
    this.advance();
    const rawLimit = req.query.get('limit');
    const limit = rawLimit === null ? 20 : Number(rawLimit);
    if (!Number.isInteger(limit))
      return json(res, 400, refusal(`Invalid 'limit': expected an integer, but got '${rawLimit}' instead.`, 'limit', 'invalid_type'));
    if (limit < 1)
      return json(
        res,
        400,
        refusal(`Invalid 'limit': integer below minimum value. Expected a value >= 1, but got ${limit} instead.`, 'limit', 'integer_below_min_value'),
      );
    if (limit > 100)
      return json(
        res,
        400,
        refusal(`Invalid 'limit': integer above maximum value. Expected a value <= 100, but got ${limit} instead.`, 'limit', 'integer_above_max_value'),
      );
    const all = [...this.records.values()].reverse();
    const after = req.query.get('after');
    // An `after` naming no batch of the fake's lists from the newest, as the fine-tuning jobs' list does.
    const start = after ? all.findIndex((record) => record.id === after) + 1 : 0;
    const page = all.slice(start, start + limit);
    json(res, 200, {
      object: 'list',
      data: page.map((record) => this.batchBody(record)),
      first_id: page[0]?.id ?? null,
      last_id: page[page.length - 1]?.id ?? null,
      has_more: start + limit < all.length,
    });
  }

  /**
   * Cancelling: a validating, in_progress or finalizing batch goes `cancelling` at once (no line is
   * executed after), then `cancelled` with what was done in its output file and the rest as
   * `batch_cancelled` lines in its error file; a cancelling one is answered as it is; an ended one is refused 400.
   */
  private cancelBatch(batchId: string, res: ServerResponse): void {
    this.advance();
    const record = this.records.get(batchId);
    if (!record) return this.noSuchBatch(res, batchId);
    if (['completed', 'failed', 'expired', 'cancelled'].includes(record.status))
      return json(res, 400, refusal(`Cannot cancel a batch with status '${record.status}'.`));
    if (record.status !== 'cancelling') {
      record.status = 'cancelling';
      record.cancellingAt = Date.now();
    }
    json(res, 200, this.batchBody(record));
  }

  /** The batch object, as OpenAI's `Batch`: every field, null where not (yet) set, as OpenAI writes them. */
  batchBody(record: BatchRecord) {
    const succeeded = record.results.filter((result) => result.status === 200);
    const usage = {
      input_tokens: 0,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: 0,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: 0,
    };
    for (const result of succeeded) {
      const used = (result.body as { usage?: ChatUsage }).usage;
      if (!used) continue;
      usage.input_tokens += used.prompt_tokens;
      usage.input_tokens_details.cached_tokens += used.prompt_tokens_details?.cached_tokens ?? 0;
      usage.output_tokens += used.completion_tokens;
      usage.output_tokens_details.reasoning_tokens += used.completion_tokens_details?.reasoning_tokens ?? 0;
      usage.total_tokens += used.total_tokens;
    }
    return {
      id: record.id,
      object: 'batch',
      endpoint: record.endpoint,
      model: record.model,
      errors: record.errors ? { object: 'list', data: record.errors } : null,
      input_file_id: record.inputFileId,
      completion_window: record.completionWindow,
      status: record.status,
      output_file_id: record.outputFileId,
      error_file_id: record.errorFileId,
      created_at: seconds(record.createdAt),
      in_progress_at: seconds(record.inProgressAt),
      expires_at: seconds(record.createdAt + WINDOW_MS),
      finalizing_at: seconds(record.finalizingAt),
      completed_at: seconds(record.completedAt),
      failed_at: seconds(record.failedAt),
      expired_at: seconds(record.expiredAt),
      cancelling_at: seconds(record.cancellingAt),
      cancelled_at: seconds(record.cancelledAt),
      request_counts: {
        total: record.lines.length,
        completed: succeeded.length,
        failed: record.results.length - succeeded.length,
      },
      usage,
      metadata: record.metadata,
    };
  }

  // ---- The clock ----

  /** A held batch continues: its remaining lines are executed over their share of its latency from now, then it completes. */
  release(batchId: string): void {
    const record = this.running(batchId, 'release');
    const waiting = record.status === 'in_progress' && this.held(record) && record.results.length === this.stopAt(record);
    record.released = true;
    if (!waiting) return;
    record.resumeAt = record.lastLineAt = Date.now();
    record.resumedFrom = record.results.length;
  }

  /** The batch expires now, as at the end of its window: the lines executed so far are kept, the rest are `batch_expired`. */
  expire(batchId: string): void {
    const record = this.running(batchId, 'expire');
    if (record.status === 'cancelling') throw new Error(`Batch ${batchId} is cancelling; it cannot expire`);
    this.end(record, 'expired', Date.now());
  }

  /** The record of a batch that has not ended yet (for release and expire), after the clock is brought up to now. */
  private running(batchId: string, what: string): BatchRecord {
    this.advance();
    const record = this.records.get(batchId);
    if (!record) throw new Error(`No batch ${batchId} to ${what}`);
    if (['completed', 'failed', 'expired', 'cancelled'].includes(record.status)) throw new Error(`Batch ${batchId} has already ended (${record.status})`);
    return record;
  }

  /** How many lines the batch executes before it stops (to expire, or to be held): all of them unless its script says otherwise. */
  private stopAt(record: BatchRecord): number {
    const { expireAfter, hold } = record.script;
    if (record.released) return record.lines.length;
    const fraction = expireAfter === undefined ? (hold ? 0 : 1) : Math.min(1, Math.max(0, expireAfter));
    return Math.floor(fraction * record.lines.length);
  }

  /** The batch's script holds it (until releaseBatch). */
  private held(record: BatchRecord): boolean {
    return record.script.hold === true && !record.released;
  }

  /**
   * Works out every batch's life up to `now`: the events due (the end of validating, each line,
   * the end of finalizing or cancelling, expiry) are run one at a time in the order of their time,
   * so a batch's token check sees the earlier batches as they were at that instant.
   */
  advance(now = Date.now()): void {
    for (;;) {
      let next: { at: number; record: BatchRecord; run: () => void } | null = null;
      for (const record of this.records.values()) {
        const event = this.nextEvent(record);
        if (event && event.at <= now && (!next || event.at < next.at)) next = { ...event, record };
      }
      if (!next) return;
      next.run();
    }
  }

  /** The batch's next event: when it is due and what it does. */
  private nextEvent(record: BatchRecord): { at: number; run: () => void } | null {
    const window = record.createdAt + WINDOW_MS;
    const short = record.latencyMs * FINALIZING_SHARE;
    let event: { at: number; run: () => void } | null = null;
    switch (record.status) {
      case 'validating': {
        const at = record.createdAt + record.latencyMs * VALIDATING_SHARE;
        event = { at, run: () => this.validated(record, at) };
        break;
      }
      case 'in_progress': {
        const done = record.results.length;
        const stop = this.stopAt(record);
        if (done < stop) {
          const at = record.resumeAt + ((done - record.resumedFrom + 1) / record.lines.length) * record.latencyMs * EXECUTING_SHARE;
          event = { at, run: () => this.executeLine(record, at) };
        } else if (this.held(record)) {
          // Held until releaseBatch (or the end of its window, below).
        } else if (stop === record.lines.length && (record.released || record.script.expireAfter === undefined)) {
          const at = record.lastLineAt;
          event = { at, run: () => this.finalizing(record, at) };
        } else {
          event = { at: record.lastLineAt, run: () => this.end(record, 'expired', record.lastLineAt) };
        }
        break;
      }
      case 'finalizing': {
        const at = (record.finalizingAt as number) + short;
        return { at, run: () => this.end(record, 'completed', at) };
      }
      case 'cancelling': {
        const at = (record.cancellingAt as number) + short;
        return { at, run: () => this.end(record, 'cancelled', at) };
      }
      default:
        return null;
    }
    // A batch still validating or in progress when its 24 hours are up expires then.
    if (!event || event.at > window) return { at: window, run: () => this.end(record, 'expired', window) };
    return event;
  }

  /**
   * The end of validating: `failed` with the input file's errors, or with token_limit_exceeded when
   * its tokens and those of the same model's earlier batches not yet ended (validating, in_progress,
   * finalizing or cancelling) pass enqueuedTokenLimit; else `in_progress`.
   */
  private validated(record: BatchRecord, at: number): void {
    const { lines, errors, model } = record.parsed;
    if (errors.length > 0) {
      this.fail(record, at, errors);
      return;
    }
    record.model = model;
    const limit = this.host.settings().tokenLimit;
    const tokensOf = (other: BatchRecord) => other.parsed.lines.reduce((sum, line) => sum + line.tokens, 0);
    const enqueued = [...this.records.values()]
      .filter((other) => other.seq < record.seq && ['validating', 'in_progress', 'finalizing', 'cancelling'].includes(other.status))
      .filter((other) => (other.model ?? other.parsed.model) === model && (other.status !== 'validating' || other.parsed.errors.length === 0))
      .reduce((sum, other) => sum + tokensOf(other), 0);
    if (enqueued + tokensOf(record) > limit) {
      const message = `Enqueued token limit reached for ${model} in organization org-fake. Limit: ${limit.toLocaleString('en-US')} enqueued tokens. Please try again once some in_progress batches have been completed.`;
      this.fail(record, at, [{ code: 'token_limit_exceeded', message, param: null, line: null }]);
      return;
    }
    record.status = 'in_progress';
    record.lines = lines;
    record.inProgressAt = record.resumeAt = record.lastLineAt = at;
    record.resumedFrom = 0;
  }

  private fail(record: BatchRecord, at: number, errors: BatchError[]): void {
    record.status = 'failed';
    record.failedAt = at;
    record.errors = errors;
  }

  private finalizing(record: BatchRecord, at: number): void {
    record.status = 'finalizing';
    record.finalizingAt = at;
  }

  /** The next line, run through the chat route's logic; each one is recorded in executedLines. */
  private executeLine(record: BatchRecord, at: number): void {
    const line = record.lines[record.results.length];
    const answer = this.host.runChat(JSON.stringify(line.body));
    record.results.push({ customId: line.customId, status: answer.status, body: answer.body, at });
    record.lastLineAt = at;
    this.executedLines.push({ batchId: record.id, customId: line.customId, model: String(line.body.model), status: answer.status });
  }

  /**
   * The batch ends (completed, expired or cancelled) at `at`: its output file holds the lines
   * answered 200, its error file the lines refused and those never executed (`batch_expired` or
   * `batch_cancelled`); each file is written only if it has a line.
   */
  private end(record: BatchRecord, status: 'completed' | 'expired' | 'cancelled', at: number): void {
    record.status = status;
    if (status === 'completed') record.completedAt = at;
    if (status === 'expired') record.expiredAt = at;
    if (status === 'cancelled') record.cancelledAt = at;
    const output: string[] = [];
    const failed: string[] = [];
    for (const result of record.results) {
      const line = JSON.stringify({
        id: `batch_req_${hex(16)}`,
        custom_id: result.customId,
        response: { status_code: result.status, request_id: hex(16), body: result.body },
        error: null,
      });
      (result.status === 200 ? output : failed).push(line);
    }
    const unexecuted =
      status === 'expired'
        ? { code: 'batch_expired', message: 'This request could not be executed before the completion window expired.' }
        : { code: 'batch_cancelled', message: 'This request was not executed because the batch was cancelled.' };
    for (const line of record.lines.slice(record.results.length)) {
      failed.push(JSON.stringify({ id: `batch_req_${hex(16)}`, custom_id: line.customId, response: null, error: unexecuted }));
    }
    const write = (kind: 'output' | 'error', lines: string[]) => {
      if (lines.length === 0) return null;
      const createdAt = Math.floor(at / 1000);
      const file: FakeFile = {
        id: `file-${hex(10)}`,
        filename: `${record.id}_${kind}.jsonl`,
        purpose: 'batch_output',
        content: `${lines.join('\n')}\n`,
        createdAt,
        expiresAt: record.outputExpiresAfter === null ? null : createdAt + record.outputExpiresAfter,
      };
      this.host.files.set(file.id, file);
      return file.id;
    };
    record.outputFileId = write('output', output);
    record.errorFileId = write('error', failed);
  }
}
