import { gunzipSync } from 'node:zlib';
import type { Agent } from 'undici';
import { AddressGuard, AddressRefusedError } from './address-guard';
import { canonicalUrl } from '../parser/links';

export const CRAWL_LIMITS = {
  /** Per request, for the headers and between body chunks. */
  timeoutMs: 15_000,
  /** A page or sitemap larger than this is cut off and skipped. */
  maxBodyBytes: 5 * 1024 * 1024,
  maxRedirects: 5,
};

export const USER_AGENT_TOKEN = 'QuireBot';

export interface FetchedPage {
  /** After redirects. */
  url: string;
  status: number;
  contentType: string;
  body: Buffer;
}

/** A page that cannot be fetched for a reason worth showing (refused address, too many redirects, …). */
export class FetchError extends Error {
  constructor(
    message: string,
    /** True when the guard refused the address: the crawl reports it rather than a network error. */
    readonly refused = false,
  ) {
    super(message);
  }
}

/**
 * HTTP(S) GET with the crawler's rules: only http(s), every redirect target checked and followed
 * by hand (at most five), every connection's resolved addresses checked by the guard, a timeout
 * and a body cap. Gzipped bodies (sitemaps) are unpacked within the same cap.
 */
type Undici = typeof import('undici');
let undici: Undici | undefined;

/** undici, loaded when a crawl first fetches (not at start-up, which it would make about 0.1 s longer). */
function loadUndici(): Undici {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
  return (undici ??= require('undici') as Undici);
}

export class PageFetcher {
  private readonly agent: Agent;

  constructor(
    private readonly guard: AddressGuard,
    private readonly userAgent: string,
  ) {
    this.agent = new (loadUndici().Agent)({
      connect: { lookup: guard.lookup, timeout: CRAWL_LIMITS.timeoutMs },
      headersTimeout: CRAWL_LIMITS.timeoutMs,
      bodyTimeout: CRAWL_LIMITS.timeoutMs,
      connections: 8,
    });
  }

  async get(address: string, signal?: AbortSignal): Promise<FetchedPage> {
    let url = parseHttpUrl(address);
    for (let redirects = 0; ; redirects++) {
      this.checkLiteral(url);
      const response = await this.send(url, signal);
      const location = response.headers.location;
      if (response.statusCode >= 300 && response.statusCode < 400 && location) {
        await response.body.dump();
        if (redirects >= CRAWL_LIMITS.maxRedirects) throw new FetchError(`more than ${CRAWL_LIMITS.maxRedirects} redirects`);
        url = parseHttpUrl(new URL(String(location), url).href, `redirect from ${url.href}`);
        continue;
      }
      const contentType = String(response.headers['content-type'] ?? '').toLowerCase();
      const body = await readCapped(response.body);
      return { url: canonicalUrl(url), status: response.statusCode, contentType, body: unpack(body) };
    }
  }

  private async send(url: URL, signal?: AbortSignal) {
    try {
      return await loadUndici().request(url, {
        method: 'GET',
        dispatcher: this.agent,
        signal,
        headers: { 'user-agent': this.userAgent, accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,text/plain;q=0.8,*/*;q=0.5' },
      });
    } catch (error) {
      const cause = (error as { cause?: unknown }).cause;
      const refusal = [error, cause].find((e) => e instanceof AddressRefusedError);
      if (refusal) throw new FetchError((refusal as Error).message, true);
      if (signal?.aborted) throw error;
      throw new FetchError(`${url.href} could not be fetched: ${describe(error)}`);
    }
  }

  private checkLiteral(url: URL): void {
    try {
      this.guard.checkLiteral(url);
    } catch (error) {
      throw new FetchError((error as Error).message, true);
    }
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}

export function parseHttpUrl(value: string, what = 'the URL'): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new FetchError(`${what} is not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchError(`${what} must use http or https (got ${url.protocol})`, true);
  return url;
}

async function readCapped(body: AsyncIterable<Buffer> & { destroy(): unknown }): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > CRAWL_LIMITS.maxBodyBytes) {
      body.destroy();
      throw new FetchError(`larger than ${CRAWL_LIMITS.maxBodyBytes / 1024 / 1024} MB`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function unpack(body: Buffer): Buffer {
  if (body.length < 2 || body[0] !== 0x1f || body[1] !== 0x8b) return body;
  try {
    return gunzipSync(body, { maxOutputLength: CRAWL_LIMITS.maxBodyBytes });
  } catch {
    throw new FetchError(`a gzip body larger than ${CRAWL_LIMITS.maxBodyBytes / 1024 / 1024} MB or damaged`);
  }
}

function describe(error: unknown): string {
  const err = error as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  return err.cause?.code ?? err.code ?? err.cause?.message ?? err.message ?? String(error);
}
