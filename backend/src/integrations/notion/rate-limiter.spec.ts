import { RateLimiter } from './rate-limiter';

describe(RateLimiter.name, () => {
  it('should space calls out to at most the rate, in order', async () => {
    const limiter = new RateLimiter(10);
    const started: number[] = [];
    const t0 = Date.now();
    await Promise.all(Array.from({ length: 5 }, (_, i) => limiter.schedule(async () => started.push(Date.now() - t0) && i)));
    expect(started).toHaveLength(5);
    for (let i = 1; i < started.length; i++) expect(started[i] - started[i - 1]).toBeGreaterThanOrEqual(100);
    expect(started[4]).toBeLessThan(1000);
  });

  it('should pass a call through at once when none came before it', async () => {
    const limiter = new RateLimiter(3);
    const t0 = Date.now();
    await limiter.schedule(async () => undefined);
    expect(Date.now() - t0).toBeLessThan(50);
  });
});
