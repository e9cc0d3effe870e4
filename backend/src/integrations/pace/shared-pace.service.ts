import { Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { createHash } from 'node:crypto';
import { parseRetryAfter, sleep } from '../../common/retry';
import { Metrics, Vendor } from '../../metrics/metrics';
import { LimitReading, PaceRepository } from './pace.repository';

/** Notion asks for an average of three requests a second per integration. */
export const NOTION_REQUESTS_PER_SECOND = 3;
/** A little slack per call on top of the average (Notion allows a burst of one over it, which absorbs a late call). */
const NOTION_SLACK_MS = 5;
/** Longest pause a rate-limit answer can impose on every process. */
const MAX_PAUSE_MS = 60_000;
/** The pause after a 429 that says nothing of how long to wait. */
const DEFAULT_PAUSE_MS = 1_000;

function keyHash(service: 'notion' | 'openai' | 'provider', secret: string): string {
  return createHash('sha256').update(`${service}:${secret}`).digest('hex');
}

/** OpenAI's durations: `120ms`, `1s`, `17.115s`, `6m0s`, `1h2m3s`; undefined when unreadable. */
export function parseOpenAiDuration(value: string | null | undefined): number | undefined {
  if (!value || !/^(\d+(\.\d+)?(ms|h|m|s))+$/.test(value.trim())) return undefined;
  const unit: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
  let total = 0;
  for (const [, amount, , name] of value.trim().matchAll(/(\d+(\.\d+)?)(ms|h|m|s)/g)) total += Number(amount) * unit[name];
  return total;
}

function reading(headers: Headers, kind: 'requests' | 'tokens'): LimitReading | null {
  const limit = Number(headers.get(`x-ratelimit-limit-${kind}`));
  const remaining = Number(headers.get(`x-ratelimit-remaining-${kind}`));
  const resetMs = parseOpenAiDuration(headers.get(`x-ratelimit-reset-${kind}`));
  // Some endpoints and proxies answer -1 or nothing: no limit worth following.
  if (!Number.isFinite(limit) || !Number.isFinite(remaining) || limit <= 0 || remaining < 0 || !headers.has(`x-ratelimit-limit-${kind}`)) return null;
  return { limit, remaining: Math.min(remaining, limit), resetMs: resetMs ?? 0 };
}

/**
 * The `retryDelay` of a Google error's RetryInfo detail (`{"error":{…,"details":[{"@type":
 * "type.googleapis.com/google.rpc.RetryInfo","retryDelay":"29s"}]}}`), the wait Gemini's 429 asks for:
 * a protobuf Duration in JSON, seconds with an `s` (`"29s"`, `"1.5s"`). Undefined when there is none.
 */
export function googleRetryDelayMs(body: string): number | undefined {
  let details: unknown;
  try {
    details = (JSON.parse(body) as { error?: { details?: unknown } })?.error?.details;
  } catch {
    return undefined;
  }
  if (!Array.isArray(details)) return undefined;
  const info = details.find((d): d is { retryDelay?: unknown } => typeof d === 'object' && d !== null && d['@type'] === GOOGLE_RETRY_INFO);
  const delay = info?.retryDelay;
  return typeof delay === 'string' && /^\d+(\.\d+)?s$/.test(delay) ? parseOpenAiDuration(delay) : undefined;
}
const GOOGLE_RETRY_INFO = 'type.googleapis.com/google.rpc.RetryInfo';

/**
 * How long a rate-limit answer asks every caller to wait: `retry-after-ms`, `retry-after`, the
 * "Please try again in 1.2s" of OpenAI's message, Google's RetryInfo, else the reset of the limit
 * that ran out.
 */
function pauseMs(headers: Headers, body: string): number {
  const asked =
    (headers.has('retry-after-ms') ? Number(headers.get('retry-after-ms')) : undefined) ??
    parseRetryAfter(headers.get('retry-after')) ??
    parseOpenAiDuration(/try again in (\S+?)\.?(\s|$)/.exec(body)?.[1]) ??
    googleRetryDelayMs(body) ??
    (headers.get('x-ratelimit-remaining-requests') === '0' ? parseOpenAiDuration(headers.get('x-ratelimit-reset-requests')) : undefined) ??
    (headers.get('x-ratelimit-remaining-tokens') === '0' ? parseOpenAiDuration(headers.get('x-ratelimit-reset-tokens')) : undefined);
  return Math.min(Number.isFinite(asked) && asked! >= 0 ? asked! : DEFAULT_PAUSE_MS, MAX_PAUSE_MS);
}

/**
 * One pace per outside secret for every server process on the database: Notion's three requests
 * a second per integration, and OpenAI's per-key limits as its `x-ratelimit-*` headers report
 * them. Each request takes its turn in one atomic statement on the secret's row, then waits for
 * it; a 429 pauses every process. If the database cannot be asked, the request goes unpaced (the
 * service's 429 and the retries still hold) rather than failing.
 */
@Injectable()
export class SharedPace {
  private readonly logger = new Logger(SharedPace.name);

  constructor(
    private readonly pace: PaceRepository,
    private readonly metrics: Metrics,
  ) {}

  private async wait(what: string, vendor: Vendor, turn: () => Promise<number>, signal?: AbortSignal | null): Promise<void> {
    let ms: number;
    try {
      ms = await turn();
    } catch (error) {
      this.logger.warn(`Could not take a turn for ${what} (${error instanceof Error ? error.message : String(error)}); sending unpaced`);
      return;
    }
    if (ms <= 0) return;
    this.metrics.paced(vendor, ms);
    await sleep(ms, signal ?? undefined);
  }

  private async note(what: string, write: () => Promise<void>): Promise<void> {
    try {
      await write();
    } catch (error) {
      this.logger.warn(`Could not record ${what} (${error instanceof Error ? error.message : String(error)})`);
    }
  }

  /** Waits for this Notion secret's next slot. */
  notionTurn(secret: string, signal?: AbortSignal | null): Promise<void> {
    const interval = 1000 / NOTION_REQUESTS_PER_SECOND + NOTION_SLACK_MS;
    return this.wait('Notion', 'notion', () => this.pace.reserveSlot(keyHash('notion', secret), interval), signal);
  }

  /** Notion answered 429: every process holds this secret's calls for what it asked (a second if it did not say). */
  notionRateLimited(secret: string, retryAfter: string | null): Promise<void> {
    const ms = Math.min(parseRetryAfter(retryAfter) ?? DEFAULT_PAUSE_MS, MAX_PAUSE_MS);
    return this.note('a Notion pause', () => this.pace.pause(keyHash('notion', secret), ms));
  }

  /** Waits until OpenAI's limits for this key have room for a request of about `tokens` tokens. */
  openAiTurn(apiKey: string, tokens: number, signal?: AbortSignal | null): Promise<void> {
    return this.wait('OpenAI', 'openai', () => this.pace.takeTurn(keyHash('openai', apiKey), tokens), signal);
  }

  /** Records the limits an OpenAI answer reports; a rate-limit 429 (not an account out of credit) pauses every process. */
  async openAiAnswered(apiKey: string, response: Response): Promise<void> {
    const key = keyHash('openai', apiKey);
    const requests = reading(response.headers, 'requests');
    const tokens = reading(response.headers, 'tokens');
    if (requests || tokens) await this.note('OpenAI limits', () => this.pace.record(key, requests, tokens));
    if (response.status !== 429) return;
    const body = await response
      .clone()
      .text()
      .catch(() => '');
    if (/"(code|type)"\s*:\s*"insufficient_quota"/.test(body)) return;
    await this.note('an OpenAI pause', () => this.pace.pause(key, pauseMs(response.headers, body)));
  }

  /** Waits while a model provider has asked every caller to hold (its 429, or Anthropic's 529 overloaded). */
  providerTurn(connectionId: string, vendor: Vendor, signal?: AbortSignal | null): Promise<void> {
    return this.wait(`the provider ${connectionId}`, vendor, () => this.pace.takeTurn(keyHash('provider', connectionId), 0), signal);
  }

  /** A provider's 429 or 529 holds every process's calls to it for what it asked (`retry-after`, Gemini's RetryInfo), a second if it did not say. */
  async providerAnswered(connectionId: string, response: Response): Promise<void> {
    if (response.status !== 429 && response.status !== 529) return;
    const body = await response
      .clone()
      .text()
      .catch(() => '');
    await this.note('a provider pause', () => this.pace.pause(keyHash('provider', connectionId), pauseMs(response.headers, body)));
  }

  @Cron(CronExpression.EVERY_HOUR)
  async purgeIdle(): Promise<void> {
    await this.note('the purge of idle paces', () => this.pace.purgeIdle());
  }
}
