import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { HttpFake, json, RecordedRequest } from './http-fake';

type RemoteStatus = 'validating_files' | 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';

interface FakeFile {
  id: string;
  filename: string;
  purpose: string;
  content: string;
}

interface FakeJob {
  id: string;
  model: string;
  trainingFile: string;
  suffix: string | null;
  script: RemoteStatus[];
  step: number;
  trainedTokens: number;
  failure: string;
}

interface Failure {
  method: string;
  path: RegExp;
  status: number;
  message: string;
  times: number;
  headers?: Record<string, string>;
}

const id = (prefix: string) => `${prefix}-${randomBytes(10).toString('hex')}`;

/** Reads the parts of a multipart/form-data body (enough for the SDK's file uploads). */
function multipart(req: RecordedRequest): Record<string, { filename?: string; value: string }> {
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
 * OpenAI's HTTP API as far as Quire uses it — files, fine-tuning jobs (walking a configurable
 * status script, one step per retrieval), model deletion and chat completions — for the real
 * `openai` SDK pointed here with OPENAI_BASE_URL=<url>/v1.
 */
export class OpenAiFake extends HttpFake {
  /** The only key the fake accepts. */
  apiKey = 'sk-test-quire-fake-key-0000';
  /** Statuses a new fine-tune job walks through, one per retrieval. */
  fineTuneScript: RemoteStatus[] = ['validating_files', 'running', 'succeeded'];
  fineTuneFailure = 'The training file contains examples that violate the usage policy.';
  chatLatencyMs = 0;
  /** How many texts were embedded since the last reset. */
  embeddedInputs = 0;
  readonly files = new Map<string, FakeFile>();
  readonly jobs = new Map<string, FakeJob>();
  readonly models = new Set<string>();
  private failures: Failure[] = [];

  constructor() {
    super((req, res) => this.route(req, res));
  }

  get baseUrl(): string {
    return `${this.url}/v1`;
  }

  /** The next `times` requests matching method and path answer with this error. */
  failNext(method: string, path: RegExp, status: number, message: string, times = 1, headers?: Record<string, string>): void {
    this.failures.push({ method, path, status, message, times, headers });
  }

  reset(): void {
    this.fineTuneScript = ['validating_files', 'running', 'succeeded'];
    this.chatLatencyMs = 0;
    this.embeddedInputs = 0;
    this.failures = [];
    this.files.clear();
    this.jobs.clear();
    this.models.clear();
    this.requests.length = 0;
  }

  requestsTo(method: string, path: RegExp): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && path.test(r.path));
  }

  private error(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}) {
    json(res, status, { error: { message, type: status === 401 ? 'invalid_request_error' : 'api_error', param: null, code: null } }, headers);
  }

  private async route(req: RecordedRequest, res: ServerResponse): Promise<void> {
    if (req.path.startsWith('/__fake/')) return this.control(req, res);
    if (req.headers.authorization !== `Bearer ${this.apiKey}`) {
      return this.error(res, 401, 'Incorrect API key provided.');
    }
    const failure = this.failures.find((f) => f.method === req.method && f.path.test(req.path));
    if (failure) {
      if (--failure.times <= 0) this.failures.splice(this.failures.indexOf(failure), 1);
      return this.error(res, failure.status, failure.message, failure.headers);
    }
    const { method, path } = req;
    if (method === 'POST' && path === '/v1/files') return this.createFile(req, res);
    if (method === 'DELETE' && path.startsWith('/v1/files/')) {
      const fileId = path.slice('/v1/files/'.length);
      return this.files.delete(fileId) ? json(res, 200, { id: fileId, object: 'file', deleted: true }) : this.error(res, 404, 'No such File object');
    }
    if (method === 'POST' && path === '/v1/fine_tuning/jobs') return this.createJob(req, res);
    if (method === 'GET' && path.startsWith('/v1/fine_tuning/jobs/')) return this.retrieveJob(path.slice('/v1/fine_tuning/jobs/'.length), res);
    if (method === 'DELETE' && path.startsWith('/v1/models/')) {
      const model = decodeURIComponent(path.slice('/v1/models/'.length));
      if (!this.models.delete(model)) return this.error(res, 404, `The model '${model}' does not exist`);
      return json(res, 200, { id: model, object: 'model', deleted: true });
    }
    if (method === 'POST' && path === '/v1/chat/completions') return this.chat(req, res);
    if (method === 'POST' && path === '/v1/embeddings') return this.embeddings(req, res);
    if (method === 'GET' && path === '/v1/models') return json(res, 200, { object: 'list', data: [{ id: 'gpt-4o', object: 'model', created: 0, owned_by: 'openai' }] });
    this.error(res, 404, `Unknown request URL: ${method} ${path}`);
  }

  /**
   * Steering for tests in other processes (browser tests, the demo): POST /__fake/reset and
   * POST /__fake/config {fineTuneScript?, chatLatencyMs?, failNext?: {method, path, status, message, times?}}.
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
      if (body.failNext) {
        const f = body.failNext;
        this.failNext(f.method, new RegExp(f.path), f.status, f.message, f.times ?? 1);
      }
      return json(res, 200, { ok: true });
    }
    json(res, 404, { error: 'unknown control route' });
  }

  private createFile(req: RecordedRequest, res: ServerResponse): void {
    const parts = multipart(req);
    if (!parts.file || parts.purpose?.value !== 'fine-tune') return this.error(res, 400, 'A file and purpose=fine-tune are required');
    const file: FakeFile = { id: id('file'), filename: parts.file.filename ?? 'upload', purpose: 'fine-tune', content: parts.file.value };
    this.files.set(file.id, file);
    json(res, 200, { id: file.id, object: 'file', bytes: Buffer.byteLength(file.content), created_at: Math.floor(Date.now() / 1000), filename: file.filename, purpose: file.purpose, status: 'processed' });
  }

  private createJob(req: RecordedRequest, res: ServerResponse): void {
    const body = JSON.parse(req.body || '{}');
    const file = this.files.get(body.training_file);
    if (!file) return this.error(res, 400, `invalid training_file: ${body.training_file}`);
    const lines = file.content.split('\n').filter(Boolean);
    const valid = lines.every((line) => {
      try {
        const roles = (JSON.parse(line).messages as { role: string }[]).map((m) => m.role);
        return roles.includes('assistant');
      } catch {
        return false;
      }
    });
    if (!valid) return this.error(res, 400, 'Training file has invalid lines');
    if (lines.length < 10) return this.error(res, 400, `Training file has ${lines.length} example(s), but must have at least 10 examples`);
    if (!/^(gpt-4o-2024-08-06|gpt-4-0613|gpt-3\.5-turbo-0125)$/.test(body.model)) {
      return this.error(res, 400, `Model ${body.model} is not available for fine-tuning or does not exist.`);
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
    };
    this.jobs.set(job.id, job);
    json(res, 200, this.jobBody(job));
  }

  private retrieveJob(jobId: string, res: ServerResponse): void {
    const job = this.jobs.get(jobId);
    if (!job) return this.error(res, 404, `No fine-tuning job found with id ${jobId}`);
    job.step = Math.min(job.step + 1, job.script.length - 1);
    json(res, 200, this.jobBody(job));
  }

  private jobBody(job: FakeJob) {
    const status = job.script[job.step];
    const fineTunedModel = status === 'succeeded' ? `ft:${job.model}:quire:${job.suffix ?? 'model'}:${job.id.slice(-8)}` : null;
    if (fineTunedModel) this.models.add(fineTunedModel);
    return {
      id: job.id,
      object: 'fine_tuning.job',
      model: job.model,
      created_at: Math.floor(Date.now() / 1000),
      finished_at: status === 'succeeded' || status === 'failed' ? Math.floor(Date.now() / 1000) : null,
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
    };
  }

  private async chat(req: RecordedRequest, res: ServerResponse): Promise<void> {
    const body = JSON.parse(req.body || '{}');
    if (this.chatLatencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.chatLatencyMs));
    const user = [...(body.messages ?? [])].reverse().find((m: { role: string }) => m.role === 'user');
    const content = `Written by ${body.model} for: ${String(user?.content ?? '').slice(0, 120)}`;
    const promptTokens = Math.ceil(JSON.stringify(body.messages ?? []).length / 4);
    const completionTokens = Math.ceil(content.length / 4);
    json(res, 200, {
      id: id('chatcmpl'),
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop', logprobs: null }],
      usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
    });
  }

  /** Deterministic vectors: each word hashed into one of 64 dimensions, then normalised. */
  private embeddings(req: RecordedRequest, res: ServerResponse): void {
    const body = JSON.parse(req.body || '{}');
    const inputs: string[] = Array.isArray(body.input) ? body.input : [body.input];
    this.embeddedInputs += inputs.length;
    const data = inputs.map((text, index) => {
      const vector = new Array<number>(64).fill(0);
      for (const word of String(text).toLowerCase().match(/[a-z0-9]+/g) ?? []) {
        let hash = 2166136261;
        for (let i = 0; i < word.length; i++) hash = Math.imul(hash ^ word.charCodeAt(i), 16777619);
        vector[(hash >>> 0) % 64] += 1;
      }
      const norm = Math.hypot(...vector) || 1;
      return { object: 'embedding', index, embedding: vector.map((v) => v / norm) };
    });
    const tokens = inputs.reduce((sum, text) => sum + Math.ceil(String(text).length / 4), 0);
    json(res, 200, { object: 'list', model: body.model, data, usage: { prompt_tokens: tokens, total_tokens: tokens } });
  }
}
