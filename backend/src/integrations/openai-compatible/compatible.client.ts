import type OpenAI from 'openai';
import { assertSendable, IntegrationError, unansweredReason } from '../../common/integration-error';
import { isOpenAiApiError, openAiSdk, openAiWords } from '../openai/openai.client';
import type { ListedVendorModel, VendorFetch } from '../vendor-models';

/**
 * A client of an OpenAI-compatible server (vLLM, Ollama, LM Studio, OpenRouter, Azure OpenAI's v1
 * endpoint) through OpenAI's official SDK at the connection's address. A server that takes no key
 * is sent no Authorization header at all.
 */
export function compatibleClient(name: string, baseUrl: string, apiKey: string | null, fetch: VendorFetch, maxRetries = 2): OpenAI {
  if (apiKey) assertSendable(`"${name}"`, apiKey, 'API key');
  const send: VendorFetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    if (!apiKey) headers.delete('authorization');
    return inOpenAisErrorShape(await fetch(input, { ...init, headers }));
  };
  return new (openAiSdk().OpenAI)({ apiKey: apiKey || 'no-key', baseURL: baseUrl, maxRetries, timeout: 120_000, fetch: send });
}

/**
 * A refusal in OpenAI's shape, `{error: {message, …}}`, whichever the server used: vLLM answers
 * `{"object": "error", "message": …}`, some servers `{"error": "Unauthorized"}`. The SDK reads only
 * OpenAI's, so the server's own words would otherwise be lost.
 */
async function inOpenAisErrorShape(response: Response): Promise<Response> {
  if (response.ok || !response.headers.get('content-type')?.includes('json')) return response;
  const text = await response.text();
  // The body is read (and decoded) now: its length and encoding no longer describe it.
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  headers.delete('content-encoding');
  const init = { status: response.status, statusText: response.statusText, headers };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return new Response(text, init);
  }
  const { error, message, type, param, code } = (body ?? {}) as Record<string, unknown>;
  const words = typeof message === 'string' ? message : typeof error === 'string' ? error : null;
  const nested = error && typeof error === 'object' ? body : { error: { message: words, type: type ?? null, param: param ?? null, code: code ?? null } };
  return new Response(JSON.stringify(nested), init);
}

/** The models the server lists at `GET <address>/models`, every page read. */
export async function compatibleModels(name: string, baseUrl: string, apiKey: string | null, fetch: VendorFetch): Promise<ListedVendorModel[]> {
  try {
    const models: ListedVendorModel[] = [];
    for await (const model of compatibleClient(name, baseUrl, apiKey, fetch, 1).models.list()) {
      const created = typeof model.created === 'number' && model.created > 0 ? new Date(model.created * 1000).toISOString() : null;
      models.push({ id: model.id, name: model.id, created });
    }
    return models;
  } catch (error) {
    throw compatibleError(name, error, 'list its models');
  }
}

/** An SDK error as a message naming the connection, from the server's status and words only. */
export function compatibleError(name: string, error: unknown, action: string): IntegrationError {
  if (error instanceof IntegrationError) return error;
  const service = `"${name}"` as const;
  if (!isOpenAiApiError(error) || error.status === undefined) {
    return new IntegrationError(
      service,
      `could not be reached to ${action}: ${unansweredReason(error)}. Check the address on Home › Model providers.`,
      undefined,
      {
        transient: true,
      },
    );
  }
  const words = openAiWords(error);
  if (error.status === 401 || error.status === 403) {
    return new IntegrationError(
      service,
      `refused the API key of this connection while trying to ${action}; check the key on Home › Model providers.${words ? ` It said: ${words}` : ''}`,
      error.status,
    );
  }
  if (error.status === 404) {
    return new IntegrationError(
      service,
      `has nothing at this address to ${action} (HTTP 404); the address usually ends in /v1.${words ? ` It said: ${words}` : ''}`,
      error.status,
    );
  }
  return new IntegrationError(service, `could not ${action}: ${words ?? `it answered HTTP ${error.status}`}`, error.status);
}
