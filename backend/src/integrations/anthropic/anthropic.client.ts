import type Anthropic from '@anthropic-ai/sdk';
import type { Message, MessageCreateParamsNonStreaming } from '@anthropic-ai/sdk/resources/messages/messages';
import { assertSendable, IntegrationError, unansweredReason } from '../../common/integration-error';
import type { ListedVendorModel, VendorFetch } from '../vendor-models';

type AnthropicSdk = typeof import('@anthropic-ai/sdk');
let sdk: AnthropicSdk | undefined;

/** Anthropic's SDK, loaded on first use (start-up never needs it). */
function anthropicSdk(): AnthropicSdk {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
  return (sdk ??= require('@anthropic-ai/sdk') as AnthropicSdk);
}

/**
 * A client of Anthropic's API for a key, through its official SDK (which sends its newest
 * `anthropic-version` and retries 408, 409, 429, 5xx and Anthropic's 529 "overloaded", honouring
 * `retry-after`), pointed at `baseUrl` when set (tests, the demo), sending through `fetch`.
 */
export function anthropicClient(apiKey: string, baseUrl: string | null, fetch: VendorFetch, maxRetries = 2): Anthropic {
  assertSendable('Anthropic', apiKey, 'Anthropic API key');
  const { Anthropic: Client } = anthropicSdk();
  return new Client({ apiKey, authToken: null, baseURL: baseUrl ?? undefined, maxRetries, timeout: 120_000, fetch });
}

/** Every model the key may use, as Anthropic's `GET /v1/models` lists them (newest first), every page read. */
export async function anthropicModels(apiKey: string, baseUrl: string | null, fetch: VendorFetch): Promise<ListedVendorModel[]> {
  try {
    const models: ListedVendorModel[] = [];
    for await (const model of anthropicClient(apiKey, baseUrl, fetch, 1).models.list({ limit: 1000 })) {
      models.push({ id: model.id, name: model.display_name || model.id, created: model.created_at || null, maxTokens: model.max_tokens ?? null });
    }
    return models;
  } catch (error) {
    throw anthropicError(error, 'list the models of the key');
  }
}

/** Anthropic's own words and error type from a refusal (`{type:"error", error:{type, message}}`). */
export function anthropicRefusal(error: unknown): { status: number; type: string | null; words: string | null } | null {
  if (!(error instanceof Error) || !(error instanceof anthropicSdk().APIError) || error.status === undefined) return null;
  const body = (error.error as { error?: { type?: unknown; message?: unknown } } | undefined)?.error;
  const words = typeof body?.message === 'string' && body.message.trim() ? body.message : null;
  return { status: error.status, type: typeof body?.type === 'string' ? body.type : null, words };
}

/** An SDK error as a message that says what went wrong and what to do, from Anthropic's status and words only. */
export function anthropicError(error: unknown, action: string): IntegrationError {
  if (error instanceof IntegrationError) return error;
  const refusal = anthropicRefusal(error);
  if (!refusal) return new IntegrationError('Anthropic', `could not be reached to ${action}: ${unansweredReason(error)}.`, undefined, { transient: true });
  const { status, words } = refusal;
  if (status === 401)
    return new IntegrationError(
      'Anthropic',
      `rejected the API key of this connection while trying to ${action}; check the key on Home › Model providers.`,
      status,
    );
  if (status === 529) return new IntegrationError('Anthropic', `is overloaded (${action}); try again in a minute.`, status, { transient: true });
  if (status === 429) return new IntegrationError('Anthropic', `is rate-limiting this key (${action}); try again in a minute.`, status);
  return new IntegrationError('Anthropic', `could not ${action}: ${words ?? `it answered HTTP ${status}`}`, status);
}

/** A section's request as Anthropic's Messages API takes it: the system prompt apart, the rest alternating user and assistant. */
export interface AnthropicAsk {
  model: string;
  maxTokens: number;
  system: string;
  messages: { role: 'user' | 'assistant'; content: string }[];
  temperature?: number;
  /** `output_config.effort`, with adaptive thinking. */
  effort?: string;
}

/** The text of Anthropic's answer (its text blocks; a thinking block is not the article) and its usage. */
export interface AnthropicAnswer {
  content: string;
  usage: { promptTokens: number; completionTokens: number; cachedTokens: number; reasoningTokens: number };
}

/**
 * The Messages API's params for a section's request: the one place they are put together, for a
 * message sent at once and for a request of a message batch.
 */
export function anthropicParams(ask: AnthropicAsk): MessageCreateParamsNonStreaming {
  return {
    model: ask.model,
    max_tokens: ask.maxTokens,
    ...(ask.system ? { system: ask.system } : {}),
    messages: ask.messages,
    ...(ask.temperature !== undefined ? { temperature: ask.temperature } : {}),
    ...(ask.effort !== undefined ? { thinking: { type: 'adaptive' as const }, output_config: { effort: ask.effort as 'low' } } : {}),
  };
}

/** A message's text (its text blocks; a thinking block is not the article) and its usage, as Quire reads them. */
export function anthropicAnswerOf(message: Message): AnthropicAnswer {
  const content = message.content
    .filter((block) => block.type === 'text')
    .map((block) => (block as { text: string }).text)
    .join('');
  const usage = message.usage;
  const cached = usage.cache_read_input_tokens ?? 0;
  return {
    content,
    usage: {
      // Anthropic counts cached and newly cached input apart from input_tokens: all of it is the prompt.
      promptTokens: usage.input_tokens + cached + (usage.cache_creation_input_tokens ?? 0),
      completionTokens: usage.output_tokens,
      cachedTokens: cached,
      reasoningTokens: 0,
    },
  };
}

/**
 * A text's tokens as Anthropic counts them for a model, sent as one user message
 * (`POST /v1/messages/count_tokens`: free, and no message is made).
 */
export async function anthropicCountTokens(client: Anthropic, model: string, text: string): Promise<number> {
  return (await client.messages.countTokens({ model, messages: [{ role: 'user', content: text }] })).input_tokens;
}

/**
 * One message through the SDK (which retries 429, 529 and 5xx, honouring `retry-after`). Refusals are
 * thrown as the SDK's errors, for the caller to learn from (anthropicRefusal) or report (anthropicError).
 */
export async function anthropicMessage(client: Anthropic, ask: AnthropicAsk): Promise<AnthropicAnswer> {
  return anthropicAnswerOf(await client.messages.create(anthropicParams(ask)));
}
