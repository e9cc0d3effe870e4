/** How an outside call is retried: at most `retries` more attempts, waiting longer each time. */
export interface RetryPolicy {
  retries: number;
  initialDelayMs: number;
  maxDelayMs: number;
}

/** Calls that read or overwrite (and so may be repeated): a few quick retries, as the vendors advise. */
export const CALL_RETRIES: RetryPolicy = { retries: 5, initialDelayMs: 500, maxDelayMs: 30_000 };

/** The wait a service asks for in Retry-After (seconds or an HTTP date), in ms; undefined if none or unreadable. */
export function parseRetryAfter(value: string | null | undefined): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return seconds >= 0 ? seconds * 1000 : undefined;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/**
 * The wait before retry number `attempt` (0 for the first): what the service asked for (never more
 * than a minute), else exponential backoff with jitter, so callers that failed together do not
 * retry together.
 */
export function retryDelayMs(attempt: number, policy: RetryPolicy, retryAfter?: string | null): number {
  const asked = parseRetryAfter(retryAfter);
  if (asked !== undefined) return Math.min(asked, 60_000);
  const base = Math.min(policy.initialDelayMs * 2 ** attempt, policy.maxDelayMs);
  return Math.round(base / 2 + Math.random() * (base / 2));
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    const abort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', abort, { once: true });
  });
}

/**
 * Throws what `promise` was rejected with if it has been already, and otherwise never waits for it
 * (its reactions run before those of the value raced against it, so a settled promise wins).
 */
export async function throwIfRejected(promise: Promise<unknown>): Promise<void> {
  await Promise.race([promise, undefined]);
}
