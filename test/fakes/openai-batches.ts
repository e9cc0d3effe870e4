import type { ServerResponse } from 'node:http';
import { json, RecordedRequest } from './http-fake';
import { BatchError, checkBatchRequest, parseBatchInput } from './openai-batch-input';
import { BatchRecord, batchBody, BatchScriptEntry, WINDOW_MS } from './openai-batch-record';
import { hex, OpenAiFiles, refusal } from './openai-files';
import { runDueEvents, scriptedStop, scriptHolds } from './batch-clock';

/**
 * OpenAI's Batch API for OpenAiFake (which routes `/v1/batches*` here): batches of chat requests
 * that walk OpenAI's statuses as the clock moves — worked out lazily from the clock at each request
 * (no timers run, so a stopped fake leaves nothing behind). Each line of a batch is answered by the
 * fake's own chat logic, so a batch line is refused exactly as POST /v1/chat/completions would
 * refuse it. The files a batch reads and writes are the Files API's (openai-files.ts); its request
 * and input file are checked by openai-batch-input.ts; its record and `Batch` object are
 * openai-batch-record.ts's. The shapes are those of OpenAI's OpenAPI document
 * (`ListBatchesResponse`); the output line format and the codes a batch fails with are those of
 * OpenAI's batch guide. Where neither says OpenAI's exact words, the message is the simulator's
 * own, in OpenAI's style: match on `code`.
 */

/** Every line a batch executed (each one is a paid request), for tests that check nothing ran twice. */
export interface ExecutedLine {
  batchId: string;
  customId: string;
  model: string;
  /** The status the chat route answered it with. */
  status: number;
}

/** What the batch simulator needs of OpenAiFake. */
export interface BatchHost {
  /** The fake's files (the Files API): uploads, and the output and error files batches write. */
  readonly fileApi: OpenAiFiles;
  /** batchLatencyMs and enqueuedTokenLimit as they are now. */
  settings(): { latencyMs: number; tokenLimit: number };
  /** The next batchScript entry, taken off the script. */
  nextScript(): BatchScriptEntry | undefined;
  /** OpenAI's 429 insufficient_quota answer when the account is out of credit, else null. */
  unpaid(): { status: number; body: unknown } | null;
  /** One chat request, its body as JSON text, answered as POST /v1/chat/completions would answer it (without HTTP, per-minute limits or latency). */
  runChat(bodyJson: string): { status: number; body: unknown };
}

/** The share of batchLatencyMs a batch spends validating, then executing its lines; the rest it spends finalizing (or cancelling). */
const VALIDATING_SHARE = 0.1;
const EXECUTING_SHARE = 0.85;
const FINALIZING_SHARE = 0.05;

/**
 * The Batch API. Routes (all behind OpenAiFake's key check and failNext):
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

  /** Answers the request if it is one of the Batch API's; false if it is not. */
  route(req: RecordedRequest, res: ServerResponse): boolean {
    const { method, path } = req;
    const batch = /^\/v1\/batches\/([^/]+)(\/cancel)?$/.exec(path);
    if (method === 'POST' && path === '/v1/batches') this.createBatch(req, res);
    else if (method === 'GET' && path === '/v1/batches') this.listBatches(req, res);
    else if (method === 'GET' && batch && !batch[2]) this.retrieveBatch(decodeURIComponent(batch[1]), res);
    else if (method === 'POST' && batch?.[2]) this.cancelBatch(decodeURIComponent(batch[1]), res);
    else return false;
    return true;
  }

  /**
   * POST /v1/batches checks its body at once (400 invalid_request_error naming the parameter; see
   * checkBatchRequest): input_file_id an existing file of purpose `batch`, endpoint one of the
   * document's (`/v1/chat/completions` only is simulated), completion_window `24h`, metadata at most
   * 16 string pairs (keys ≤ 64 characters, values ≤ 512), output_expires_after a valid expiry; an
   * account out of credit is refused 429 insufficient_quota. The input file's lines are validated
   * while the batch is `validating` (see the class).
   */
  private createBatch(req: RecordedRequest, res: ServerResponse): void {
    this.advance();
    const checked = checkBatchRequest(JSON.parse(req.body || '{}'));
    if ('refused' in checked) return json(res, 400, checked.refused);
    const { inputFileId, endpoint, completionWindow, metadata, outputExpiresAfter } = checked.request;
    const file = this.host.fileApi.files.get(inputFileId);
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
      completionWindow,
      metadata,
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
    json(res, 200, batchBody(record));
  }

  private noSuchBatch(res: ServerResponse, batchId: string): void {
    json(res, 404, refusal(`No batch found with id '${batchId}'.`));
  }

  private retrieveBatch(batchId: string, res: ServerResponse): void {
    this.advance();
    const record = this.records.get(batchId);
    if (!record) return this.noSuchBatch(res, batchId);
    json(res, 200, batchBody(record));
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
      data: page.map((record) => batchBody(record)),
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
    json(res, 200, batchBody(record));
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
    return scriptedStop(record.script, record.released, record.lines.length);
  }

  /** The batch's script holds it (until releaseBatch). */
  private held(record: BatchRecord): boolean {
    return scriptHolds(record.script, record.released);
  }

  /**
   * Works out every batch's life up to `now`: the events due (the end of validating, each line,
   * the end of finalizing or cancelling, expiry) are run one at a time in the order of their time,
   * so a batch's token check sees the earlier batches as they were at that instant.
   */
  advance(now = Date.now()): void {
    runDueEvents(this.records.values(), (record) => this.nextEvent(record), now);
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
      const expiresAt = record.outputExpiresAfter === null ? null : createdAt + record.outputExpiresAfter;
      const content = `${lines.join('\n')}\n`;
      return this.host.fileApi.add({ filename: `${record.id}_${kind}.jsonl`, purpose: 'batch_output', content, createdAt, expiresAt }).id;
    };
    record.outputFileId = write('output', output);
    record.errorFileId = write('error', failed);
  }
}
