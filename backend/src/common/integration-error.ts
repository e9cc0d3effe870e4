import { HttpException, HttpStatus } from '@nestjs/common';

/** Who failed: a vendor, or an OpenAI-compatible server by its connection's name, quoted. */
export type Service = 'OpenAI' | 'Notion' | 'Google' | 'Anthropic' | 'Gemini' | `"${string}"`;

/**
 * An outside service failed or refused. The message names the service and says what a person
 * can do about it; it answers 502 so callers can tell it from their own mistakes. It is built
 * only from the service's status and its own words (from its answer's body), never from an SDK's
 * or the network's error text, which may echo a request header or a secret.
 */
export class IntegrationError extends HttpException {
  /**
   * A failure that may pass if the same work is tried again later (rate limits, overload, gateway
   * and network failures), as opposed to a refusal (bad request, no permission, not found).
   */
  readonly transient: boolean;

  constructor(
    readonly service: Service,
    reason: string,
    readonly upstreamStatus?: number,
    options: { transient?: boolean } = {},
  ) {
    super(`${service}: ${reason}`, HttpStatus.BAD_GATEWAY);
    this.transient = options.transient ?? (upstreamStatus !== undefined && TRANSIENT_STATUSES.has(upstreamStatus));
  }
}

/** Statuses that say "not now" rather than "no": timeouts, conflicts, rate limits, server and gateway errors. */
const TRANSIENT_STATUSES = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

/** Whether a failure of outside work may pass on a later attempt. */
export function isTransient(error: unknown): boolean {
  return error instanceof IntegrationError && error.transient;
}

/** Node's and undici's error codes (ECONNREFUSED, ENOTFOUND, UND_ERR_CONNECT_TIMEOUT, …): safe to show. */
const ERROR_CODE = /^[A-Z][A-Z0-9_]{1,40}$/;

/** Why a request got no answer, from its error code alone (its message may hold a header). */
export function unansweredReason(error: unknown): string {
  for (let current: unknown = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && ERROR_CODE.test(code)) return `the connection failed (${code})`;
    if ((current as { name?: unknown }).name === 'AbortError' || (current as { name?: unknown }).name === 'TimeoutError') return 'it did not answer in time';
  }
  return 'the request could not be sent';
}

/** Secrets travel in an HTTP header: characters outside visible ASCII would fail every call (and be echoed by the SDK's error). */
const SENDABLE = /^[\x21-\x7e]+$/;

/** Refuses, before any request, a saved secret that cannot be sent (one saved before Quire checked them). */
export function assertSendable(service: Service, secret: string, name: string): void {
  if (!SENDABLE.test(secret)) {
    throw new IntegrationError(
      service,
      `the ${name} saved on Home contains characters that cannot be sent (spaces, line breaks or control characters); paste it again and save.`,
    );
  }
}
