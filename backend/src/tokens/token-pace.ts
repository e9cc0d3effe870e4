/**
 * How many requests each API token has made in the last minute, on this server: a sliding window of
 * request times per token. A token past its minute's allowance is told how long until the oldest
 * request in the window leaves it, so a script's loop slows down instead of starving the
 * dashboard's requests, which carry no token and are never counted here.
 */
export class TokenPace {
  private readonly recent = new Map<string, number[]>();

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts a request of the token; answers null when it may go on, else the seconds to wait. */
  take(tokenKey: string): number | null {
    const at = this.now();
    const since = at - 60_000;
    const times = (this.recent.get(tokenKey) ?? []).filter((time) => time > since);
    if (times.length >= this.perMinute) {
      this.recent.set(tokenKey, times);
      return Math.max(1, Math.ceil((times[0] - since) / 1000));
    }
    times.push(at);
    this.recent.set(tokenKey, times);
    // Tokens idle for a minute are forgotten.
    if (this.recent.size > 1_000) for (const [key, list] of this.recent) if ((list.at(-1) ?? 0) <= since) this.recent.delete(key);
    return null;
  }
}
