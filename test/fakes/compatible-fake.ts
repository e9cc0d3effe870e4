import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { HttpFake, json, RecordedRequest } from './http-fake';
import { ChatTurn, writtenText } from './written-text';

const SERVED = ['meta-llama/Llama-3.3-70B-Instruct', 'Qwen/Qwen3-32B'];
/** The context length `GET /v1/models` lists for each model (vLLM's `max_model_len`); prompt and max_tokens together must fit. */
const MAX_MODEL_LEN = 32768;
/** OpenAI-only parameters the server refuses unless a test says otherwise. */
const REFUSED = ['reasoning_effort'];

/** vLLM's error body today (`ErrorResponse`: `{"error": {message, type, param, code}}`, code the HTTP status as a number). */
const vllmError = (message: string, type: string, code: number, param: string | null = null) => ({ error: { message, type, param, code } });

/**
 * An OpenAI-compatible server as vLLM serves one (`vllm serve <model> --api-key <key>`), as far as
 * Quire uses it: `GET /v1/models` lists what it serves, with vLLM's fields, and
 * `POST /v1/chat/completions` writes a `chat.completion` (text as every simulator writes it,
 * written-text.ts; `usage` at four characters a token). With `apiKey` set it refuses a request
 * without that bearer token (401 `{"error": "Unauthorized"}`, vLLM's words); with none it takes any.
 *
 * A chat request is refused in the shape current vLLM answers errors with,
 * `{"error": {"message", "type", "param", "code"}}` (older vLLM answered a flat
 * `{"object": "error", "message", "type", "param", "code"}`): a model it does not serve (404
 * NotFoundError "The model `<id>` does not exist.", param "model"), a field in `refused` (400
 * BadRequestError "Unrecognized request argument supplied: <field>", param the field), no
 * messages, a `temperature` outside 0–2 or `max_tokens` beyond the context length (400
 * BadRequestError in vLLM's validation words). `logit_bias` is taken. vLLM itself takes
 * `reasoning_effort` (and only logs fields it does not know): `refused` stands for a server — or an
 * older build, or a proxy in front — that refuses the OpenAI-only parameters Quire might send.
 * Other paths answer 404 in the flat shape, as before.
 */
export class CompatibleFake extends HttpFake {
  /** The key the server was started with; null: it takes requests without one (Ollama, LM Studio, vLLM without --api-key). */
  apiKey: string | null = null;
  /** What it serves. */
  served = [...SERVED];
  /** Request fields the server refuses (400 naming the field); `reasoning_effort` unless a test says otherwise. */
  refused = new Set<string>(REFUSED);

  /** How long a chat completion takes to answer once checked (benches). */
  chatLatencyMs = 0;
  private failures: { path: RegExp; status: number; message: string; times: number; headers: Record<string, string> }[] = [];

  constructor() {
    super(
      (req, res) => this.route(req, res),
      (res, error) => json(res, 400, vllmError(`JSON decode error: ${error.message}`, 'BadRequestError', 400)),
    );
  }

  get baseUrl(): string {
    return `${this.url}/v1`;
  }

  reset(): void {
    this.chatLatencyMs = 0;
    this.apiKey = null;
    this.served = [...SERVED];
    this.refused = new Set<string>(REFUSED);
    this.failures = [];
    this.requests.length = 0;
  }

  /**
   * The next `times` requests to `path` answer `status` in vLLM's error shape (a 429 with the
   * `retry-after` a router such as OpenRouter sends, a 500 or 503 of a server under load).
   */
  failNext(path: RegExp, status: number, message: string, times = 1, headers: Record<string, string> = {}): void {
    this.failures.push({ path, status, message, times, headers });
  }

  private route(req: RecordedRequest, res: ServerResponse): void {
    if (this.apiKey !== null && req.headers.authorization !== `Bearer ${this.apiKey}`) return json(res, 401, { error: 'Unauthorized' });
    const failure = this.failures.find((f) => f.path.test(req.path));
    if (failure) {
      if (--failure.times <= 0) this.failures.splice(this.failures.indexOf(failure), 1);
      const type = failure.status === 429 ? 'RateLimitError' : failure.status >= 500 ? 'InternalServerError' : 'BadRequestError';
      return json(res, failure.status, vllmError(failure.message, type, failure.status), failure.headers);
    }
    if (req.method === 'GET' && req.path === '/v1/models') {
      const created = Math.floor(Date.parse('2026-11-01T00:00:00Z') / 1000);
      return json(res, 200, {
        object: 'list',
        data: this.served.map((id) => ({
          id,
          object: 'model',
          created,
          owned_by: 'vllm',
          root: id,
          parent: null,
          max_model_len: MAX_MODEL_LEN,
          permission: [],
        })),
      });
    }
    if (req.method === 'POST' && req.path === '/v1/chat/completions') return void this.chat(req, res);
    json(res, 404, { object: 'error', message: `Not Found: ${req.method} ${req.path}`, type: 'NotFoundError', param: null, code: 404 });
  }

  /** A chat completion, refused as vLLM refuses (model first, then the request's fields). */
  private async chat(req: RecordedRequest, res: ServerResponse): Promise<void> {
    const body = JSON.parse(req.body || '{}') as Record<string, unknown>;
    const model = String(body.model ?? '');
    if (!this.served.includes(model)) return json(res, 404, vllmError(`The model \`${model}\` does not exist.`, 'NotFoundError', 404, 'model'));
    const refused = Object.keys(body).find((field) => this.refused.has(field));
    if (refused !== undefined) return json(res, 400, vllmError(`Unrecognized request argument supplied: ${refused}`, 'BadRequestError', 400, refused));
    const messages = body.messages;
    if (!Array.isArray(messages) || messages.length === 0)
      return json(res, 400, vllmError('messages: a chat completion needs at least one message.', 'BadRequestError', 400, 'messages'));
    const temperature = body.temperature;
    if (temperature !== undefined && temperature !== null) {
      const t = Number(temperature);
      const problem = !Number.isFinite(t) ? 'must be a finite number' : t < 0 ? 'must be non-negative' : t > 2 ? 'must be in [0, 2]' : null;
      if (problem)
        return json(res, 400, vllmError(`temperature ${problem}, got ${t}. (parameter=temperature, value=${t})`, 'BadRequestError', 400, 'temperature'));
    }
    const promptTokens = Math.ceil(JSON.stringify(messages).length / 4);
    const maxTokens = (body.max_completion_tokens ?? body.max_tokens) as number | undefined;
    if (typeof maxTokens === 'number' && promptTokens + maxTokens > MAX_MODEL_LEN)
      return json(
        res,
        400,
        vllmError(
          `'max_tokens' or 'max_completion_tokens' is too large: ${maxTokens}. This model's maximum context length is ${MAX_MODEL_LEN} tokens and your request has ${promptTokens} input tokens (${maxTokens} > ${MAX_MODEL_LEN} - ${promptTokens}). (parameter=max_tokens, value=${maxTokens})`,
          'BadRequestError',
          400,
          'max_tokens',
        ),
      );
    if (this.chatLatencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.chatLatencyMs));
    const content = writtenText(model, messages as ChatTurn[]);
    const completionTokens = Math.ceil(content.length / 4);
    json(res, 200, {
      id: `chatcmpl-${randomBytes(16).toString('hex')}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content, refusal: null, annotations: null, audio: null, function_call: null, tool_calls: [], reasoning_content: null },
          logprobs: null,
          finish_reason: 'stop',
          stop_reason: null,
        },
      ],
      service_tier: null,
      system_fingerprint: null,
      usage: { prompt_tokens: promptTokens, total_tokens: promptTokens + completionTokens, completion_tokens: completionTokens, prompt_tokens_details: null },
      prompt_logprobs: null,
      kv_transfer_params: null,
    });
  }
}
