import { RateLimiter } from './rate-limiter';

describe(RateLimiter.name, () => {
  it('should space calls out to at most the rate, in order', async () => {
    const limiter = new RateLimiter(10);
    const started: number[] = [];
    const t0 = Date.now();
    await Promise.all(Array.from({ length: 5 }, (_, i) => limiter.schedule(async () => started.push(Date.now() - t0) && i)));
    expect(started).toHaveLength(5);
    // The i-th call starts no earlier than i intervals in (a busy machine can only make it later,
    // which is why the gaps between two recorded starts are not compared).
    started.forEach((at, i) => expect(at).toBeGreaterThanOrEqual(i * 100 - 2));
    expect(started[4]).toBeLessThan(1000);
  });

  it('should pass a call through at once when none came before it', async () => {
    const limiter = new RateLimiter(3);
    const t0 = Date.now();
    await limiter.schedule(async () => undefined);
    expect(Date.now() - t0).toBeLessThan(250); // well under the 333 ms interval of 3 a second
  });
});
