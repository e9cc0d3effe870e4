import { parseRetryAfter, retryDelayMs } from './retry';

const POLICY = { retries: 5, initialDelayMs: 500, maxDelayMs: 30_000 };

describe('retryDelayMs', () => {
  it('should wait what the service asked for, in seconds or as a date, at most a minute', () => {
    expect(retryDelayMs(0, POLICY, '2')).toBe(2000);
    expect(retryDelayMs(3, POLICY, '0')).toBe(0);
    expect(retryDelayMs(0, POLICY, '3600')).toBe(60_000);
    const inFive = new Date(Date.now() + 5000).toUTCString();
    expect(retryDelayMs(0, POLICY, inFive)).toBeGreaterThan(3000);
    expect(retryDelayMs(0, POLICY, inFive)).toBeLessThanOrEqual(5000);
  });

  it('should back off exponentially with jitter, up to the cap, when nothing was asked', () => {
    for (const [attempt, base] of [
      [0, 500],
      [1, 1000],
      [2, 2000],
      [10, 30_000],
    ] as const) {
      const delay = retryDelayMs(attempt, POLICY, null);
      expect(delay).toBeGreaterThanOrEqual(base / 2);
      expect(delay).toBeLessThanOrEqual(base);
    }
  });
});

describe('parseRetryAfter', () => {
  it('should read seconds and dates and ignore anything else', () => {
    expect(parseRetryAfter('1.5')).toBe(1500);
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('-1')).toBeUndefined();
  });
});
