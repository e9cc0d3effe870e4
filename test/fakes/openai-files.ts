import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { json, RecordedRequest } from './http-fake';

/**
 * OpenAI's Files API for OpenAiFake (which routes `/v1/files*` here): uploads of every purpose, a
 * file's object and bytes, and the output and error files batches write (openai-batches.ts). The
 * shapes are those of OpenAI's OpenAPI document (`OpenAIFile`); the batch file limits are those of
 * OpenAI's batch guide. Where neither says OpenAI's exact words, the message is the simulator's
 * own, in OpenAI's style: match on `code`.
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

/** The purposes POST /v1/files accepts (CreateFileRequest's enum). */
const UPLOAD_PURPOSES = ['assistants', 'batch', 'fine-tune', 'vision', 'user_data', 'evals'];
/** A batch input file is at most 200 MB. */
export const BATCH_FILE_MAX_BYTES = 209_715_200;
/** Files of purpose `batch` expire 30 days after their upload unless `expires_after` says otherwise. */
const BATCH_FILE_LIFETIME_S = 30 * 86_400;

export const hex = (bytes: number) => randomBytes(bytes).toString('hex');
/** A value's type as OpenAI names it in "Invalid type for 'x': expected a string, but got an integer instead.". */
export const jsonType = (value: unknown) =>
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

/** OpenAI's error body; every refusal here is an invalid_request_error. */
export function refusal(message: string, param: string | null = null, code: string | null = null, type = 'invalid_request_error') {
  return { error: { message, type, param, code } };
}

export type Refusal = ReturnType<typeof refusal>;

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

/** OpenAI's refusal of an expiry policy ({anchor: 'created_at', seconds: 3600–2592000}), or null. */
export function expiryRefusal(param: string, anchor: unknown, after: unknown): Refusal | null {
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

/**
 * The Files API. Routes (all behind OpenAiFake's key check and failNext):
 * POST /v1/files, GET /v1/files/{id}, GET /v1/files/{id}/content, DELETE /v1/files/{id}.
 * A file is read (retrieved, downloaded or deleted) with the batches first brought up to now, so
 * the output and error files of a batch that has ended are there.
 */
export class OpenAiFiles {
  /** Every file: uploads of any purpose, and the output and error files batches write. */
  readonly files = new Map<string, FakeFile>();

  /** `advance` brings the batches up to now (OpenAiBatches.advance). */
  constructor(private readonly advance: () => void) {}

  /** Answers the request if it is one of the Files API's; false if it is not. */
  route(req: RecordedRequest, res: ServerResponse): boolean {
    const { method, path } = req;
    const file = /^\/v1\/files\/([^/]+)(\/content)?$/.exec(path);
    if (method === 'POST' && path === '/v1/files') this.createFile(req, res);
    else if (method === 'GET' && file?.[2]) this.fileContent(decodeURIComponent(file[1]), res);
    else if (method === 'GET' && file) this.retrieveFile(decodeURIComponent(file[1]), res);
    else if (method === 'DELETE' && file && !file[2]) this.deleteFile(decodeURIComponent(file[1]), res);
    else return false;
    return true;
  }

  /** A new file, kept under a new id (an upload, or a batch's output or error file). */
  add(fields: Omit<FakeFile, 'id'>): FakeFile {
    const file: FakeFile = { id: `file-${hex(10)}`, ...fields };
    this.files.set(file.id, file);
    return file;
  }

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
      const invalid = expiryRefusal('expires_after', anchor, after === undefined ? undefined : Number(after));
      if (invalid) return json(res, 400, invalid);
      expiresAt = createdAt + Number(after);
    }
    json(res, 200, this.fileBody(this.add({ filename, purpose, content, createdAt, expiresAt })));
  }

  private noSuchFile(res: ServerResponse, fileId: string): void {
    json(res, 404, refusal(`No such File object: ${fileId}`, 'id'));
  }

  private retrieveFile(fileId: string, res: ServerResponse): void {
    this.advance();
    const file = this.files.get(fileId);
    if (!file) return this.noSuchFile(res, fileId);
    json(res, 200, this.fileBody(file));
  }

  /** The file's bytes as uploaded or written; OpenAI does not let `assistants` files be downloaded. */
  private fileContent(fileId: string, res: ServerResponse): void {
    this.advance();
    const file = this.files.get(fileId);
    if (!file) return this.noSuchFile(res, fileId);
    if (file.purpose === 'assistants') return json(res, 400, refusal('Not allowed to download files of purpose: assistants.'));
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(Buffer.byteLength(file.content)) });
    res.end(file.content);
  }

  private deleteFile(fileId: string, res: ServerResponse): void {
    this.advance();
    if (!this.files.delete(fileId)) return this.noSuchFile(res, fileId);
    json(res, 200, { id: fileId, object: 'file', deleted: true });
  }
}
