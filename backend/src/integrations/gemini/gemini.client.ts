import type { GenerateContentResponse, GoogleGenAI, ThinkingLevel } from '@google/genai';
import { assertSendable, IntegrationError, unansweredReason } from '../../common/integration-error';
import type { ListedVendorModel, VendorFetch } from '../vendor-models';

type GeminiSdk = typeof import('@google/genai');
let sdk: GeminiSdk | undefined;

/** Google's Gen AI SDK, loaded on first use (start-up never needs it). */
function geminiSdk(): GeminiSdk {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
  return (sdk ??= require('@google/genai') as GeminiSdk);
}

/**
 * A client of the Gemini API (never Vertex AI) for a key, through Google's official Gen AI SDK,
 * pointed at `baseUrl` when set (tests, the demo). `attempts` counts the first request. Given a
 * fetch of its own, the SDK sends through Node's dispatcher as it is (its replacement needs Undici's
 * global dispatcher, which a sandboxed runtime such as Jest's lacks).
 */
export function geminiClient(apiKey: string, baseUrl: string | null, fetch: VendorFetch, attempts = 3): GoogleGenAI {
  assertSendable('Gemini', apiKey, 'Gemini API key');
  const { GoogleGenAI: Client } = geminiSdk();
  return new Client({
    apiKey,
    vertexai: false,
    httpOptions: { ...(baseUrl ? { baseUrl } : {}), timeout: 120_000, retryOptions: { attempts }, fetch },
  });
}

/**
 * The models of the key that write text, as Gemini's `models.list` lists them (every page read):
 * those whose supported actions include `generateContent` (embedding models, which only embed, are not).
 */
export async function geminiModels(apiKey: string, baseUrl: string | null, fetch: VendorFetch): Promise<ListedVendorModel[]> {
  try {
    const models: ListedVendorModel[] = [];
    for await (const model of await geminiClient(apiKey, baseUrl, fetch, 2).models.list({ config: { pageSize: 1000 } })) {
      if (!model.name || !model.supportedActions?.includes('generateContent')) continue;
      const id = model.name.replace(/^models\//, '');
      models.push({ id, name: model.displayName || id, created: null });
    }
    return models;
  } catch (error) {
    throw geminiError(error, 'list the models of the key');
  }
}

/** Gemini's own words, status name (`INVALID_ARGUMENT`, `NOT_FOUND`, …) and reason from a refusal. */
export function geminiRefusal(error: unknown): { status: number; code: string | null; reason: string | null; words: string | null } | null {
  if (!(error instanceof Error) || !(error instanceof geminiSdk().ApiError)) return null;
  let body: { error?: { message?: unknown; status?: unknown; details?: { reason?: unknown }[] } } = {};
  try {
    body = JSON.parse(error.message) as typeof body;
  } catch {
    // The SDK puts the answer's JSON body in the message; anything else says nothing more.
  }
  const detail = body.error;
  const reason = detail?.details?.map((d) => d.reason).find((r): r is string => typeof r === 'string') ?? null;
  return {
    status: error.status,
    code: typeof detail?.status === 'string' ? detail.status : null,
    reason,
    words: typeof detail?.message === 'string' && detail.message.trim() ? detail.message : null,
  };
}

/** An SDK error as a message that says what went wrong and what to do, from Gemini's status and words only. */
export function geminiError(error: unknown, action: string): IntegrationError {
  if (error instanceof IntegrationError) return error;
  const refusal = geminiRefusal(error);
  if (!refusal) return new IntegrationError('Gemini', `could not be reached to ${action}: ${unansweredReason(error)}.`, undefined, { transient: true });
  const { status, reason, words } = refusal;
  if (status === 401 || status === 403 || reason === 'API_KEY_INVALID') {
    return new IntegrationError(
      'Gemini',
      `rejected the API key of this connection while trying to ${action}; check the key on Home › Model providers.${words ? ` Gemini said: ${words}` : ''}`,
      status,
    );
  }
  if (status === 429) return new IntegrationError('Gemini', `is rate-limiting this key (${action}); try again in a minute.`, status, { transient: true });
  if (status === 503)
    return new IntegrationError('Gemini', `is unavailable (${action}); try again in a minute.${words ? ` Gemini said: ${words}` : ''}`, status, {
      transient: true,
    });
  return new IntegrationError('Gemini', `could not ${action}: ${words ?? `it answered HTTP ${status}`}`, status);
}

/**
 * The API version Quire writes through. The SDK (3.x) asks v1 by default, but Google's published v1
 * GenerateContentRequest declares no `systemInstruction` and its GenerationConfig no `thinkingConfig`
 * (googleapis google/ai/generativelanguage/v1/generative_service.proto), and v1 has refused them as
 * unknown names ("Invalid JSON payload received. Unknown name "systemInstruction": Cannot find
 * field."). v1beta — the version of Google's own generateContent guides, and the one its API-versions
 * page names as the SDKs' default — takes both and reports `thoughtsTokenCount`. The listing stays on v1.
 */
const GENERATE_API_VERSION = 'v1beta';

/** How much a Gemini model thinks: a level (Gemini 3 and later) or a budget of tokens (Gemini 2.5; 0 turns thinking off where the model allows it). */
export type GeminiThinking = { level: 'LOW' | 'HIGH' } | { budget: number };

/** A section's request as generateContent takes it: the system prompt apart, the rest user and model turns. */
export interface GeminiAsk {
  model: string;
  system: string;
  /** Quire's roles; an assistant's turn is Gemini's `model`. */
  messages: { role: 'user' | 'assistant'; content: string }[];
  temperature?: number;
  thinking?: GeminiThinking;
}

/** The text of Gemini's answer (its parts that are not thoughts) and its usage. */
export interface GeminiAnswer {
  content: string;
  usage: { promptTokens: number; completionTokens: number; cachedTokens: number; reasoningTokens: number };
}

/**
 * One generateContent request through the SDK (which retries 408, 429 and 5xx). Refusals are thrown
 * as the SDK's ApiError, for the caller to learn from (geminiRefusal) or report (geminiError).
 */
export async function geminiGenerate(client: GoogleGenAI, ask: GeminiAsk): Promise<GeminiAnswer> {
  const thinking = ask.thinking;
  const response = await client.models.generateContent({
    model: ask.model,
    contents: ask.messages.map((m) => ({ role: m.role === 'assistant' ? 'model' : 'user', parts: [{ text: m.content }] })),
    config: {
      httpOptions: { apiVersion: GENERATE_API_VERSION },
      ...(ask.system ? { systemInstruction: { parts: [{ text: ask.system }] } } : {}),
      ...(ask.temperature !== undefined ? { temperature: ask.temperature } : {}),
      ...(thinking ? { thinkingConfig: 'level' in thinking ? { thinkingLevel: thinking.level as ThinkingLevel } : { thinkingBudget: thinking.budget } } : {}),
    },
  });
  return geminiAnswer(response);
}

/**
 * A text's tokens as Gemini counts them for a model (`models.countTokens`, free: nothing is
 * written), sent as one user content — the Gemini API counts no system instruction apart.
 */
export async function geminiCountTokens(client: GoogleGenAI, model: string, text: string): Promise<number> {
  const counted = await client.models.countTokens({ model, contents: text, config: { httpOptions: { apiVersion: GENERATE_API_VERSION } } });
  // Google leaves a count of zero out.
  return counted.totalTokens ?? 0;
}

/**
 * What Quire reads of a GenerateContentResponse: the first candidate's text parts, thoughts left out
 * (a part marked `thought` is the model's reasoning, not the article), and the usage as Gemini counts
 * it — the thinking in `thoughtsTokenCount`, billed as output beside `candidatesTokenCount`.
 */
export function geminiAnswer(response: Pick<GenerateContentResponse, 'candidates' | 'usageMetadata'>): GeminiAnswer {
  const parts = response.candidates?.[0]?.content?.parts ?? [];
  const content = parts
    .filter((part) => !part.thought && typeof part.text === 'string')
    .map((part) => part.text)
    .join('');
  const usage = response.usageMetadata;
  const thoughts = usage?.thoughtsTokenCount ?? 0;
  return {
    content,
    usage: {
      promptTokens: usage?.promptTokenCount ?? 0,
      completionTokens: (usage?.candidatesTokenCount ?? 0) + thoughts,
      cachedTokens: usage?.cachedContentTokenCount ?? 0,
      reasoningTokens: thoughts,
    },
  };
}
