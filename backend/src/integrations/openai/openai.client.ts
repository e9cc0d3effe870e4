import { Inject, Injectable } from '@nestjs/common';
import type OpenAI from 'openai';
import type { APIError } from 'openai';
import { APP_CONFIG } from '../../config/config.module';
import { AppConfig } from '../../config/config';
import { assertSendable, IntegrationError, unansweredReason } from '../../common/integration-error';
import { SharedPace } from '../pace/shared-pace.service';
import { Metrics } from '../../metrics/metrics';

type OpenAiSdk = typeof import('openai');
let sdk: OpenAiSdk | undefined;

/**
 * The OpenAI SDK, loaded when a client is first made or an error first read (not at start-up,
 * which it would make about 0.1 s longer). An error can be one of its classes only once it is loaded.
 */
export function openAiSdk(): OpenAiSdk {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
  return (sdk ??= require('openai') as OpenAiSdk);
}

/** Whether `error` is the SDK's APIError (its subclasses included). */
export function isOpenAiApiError(error: unknown): error is APIError {
  return error instanceof Error && error instanceof openAiSdk().APIError;
}

/**
 * OpenAI answers an account out of credit with 429 `insufficient_quota`, which the SDK would retry
 * like a rate limit (it retries every 429 unless told otherwise): marking that answer
 * `x-should-retry: false` makes it fail at once, since waiting cannot add credit.
 */
export async function quotaAwareFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const response = await fetch(input, init);
  if (response.status !== 429) return response;
  const text = await response.clone().text();
  if (!/"(code|type)"\s*:\s*"insufficient_quota"/.test(text)) return response;
  const headers = new Headers(response.headers);
  headers.set('x-should-retry', 'false');
  return new Response(text, { status: response.status, statusText: response.statusText, headers });
}

/** About how many tokens a request will count against the key's token limit: its prompt, at OpenAI's rule of thumb of four characters a token. */
function estimatedTokens(body: RequestInit['body']): number {
  return typeof body === 'string' ? Math.ceil(body.length / 4) : 0;
}

/**
 * OpenAI SDK clients for a user's key, pointed at OPENAI_BASE_URL when it is set. Every attempt
 * (the SDK's retries included) first takes its turn under the key's limits, shared by every
 * server process (SharedPace), and reports the limits the answer's headers show.
 */
@Injectable()
export class OpenAiClientFactory {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly pace: SharedPace,
    private readonly metrics: Metrics,
  ) {}

  create(apiKey: string, maxRetries = 2): OpenAI {
    assertSendable('OpenAI', apiKey, 'OpenAI API key');
    const pacedFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
      await this.pace.openAiTurn(apiKey, estimatedTokens(init?.body), init?.signal);
      // The SDK numbers its retries in this header.
      const retry = Number(new Headers(init?.headers).get('x-stainless-retry-count') ?? 0) > 0;
      const response = await this.metrics.vendorRequest('openai', retry, () => quotaAwareFetch(input, init));
      await this.pace.openAiAnswered(apiKey, response);
      return response;
    };
    return new (openAiSdk().OpenAI)({ apiKey, baseURL: this.config.openAiBaseUrl ?? undefined, maxRetries, timeout: 120_000, fetch: pacedFetch });
  }
}

/** OpenAI's own words from an error's body, when it gave any. */
export function openAiWords(error: APIError): string | null {
  const detail = (error.error as { message?: unknown } | undefined)?.message;
  return typeof detail === 'string' && detail.trim() ? detail : null;
}

/** OpenAI's machine-readable reason (`insufficient_quota`, `model_not_found`, …), from its code or type. */
export function openAiCode(error: unknown): string | null {
  if (!isOpenAiApiError(error)) return null;
  const body = error.error as { code?: unknown; type?: unknown } | undefined;
  const code = typeof body?.code === 'string' ? body.code : typeof error.code === 'string' ? error.code : null;
  return code ?? (typeof body?.type === 'string' ? body.type : null);
}

/**
 * Turns an SDK error into a message that says what went wrong and what to do, from OpenAI's status
 * and its own message only.
 */
export function openAiError(error: unknown, action: string): IntegrationError {
  if (error instanceof IntegrationError) return error;
  if (isOpenAiApiError(error) && error.status !== undefined) {
    const status = error.status;
    const words = openAiWords(error);
    if (status === 401) {
      return new IntegrationError('OpenAI', `rejected the API key saved on Home while trying to ${action}; check the key and save it again.`, status);
    }
    if (status === 429 && openAiCode(error) === 'insufficient_quota') {
      return new IntegrationError(
        'OpenAI',
        `could not ${action}: the OpenAI account of this key is out of credit (insufficient_quota). Add credit or raise the budget under Billing at platform.openai.com, then try again.${words ? ` OpenAI said: ${words}` : ''}`,
        status,
        // A 429, but waiting adds no credit: the article fails now instead of being tried again later.
        { transient: false },
      );
    }
    if (status === 429) return new IntegrationError('OpenAI', `is rate-limiting this key (${action}); try again in a minute.`, status);
    return new IntegrationError('OpenAI', `could not ${action}: ${words ?? `it answered HTTP ${status}`}`, status);
  }
  return new IntegrationError('OpenAI', `could not be reached to ${action}: ${unansweredReason(error)}.`, undefined, { transient: true });
}
