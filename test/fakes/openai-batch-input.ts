import { expiryRefusal, jsonType, refusal, Refusal } from './openai-files';

/**
 * What a batch of OpenAiFake's takes in, checked as OpenAI checks it: the body of POST /v1/batches
 * (refused at once) and the lines of its input file (found faulty while the batch is `validating`;
 * see openai-batches.ts). The input line format and limits are those of OpenAI's batch guide, the
 * request's those of OpenAI's OpenAPI document (`CreateBatchRequest`, `BatchError`). Where neither
 * says OpenAI's exact words (most validation messages: a mismatched model or url, a duplicate
 * custom_id, too many lines, an empty file), the message is the simulator's own, in OpenAI's
 * style: match on `code`.
 */

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

/** A POST /v1/batches body that passed the checks. */
export interface BatchRequest {
  inputFileId: string;
  endpoint: string;
  completionWindow: string;
  metadata: Record<string, string> | null;
  /** `output_expires_after.seconds`, or null. */
  outputExpiresAfter: number | null;
}

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
/** A batch has at most 50,000 requests. */
export const BATCH_MAX_LINES = 50_000;
const METADATA_MAX_KEYS = 16;
const METADATA_KEY_MAX = 64;
const METADATA_VALUE_MAX = 512;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

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
 * The checks POST /v1/batches makes of its body at once (each refusal a 400 invalid_request_error
 * naming the parameter): no unknown parameter, input_file_id, endpoint and completion_window
 * strings, endpoint one of the document's, completion_window `24h`, metadata at most 16 string
 * pairs (keys ≤ 64 characters, values ≤ 512), output_expires_after a valid expiry. The input file
 * itself is looked up by the caller.
 *
 * Of the document's endpoints only `/v1/chat/completions` is simulated: a batch on any other is
 * REFUSED here with a 400 in the simulator's own words (code `unsupported_by_simulator`), never
 * accepted — OpenAI accepts those endpoints, so a test that meets this refusal is using what the fake cannot do.
 */
export function checkBatchRequest(body: unknown): { refused: Refusal } | { request: BatchRequest } {
  if (!isObject(body)) return { refused: refusal(`Invalid type for body: expected an object, but got ${jsonType(body)} instead.`, null, 'invalid_type') };
  const known = ['input_file_id', 'endpoint', 'completion_window', 'metadata', 'output_expires_after'];
  const unknown = Object.keys(body).find((key) => !known.includes(key));
  if (unknown) return { refused: refusal(`Unrecognized request argument supplied: ${unknown}`) };
  for (const param of ['input_file_id', 'endpoint', 'completion_window']) {
    if (body[param] === undefined || body[param] === null)
      return { refused: refusal(`Missing required parameter: '${param}'.`, param, 'missing_required_parameter') };
    if (typeof body[param] !== 'string')
      return { refused: refusal(`Invalid type for '${param}': expected a string, but got ${jsonType(body[param])} instead.`, param, 'invalid_type') };
  }
  const { input_file_id: inputFileId, endpoint, completion_window: window } = body as Record<string, string>;
  if (!BATCH_ENDPOINTS.includes(endpoint))
    return {
      refused: refusal(`Invalid value: '${endpoint}'. Supported values are: ${BATCH_ENDPOINTS.map((e) => `'${e}'`).join(', ')}.`, 'endpoint', 'invalid_value'),
    };
  if (endpoint !== SIMULATED_ENDPOINT)
    return {
      refused: refusal(`OpenAiFake simulates batches on '${SIMULATED_ENDPOINT}' only (OpenAI accepts '${endpoint}').`, 'endpoint', 'unsupported_by_simulator'),
    };
  if (window !== '24h') return { refused: refusal(`Invalid value: '${window}'. Supported values are: '24h'.`, 'completion_window', 'invalid_value') };
  const metadataRefused = metadataRefusal(body.metadata);
  if (metadataRefused) return { refused: metadataRefused };
  let outputExpiresAfter: number | null = null;
  if (body.output_expires_after !== undefined && body.output_expires_after !== null) {
    const policy = body.output_expires_after;
    if (!isObject(policy))
      return {
        refused: refusal(
          `Invalid type for 'output_expires_after': expected an object, but got ${jsonType(policy)} instead.`,
          'output_expires_after',
          'invalid_type',
        ),
      };
    const invalid = expiryRefusal('output_expires_after', policy.anchor, policy.seconds);
    if (invalid) return { refused: invalid };
    outputExpiresAfter = policy.seconds as number;
  }
  const metadata = (body.metadata as Record<string, string> | null | undefined) ?? null;
  return { request: { inputFileId, endpoint, completionWindow: window, metadata, outputExpiresAfter } };
}

/** OpenAI's refusal of a metadata map (at most 16 pairs of strings, keys ≤ 64 characters, values ≤ 512), or null. */
function metadataRefusal(metadata: unknown): Refusal | null {
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
