import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { HttpFake, json, RecordedRequest } from './http-fake';
import { ChatTurn, promptTokens, writtenText } from './written-text';

/** One model as the Gemini API's `models.list` lists it. */
export interface GeminiModel {
  name: string;
  displayName: string;
  supportedGenerationMethods: string[];
  inputTokenLimit: number;
  outputTokenLimit: number;
  /** Only the models that sample: what the API reports of their temperature. */
  temperature?: number;
  maxTemperature?: number;
  thinking?: boolean;
}

const WRITES = ['generateContent', 'countTokens', 'createCachedContent', 'batchGenerateContent'];

/** A lineup as the Gemini API listed one in late 2026; a test may give the key another. */
export const GEMINI_MODELS: readonly GeminiModel[] = [
  {
    name: 'models/gemini-2.5-pro',
    displayName: 'Gemini 2.5 Pro',
    supportedGenerationMethods: WRITES,
    inputTokenLimit: 1048576,
    outputTokenLimit: 65536,
    temperature: 1,
    maxTemperature: 2,
    thinking: true,
  },
  {
    name: 'models/gemini-2.5-flash',
    displayName: 'Gemini 2.5 Flash',
    supportedGenerationMethods: WRITES,
    inputTokenLimit: 1048576,
    outputTokenLimit: 65536,
    temperature: 1,
    maxTemperature: 2,
    thinking: true,
  },
  {
    name: 'models/gemini-2.5-flash-lite',
    displayName: 'Gemini 2.5 Flash-Lite',
    supportedGenerationMethods: WRITES,
    inputTokenLimit: 1048576,
    outputTokenLimit: 65536,
    temperature: 1,
    maxTemperature: 2,
    thinking: true,
  },
  {
    name: 'models/gemini-3-pro-preview',
    displayName: 'Gemini 3 Pro Preview',
    supportedGenerationMethods: WRITES,
    inputTokenLimit: 1048576,
    outputTokenLimit: 65536,
    temperature: 1,
    maxTemperature: 2,
    thinking: true,
  },
  {
    name: 'models/gemini-embedding-001',
    displayName: 'Gemini Embedding 001',
    supportedGenerationMethods: ['embedContent', 'countTextTokens', 'countTokens', 'asyncBatchEmbedContent'],
    inputTokenLimit: 2048,
    outputTokenLimit: 1,
  },
  { name: 'models/imagen-4.0-generate-001', displayName: 'Imagen 4', supportedGenerationMethods: ['predict'], inputTokenLimit: 480, outputTokenLimit: 8192 },
];

const FAKE_API_KEY = 'AIzaSyQuireFakeGeminiKey000000000000000';
/** The query parameters `models.list` takes; any other is refused, as Google's APIs refuse an unknown field. */
const LIST_PARAMETERS = ['pageSize', 'pageToken', 'key', '$alt', 'alt'];

/**
 * The fields `generateContent` takes, by API version, as Google's published protos declare them
 * (googleapis google/ai/generativelanguage/{v1,v1beta}/generative_service.proto): v1's
 * GenerateContentRequest has no `systemInstruction`, no tools and no `thinkingConfig`, so v1 refuses
 * them as it refuses any unknown name.
 */
const REQUEST_FIELDS: Record<ApiVersion, string[]> = {
  v1: ['model', 'contents', 'safetySettings', 'generationConfig'],
  v1beta: ['model', 'contents', 'tools', 'toolConfig', 'safetySettings', 'systemInstruction', 'generationConfig', 'cachedContent', 'serviceTier', 'store'],
};
const V1_GENERATION_FIELDS = [
  'candidateCount',
  'stopSequences',
  'maxOutputTokens',
  'temperature',
  'topP',
  'topK',
  'presencePenalty',
  'frequencyPenalty',
  'responseLogprobs',
  'logprobs',
  'enableEnhancedCivicAnswers',
];
const GENERATION_FIELDS: Record<ApiVersion, string[]> = {
  v1: V1_GENERATION_FIELDS,
  v1beta: [
    ...V1_GENERATION_FIELDS,
    'seed',
    'responseMimeType',
    'responseSchema',
    'responseJsonSchema',
    'responseModalities',
    'speechConfig',
    'thinkingConfig',
    'mediaResolution',
    'imageConfig',
  ],
};
const THINKING_FIELDS = ['includeThoughts', 'thinkingBudget', 'thinkingLevel'];
/** The thinking levels of the API's ThinkingConfig (the REST reference spells them in either case). */
const THINKING_LEVELS = ['MINIMAL', 'LOW', 'MEDIUM', 'HIGH', 'XHIGH'];
const CONTENT_FIELDS = ['role', 'parts'];
/** A Part's fields; the fake writes from `text` alone and refuses the others it knows (Quire sends none). */
const PART_FIELDS = [
  'text',
  'thought',
  'thoughtSignature',
  'inlineData',
  'fileData',
  'functionCall',
  'functionResponse',
  'executableCode',
  'codeExecutionResult',
  'videoMetadata',
  'partMetadata',
];
/** The Gemini 2.5 models take a thinkingBudget and refuse a thinkingLevel (Gemini 3 and later take either, not both at once). */
const DEFAULT_LEVEL_REFUSED = ['gemini-2.5-pro', 'gemini-2.5-flash', 'gemini-2.5-flash-lite'];
/** Pro models only work thinking: a thinkingBudget of 0 is refused. */
const DEFAULT_THINKING_REQUIRED = ['gemini-2.5-pro', 'gemini-3-pro-preview'];
/** The thinkingBudget each model takes besides 0 (off) and -1 (dynamic), from Google's thinking guide; others take 1–32,768. */
const BUDGET_RANGES: Record<string, [number, number]> = {
  'gemini-2.5-pro': [128, 32768],
  'gemini-2.5-flash': [1, 24576],
  'gemini-2.5-flash-lite': [512, 24576],
};
/** Models that think unless a thinkingBudget of 0 turns it off (Flash-Lite thinks only when given a budget). */
const thinksByDefault = (model: string) => model !== 'gemini-2.5-flash-lite';
/** Tokens the fake thinks for, by level (a budget thinks for at most itself); counted in usageMetadata.thoughtsTokenCount. */
const THOUGHT_TOKENS: Record<string, number> = { MINIMAL: 4, LOW: 16, MEDIUM: 48, HIGH: 96, XHIGH: 160 };

type ApiVersion = 'v1' | 'v1beta';
/** A refusal of a generateContent request, in Google's terms. */
interface Refusal {
  status: number;
  code: string;
  message: string;
  details?: unknown[];
}
const invalid = (message: string, details?: unknown[]): Refusal => ({ status: 400, code: 'INVALID_ARGUMENT', message, details });
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
/** Google's words for a name its JSON parser does not know, at a path in the request's proto field names. */
function unknownName(name: string, at: string | null): Refusal {
  const message = `Invalid JSON payload received. Unknown name "${name}"${at ? ` at '${at}'` : ''}: Cannot find field.`;
  return invalid(message, [
    { '@type': 'type.googleapis.com/google.rpc.BadRequest', fieldViolations: [{ ...(at ? { field: at } : {}), description: message }] },
  ]);
}
/** The fields of `models.countTokens`'s CountTokensRequest (the model is in the path). */
const COUNT_FIELDS = ['model', 'contents', 'generateContentRequest'];
/** The texts of a request's prompt: its system instruction and each content's parts. */
const promptTexts = (request: Record<string, unknown>): string[] => [
  ...(isObject(request.systemInstruction) && Array.isArray(request.systemInstruction.parts) ? [partsText(request.systemInstruction)] : []),
  ...(request.contents as Record<string, unknown>[]).map(partsText),
];
/** The texts of a content's parts, joined. */
const partsText = (content: Record<string, unknown>): string =>
  (content.parts as Record<string, unknown>[]).map((part) => (typeof part.text === 'string' ? part.text : '')).join('\n');

/**
 * The Gemini API (generativelanguage.googleapis.com, v1 and v1beta) as far as Quire uses it — the key's
 * model list, read page by page, and `models.generateContent` (never streamed) — for the real
 * `@google/genai` SDK pointed here with GEMINI_BASE_URL=<url>. It refuses as Google does, in its
 * error shape `{error:{code, message, status, details}}`: no key (403 PERMISSION_DENIED), a wrong one
 * (400 INVALID_ARGUMENT with reason API_KEY_INVALID), an unknown query parameter or a `pageSize`
 * outside 0–1000 (400 INVALID_ARGUMENT), an unknown model or path (404 NOT_FOUND); and it can be
 * rate-limited (429 RESOURCE_EXHAUSTED, `quotaExceeded`: the wait in a RetryInfo detail, no `retry-after`) or unavailable
 * (503 UNAVAILABLE) through `failNext`.
 *
 * `POST /{v1|v1beta}/models/{model}:countTokens` takes `contents` or a `generateContentRequest`
 * (refusing any other name, a model that does not list countTokens, and contents generateContent
 * would refuse) and answers `totalTokens` as written-text.ts's promptTokens counts them — as a
 * generated answer's `promptTokenCount` counts its prompt.
 *
 * `POST /{v1|v1beta}/models/{model}:generateContent` is checked in Google's order, each refusal a 400
 * INVALID_ARGUMENT in Google's words unless said: a name the version's request does not declare,
 * at the top or nested (`Invalid JSON payload received. Unknown name "foo" at 'generation_config':
 * Cannot find field.` — under v1 `systemInstruction` and `generationConfig.thinkingConfig` are such
 * names); a model the key does not list (404 NOT_FOUND `models/<id> is not found for API version
 * <v>, or is not supported for generateContent. …`); no `contents`, a content without parts, a role
 * other than `user` and `model`; a temperature outside 0–2; and the thinking config: any for a model
 * in `thinkingRefused` (`Thinking is not enabled for models/<id>`), `thinkingLevel` beside
 * `thinkingBudget`, a level for a model in `levelRefused` (the Gemini 2.5 models: `Thinking level is
 * not supported for this model.`), a budget for a model in `budgetRefused`, a budget of 0 for a model
 * in `thinkingRequired` (the Pro models: `Budget 0 is invalid. This model only works in thinking
 * mode.`), a budget outside the model's range (`The thinking budget (N) is invalid.`), a level that
 * does not exist. The answer's one candidate holds a thought part (`thought: true`) when the model
 * thought and `includeThoughts` asked for it, then the text written as every simulator writes
 * (written-text.ts, "Avoid these words" in `systemInstruction` honoured), cut at `maxOutputTokens`
 * (`finishReason` MAX_TOKENS, else STOP); `usageMetadata` counts the prompt by promptTokens, the answer at four characters a token, and
 * counts the thinking in `thoughtsTokenCount`, apart from `candidatesTokenCount`, as Google does.
 */
export class GeminiFake extends HttpFake {
  /** The only key the fake accepts; the reset brings this one back. */
  apiKey = FAKE_API_KEY;
  models: GeminiModel[] = [...GEMINI_MODELS];
  /** The most a page holds whatever `pageSize` asks (Google's is 1000): a test lowers it to make the listing span pages. */
  pageCap = 1000;
  /** Models that refuse any thinkingConfig ("Thinking is not enabled for models/<id>"); none of the default lineup does. */
  thinkingRefused = new Set<string>();
  /** Models that take only a thinkingBudget: the Gemini 2.5 models refuse a thinkingLevel. */
  levelRefused = new Set<string>(DEFAULT_LEVEL_REFUSED);
  /** Models that take only a thinkingLevel (none of the default lineup: Gemini 3 still takes a budget). */
  budgetRefused = new Set<string>();
  /** Models that cannot stop thinking: a thinkingBudget of 0 is refused. */
  thinkingRequired = new Set<string>(DEFAULT_THINKING_REQUIRED);
  private failures: { path: RegExp; status: number; code: string; message: string; times: number; details: unknown[] }[] = [];

  constructor() {
    super(
      (req, res) => this.route(req, res),
      (res) => this.error(res, 400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.'),
    );
  }

  get baseUrl(): string {
    return this.url;
  }

  reset(): void {
    this.apiKey = FAKE_API_KEY;
    this.models = [...GEMINI_MODELS];
    this.pageCap = 1000;
    this.thinkingRefused = new Set<string>();
    this.levelRefused = new Set<string>(DEFAULT_LEVEL_REFUSED);
    this.budgetRefused = new Set<string>();
    this.thinkingRequired = new Set<string>(DEFAULT_THINKING_REQUIRED);
    this.failures = [];
    this.requests.length = 0;
  }

  /** The next `times` requests to a path matching `path` answer this error (429 RESOURCE_EXHAUSTED, 503 UNAVAILABLE, …), with these details. */
  failNext(path: RegExp, status: number, code: string, message: string, times = 1, details: unknown[] = []): void {
    this.failures.push({ path, status, code, message, times, details });
  }

  /**
   * The next `times` generateContent requests answer as Gemini does when a quota runs out: 429
   * RESOURCE_EXHAUSTED, the quota named in a QuotaFailure, and the wait in a RetryInfo `retryDelay`
   * (Google sends no `retry-after` header).
   */
  quotaExceeded(model: string, retrySeconds: number, times = 1): void {
    this.failNext(
      /:generateContent$/,
      429,
      'RESOURCE_EXHAUSTED',
      `You exceeded your current quota, please check your plan and billing details. For more information on this error, head to: https://ai.google.dev/gemini-api/docs/rate-limits. To monitor your current usage, head to: https://ai.dev/usage?tab=rate-limit. \n* Quota exceeded for metric: generativelanguage.googleapis.com/generate_content_free_tier_requests, limit: 10, model: ${model}\nPlease retry in ${retrySeconds + 0.4}s.`,
      times,
      [
        {
          '@type': 'type.googleapis.com/google.rpc.QuotaFailure',
          violations: [
            {
              quotaMetric: 'generativelanguage.googleapis.com/generate_content_free_tier_requests',
              quotaId: 'GenerateRequestsPerMinutePerProjectPerModel-FreeTier',
              quotaDimensions: { location: 'global', model },
              quotaValue: '10',
            },
          ],
        },
        {
          '@type': 'type.googleapis.com/google.rpc.Help',
          links: [{ description: 'Learn more about Gemini API quotas', url: 'https://ai.google.dev/gemini-api/docs/rate-limits' }],
        },
        { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: `${retrySeconds}s` },
      ],
    );
  }

  private error(res: ServerResponse, status: number, code: string, message: string, details: unknown[] = []): void {
    json(
      res,
      status,
      { error: { code: status, message, status: code, ...(details.length ? { details } : {}) } },
      { 'content-type': 'application/json; charset=UTF-8' },
    );
  }

  private route(req: RecordedRequest, res: ServerResponse): void {
    const header = req.headers['x-goog-api-key'];
    const key = typeof header === 'string' ? header : req.query.get('key');
    if (!key) {
      return this.error(
        res,
        403,
        'PERMISSION_DENIED',
        "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
      );
    }
    if (key !== this.apiKey) {
      return this.error(res, 400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.', [
        {
          '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
          reason: 'API_KEY_INVALID',
          domain: 'googleapis.com',
          metadata: { service: 'generativelanguage.googleapis.com' },
        },
      ]);
    }
    const failure = this.failures.find((f) => f.times > 0 && f.path.test(req.path));
    if (failure) {
      failure.times--;
      return this.error(res, failure.status, failure.code, failure.message, failure.details);
    }
    // The SDK asks v1 (its default since 3.x); v1beta answers the same.
    if (req.method === 'GET' && /^\/v1(beta)?\/models$/.test(req.path)) return this.list(req, res);
    const one = /^\/(v1(?:beta)?)\/models\/([^/:]+)$/.exec(req.path);
    if (req.method === 'GET' && one) {
      const model = this.models.find((m) => m.name === `models/${one[2]}`);
      if (!model) return this.notFound(res, one[2], one[1]);
      return json(res, 200, this.described(model));
    }
    const generate = /^\/(v1(?:beta)?)\/models\/([^/:]+):generateContent$/.exec(req.path);
    if (req.method === 'POST' && generate) return this.generate(req, res, generate[1] as ApiVersion, decodeURIComponent(generate[2]));
    const count = /^\/(v1(?:beta)?)\/models\/([^/:]+):countTokens$/.exec(req.path);
    if (req.method === 'POST' && count) return this.countTokens(req, res, count[1] as ApiVersion, decodeURIComponent(count[2]));
    return this.error(res, 404, 'NOT_FOUND', `Requested entity was not found.`);
  }

  /** Google's 404 for a model the key does not have (or that does not take the method), naming the API version asked. */
  private notFound(res: ServerResponse, model: string, version: string, method = 'generateContent'): void {
    this.error(
      res,
      404,
      'NOT_FOUND',
      `models/${model} is not found for API version ${version}, or is not supported for ${method}. Call ListModels to see the list of available models and their supported methods.`,
    );
  }

  /**
   * `models.countTokens`: `contents`, or a whole `generateContentRequest` (its contents and system
   * instruction; `contents` beside it is ignored, as Google's reference says), checked as
   * generateContent checks them; answers `totalTokens` as that request's `promptTokenCount` would be.
   */
  private countTokens(req: RecordedRequest, res: ServerResponse, version: ApiVersion, modelId: string): void {
    const body: unknown = JSON.parse(req.body || '{}');
    if (!isObject(body)) return this.error(res, 400, 'INVALID_ARGUMENT', 'Invalid JSON payload received. Expected an object.');
    const extra = Object.keys(body).find((key) => !COUNT_FIELDS.includes(key));
    if (extra !== undefined) {
      const refusal = unknownName(extra, null);
      return this.error(res, refusal.status, refusal.code, refusal.message, refusal.details);
    }
    const request = isObject(body.generateContentRequest) ? body.generateContentRequest : { contents: body.contents };
    const unknown = this.unknownNameIn(request, version);
    if (unknown) return this.error(res, unknown.status, unknown.code, unknown.message, unknown.details);
    const model = this.models.find((m) => m.name === `models/${modelId}` && m.supportedGenerationMethods.includes('countTokens'));
    if (!model) return this.notFound(res, modelId, version, 'countTokens');
    const refusal = this.contentsRefusal(request.contents);
    if (refusal) return this.error(res, refusal.status, refusal.code, refusal.message, refusal.details);
    const tokens = promptTokens(promptTexts(request));
    json(
      res,
      200,
      { totalTokens: tokens, promptTokensDetails: [{ modality: 'TEXT', tokenCount: tokens }] },
      { 'content-type': 'application/json; charset=UTF-8' },
    );
  }

  /** `models.generateContent`: checked in Google's order (see the class comment), then answered. */
  private generate(req: RecordedRequest, res: ServerResponse, version: ApiVersion, modelId: string): void {
    const body: unknown = JSON.parse(req.body || '{}');
    if (!isObject(body)) return this.error(res, 400, 'INVALID_ARGUMENT', 'Invalid JSON payload received. Expected an object.');
    const unknown = this.unknownNameIn(body, version);
    if (unknown) return this.error(res, unknown.status, unknown.code, unknown.message, unknown.details);
    const model = this.models.find((m) => m.name === `models/${modelId}` && m.supportedGenerationMethods.includes('generateContent'));
    if (!model) return this.notFound(res, modelId, version);
    const refusal = this.contentsRefusal(body.contents) ?? this.generationRefusal(body.generationConfig, modelId);
    if (refusal) return this.error(res, refusal.status, refusal.code, refusal.message, refusal.details);
    json(res, 200, this.answer(body, modelId), { 'content-type': 'application/json; charset=UTF-8' });
  }

  /** The first name the version's GenerateContentRequest does not declare, as Google's JSON parser refuses it. */
  private unknownNameIn(body: Record<string, unknown>, version: ApiVersion): Refusal | null {
    const extra = (object: Record<string, unknown>, fields: string[], at: string | null) => {
      const name = Object.keys(object).find((key) => !fields.includes(key));
      return name === undefined ? null : unknownName(name, at);
    };
    const top = extra(body, REQUEST_FIELDS[version], null);
    if (top) return top;
    const contents: [unknown, string][] = Array.isArray(body.contents) ? body.contents.map((c, i) => [c, `contents[${i}]`]) : [];
    if (isObject(body.systemInstruction)) contents.push([body.systemInstruction, 'system_instruction']);
    for (const [content, at] of contents) {
      if (!isObject(content)) continue;
      const inContent = extra(content, CONTENT_FIELDS, at);
      if (inContent) return inContent;
      for (const [j, part] of (Array.isArray(content.parts) ? content.parts : []).entries()) {
        const inPart = isObject(part) ? extra(part, PART_FIELDS, `${at}.parts[${j}]`) : null;
        if (inPart) return inPart;
      }
    }
    const config = body.generationConfig;
    if (!isObject(config)) return null;
    const inConfig = extra(config, GENERATION_FIELDS[version], 'generation_config');
    if (inConfig) return inConfig;
    return isObject(config.thinkingConfig) ? extra(config.thinkingConfig, THINKING_FIELDS, 'generation_config.thinking_config') : null;
  }

  /** `contents`: at least one, each with parts of text, its role `user` or `model` (the system prompt goes in systemInstruction). */
  private contentsRefusal(contents: unknown): Refusal | null {
    if (!Array.isArray(contents) || contents.length === 0) return invalid('* GenerateContentRequest.contents: contents is not specified\n');
    for (const [i, content] of contents.entries()) {
      if (!isObject(content)) return invalid(`Invalid value at 'contents[${i}]' (type.googleapis.com/google.ai.generativelanguage.v1beta.Content)`);
      if (content.role !== undefined && content.role !== 'user' && content.role !== 'model') return invalid('Please use a valid role: user, model.');
      if (!Array.isArray(content.parts) || content.parts.length === 0)
        return invalid(`* GenerateContentRequest.contents[${i}].parts: contents.parts must not be empty.\n`);
      for (const [j, part] of content.parts.entries()) {
        if (!isObject(part)) return invalid(`Invalid value at 'contents[${i}].parts[${j}]' (type.googleapis.com/google.ai.generativelanguage.v1beta.Part)`);
        const data = Object.keys(part).filter((key) => key !== 'thought' && key !== 'thoughtSignature' && key !== 'partMetadata');
        if (data.length === 0)
          return invalid(`* GenerateContentRequest.contents[${i}].parts[${j}].data: required oneof field 'data' must have one initialized field\n`);
        if (part.text === undefined) return invalid(`contents[${i}].parts[${j}]: the Gemini simulator takes only text parts (Quire sends no other).`);
        if (part.text !== undefined && typeof part.text !== 'string')
          return invalid(`Invalid value at 'contents[${i}].parts[${j}].text' (TYPE_STRING), ${JSON.stringify(part.text)}`);
      }
    }
    return null;
  }

  /** `generationConfig`: a temperature within 0–2, a whole maxOutputTokens, and a thinking config the model takes. */
  private generationRefusal(config: unknown, model: string): Refusal | null {
    if (config === undefined) return null;
    if (!isObject(config))
      return invalid(
        `Invalid value at 'generation_config' (type.googleapis.com/google.ai.generativelanguage.v1beta.GenerationConfig), ${JSON.stringify(config)}`,
      );
    const { temperature, maxOutputTokens } = config;
    if (temperature !== undefined) {
      if (typeof temperature !== 'number') return invalid(`Invalid value at 'generation_config.temperature' (TYPE_FLOAT), ${JSON.stringify(temperature)}`);
      if (temperature < 0 || temperature > 2)
        return invalid(`* GenerateContentRequest.generation_config.temperature: temperature must be in the range [0.0, 2.0], got ${temperature}.\n`);
    }
    if (maxOutputTokens !== undefined && (typeof maxOutputTokens !== 'number' || !Number.isInteger(maxOutputTokens)))
      return invalid(`Invalid value at 'generation_config.max_output_tokens' (TYPE_INT32), ${JSON.stringify(maxOutputTokens)}`);
    return this.thinkingRefusal(config.thinkingConfig, model);
  }

  /** `thinkingConfig`: for a model that thinks, a level or a budget (not both) of the kind and range the model takes. */
  private thinkingRefusal(thinking: unknown, model: string): Refusal | null {
    if (thinking === undefined) return null;
    if (!isObject(thinking))
      return invalid(
        `Invalid value at 'generation_config.thinking_config' (type.googleapis.com/google.ai.generativelanguage.v1beta.ThinkingConfig), ${JSON.stringify(thinking)}`,
      );
    if (this.thinkingRefused.has(model)) return invalid(`Thinking is not enabled for models/${model}`);
    const { thinkingLevel: level, thinkingBudget: budget } = thinking;
    if (level !== undefined && budget !== undefined)
      return invalid('thinking_budget and thinking_level are not supported together. Use thinking_level for Gemini 3 and later models.');
    if (level !== undefined) {
      if (typeof level !== 'string' || !THINKING_LEVELS.includes(level.toUpperCase()))
        return invalid(
          `Invalid value at 'generation_config.thinking_config.thinking_level' (type.googleapis.com/google.ai.generativelanguage.v1beta.ThinkingConfig.ThinkingLevel), ${JSON.stringify(level)}`,
        );
      if (this.levelRefused.has(model)) return invalid('Thinking level is not supported for this model.');
    }
    if (budget !== undefined) {
      if (typeof budget !== 'number' || !Number.isInteger(budget))
        return invalid(`Invalid value at 'generation_config.thinking_config.thinking_budget' (TYPE_INT32), ${JSON.stringify(budget)}`);
      if (this.budgetRefused.has(model)) return invalid('Thinking budget is not supported for this model.');
      if (budget === 0 && this.thinkingRequired.has(model)) return invalid('Budget 0 is invalid. This model only works in thinking mode.');
      const [least, most] = BUDGET_RANGES[model] ?? [1, 32768];
      if (budget !== 0 && budget !== -1 && (budget < least || budget > most)) return invalid(`The thinking budget (${budget}) is invalid.`);
    }
    return null;
  }

  /** The GenerateContentResponse of a request that passed its checks. */
  private answer(body: Record<string, unknown>, model: string): Record<string, unknown> {
    const contents = body.contents as Record<string, unknown>[];
    const turns: ChatTurn[] = contents.map((c) => ({ role: c.role === 'model' ? 'assistant' : 'user', content: partsText(c) }));
    const system = isObject(body.systemInstruction) && Array.isArray(body.systemInstruction.parts) ? partsText(body.systemInstruction) : undefined;
    const config = isObject(body.generationConfig) ? body.generationConfig : {};
    const thinking = isObject(config.thinkingConfig) ? config.thinkingConfig : {};
    const budget = typeof thinking.thinkingBudget === 'number' ? thinking.thinkingBudget : undefined;
    const level = typeof thinking.thinkingLevel === 'string' ? thinking.thinkingLevel.toUpperCase() : undefined;
    const thinks = budget !== undefined ? budget !== 0 : level !== undefined || thinksByDefault(model);
    const thoughtTokens = !thinks ? 0 : budget !== undefined && budget > 0 ? Math.min(budget, THOUGHT_TOKENS.HIGH) : THOUGHT_TOKENS[level ?? 'HIGH'];
    let text = writtenText(model, turns, { instructions: system });
    let finishReason = 'STOP';
    const most = typeof config.maxOutputTokens === 'number' && config.maxOutputTokens > 0 ? config.maxOutputTokens : Infinity;
    if (Math.ceil(text.length / 4) > most) {
      text = text.slice(0, most * 4);
      finishReason = 'MAX_TOKENS';
    }
    const parts: Record<string, unknown>[] = [];
    if (thoughtTokens > 0 && thinking.includeThoughts === true)
      parts.push({
        text: `**Planning the answer**\n\nThe request asks ${model} to write: ${String(turns.findLast((t) => t.role === 'user')?.content ?? '').slice(0, 80)}`,
        thought: true,
      });
    parts.push({ text });
    const promptTokenCount = promptTokens(promptTexts(body));
    const candidatesTokens = Math.ceil(text.length / 4);
    return {
      candidates: [{ content: { parts, role: 'model' }, finishReason, index: 0 }],
      usageMetadata: {
        promptTokenCount,
        candidatesTokenCount: candidatesTokens,
        totalTokenCount: promptTokenCount + candidatesTokens + thoughtTokens,
        promptTokensDetails: [{ modality: 'TEXT', tokenCount: promptTokenCount }],
        // Google leaves a count of zero out.
        ...(thoughtTokens > 0 ? { thoughtsTokenCount: thoughtTokens } : {}),
      },
      modelVersion: model,
      responseId: randomBytes(12).toString('base64url'),
    };
  }

  private described(model: GeminiModel) {
    return { version: '001', description: model.displayName, ...model };
  }

  private list(req: RecordedRequest, res: ServerResponse): void {
    for (const name of req.query.keys()) {
      if (!LIST_PARAMETERS.includes(name)) {
        return this.error(
          res,
          400,
          'INVALID_ARGUMENT',
          `Invalid JSON payload received. Unknown name "${name}": Cannot bind query parameter. Field '${name}' could not be found in request message.`,
        );
      }
    }
    const sizeText = req.query.get('pageSize');
    const asked = sizeText === null ? 50 : Number(sizeText);
    if (!Number.isInteger(asked) || asked < 0) return this.error(res, 400, 'INVALID_ARGUMENT', `Invalid value at 'page_size' (TYPE_INT32), "${sizeText}"`);
    const size = Math.min(asked === 0 ? 50 : asked, 1000, this.pageCap);
    const token = req.query.get('pageToken');
    const start = token ? Number(Buffer.from(token, 'base64url').toString('utf8')) : 0;
    if (!Number.isInteger(start) || start < 0 || start > this.models.length) return this.error(res, 400, 'INVALID_ARGUMENT', 'Invalid page token.');
    const page = this.models.slice(start, start + size);
    const next = start + size < this.models.length ? Buffer.from(String(start + size)).toString('base64url') : undefined;
    json(res, 200, { models: page.map((m) => this.described(m)), ...(next ? { nextPageToken: next } : {}) });
  }
}
