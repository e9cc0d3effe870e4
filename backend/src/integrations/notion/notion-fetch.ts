import { RetryPolicy, retryDelayMs, sleep } from '../../common/retry';

/** Statuses Notion's status-code page says to retry: conflict, rate limit, and its server and gateway errors. */
const NOTION_RETRY_STATUSES = new Set([409, 429, 500, 502, 503, 504]);

/**
 * Network failures worth another try: a connection dropped or timed out on the way. A refused
 * connection or an unknown host is not passing, so it is reported at once.
 */
const PASSING_NETWORK_CODES = new Set([
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

function isPassingNetworkFailure(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    const { code, name } = current as { code?: unknown; name?: unknown };
    if (typeof code === 'string' && PASSING_NETWORK_CODES.has(code)) return true;
    if (name === 'TimeoutError') return true;
  }
  return false;
}

/** One attempt never waits longer than this for an answer. */
const ATTEMPT_TIMEOUT_MS = 60_000;

type Fetch = (url: string, init: RequestInit) => Promise<Response>;
/** One attempt of a call: `attempt` is 0 for the first, 1 for the first retry, … */
type Send = (url: string, init: RequestInit, attempt: number) => Promise<Response>;

/**
 * Appending children is the one call that is not safe to repeat: a 502 may come after Notion
 * wrote the blocks. It is retried here only after a 429 (Notion did not take it); for any other
 * failure the writer reads the page and appends only what is missing (see ArticleWriter).
 */
function isAppend(url: string, init: RequestInit): boolean {
  return (init.method ?? 'GET').toUpperCase() === 'PATCH' && /\/v1\/blocks\/[^/]+\/children(\?|$)/.test(url);
}

/**
 * Notion's SDK retries only 429 on a write, and never 409 or a gateway error: every call goes
 * through this instead (the SDK's own retry is off), each attempt through `send` (which paces it).
 * Waits honour Retry-After; a dropped or timed-out connection counts like a 503.
 */
export function retryingNotionFetch(send: Send, policy: RetryPolicy, onRetry?: (status: number | 'network') => void): Fetch {
  return async (url, init) => {
    const append = isAppend(url, init);
    for (let attempt = 0; ; attempt++) {
      let response: Response | undefined;
      let failure: unknown;
      try {
        response = await send(url, { ...init, signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS) }, attempt);
      } catch (error) {
        failure = error;
      }
      const retryable = response
        ? NOTION_RETRY_STATUSES.has(response.status) && (!append || response.status === 429)
        : !append && isPassingNetworkFailure(failure);
      if (!retryable || attempt >= policy.retries) {
        if (response) return response;
        throw failure;
      }
      onRetry?.(response?.status ?? 'network');
      const retryAfter = response?.headers.get('retry-after');
      await response?.body?.cancel().catch(() => undefined);
      await sleep(retryDelayMs(attempt, policy, retryAfter));
    }
  };
}
