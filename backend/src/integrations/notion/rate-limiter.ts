const SLACK_MS = 15;

/**
 * Spaces calls out to at most `perSecond` a second (Notion asks for about 3 per integration);
 * callers wait their turn in order. One limiter per Notion secret.
 */
export class RateLimiter {
  private next = 0;

  constructor(private readonly perSecond: number) {}

  async schedule<T>(work: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const at = Math.max(now, this.next);
    // A little slack per call, so that network jitter never puts perSecond + 1 calls in one second.
    this.next = at + 1000 / this.perSecond + SLACK_MS;
    if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
    return work();
  }
}
