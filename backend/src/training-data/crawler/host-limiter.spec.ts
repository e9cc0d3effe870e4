import { HostLimiter } from './host-limiter';

describe(HostLimiter.name, () => {
  describe('run', () => {
    it('should keep at most `concurrency` tasks of one host in flight', async () => {
      const limiter = new HostLimiter(2, () => 0);
      let active = 0;
      let peak = 0;
      const task = async () => {
        peak = Math.max(peak, ++active);
        await new Promise((resolve) => setTimeout(resolve, 20));
        active--;
      };
      await Promise.all(Array.from({ length: 8 }, () => limiter.run('a.test', task)));
      expect(peak).toBe(2);
    });

    it('should space the starts of one host by the delay but not those of different hosts', async () => {
      const limiter = new HostLimiter(4, () => 60);
      const starts: Record<string, number[]> = { a: [], b: [] };
      const began = Date.now();
      await Promise.all(['a', 'a', 'a', 'b', 'b'].map((host) => limiter.run(host, async () => void starts[host].push(Date.now() - began))));
      // The k-th start of a host comes no earlier than k delays after the first (a busy machine may only make it later).
      starts.a.forEach((at, k) => expect(at).toBeGreaterThanOrEqual(k * 60 - 2));
      starts.b.forEach((at, k) => expect(at).toBeGreaterThanOrEqual(k * 60 - 2));
      expect(starts.b[0]).toBeLessThan(starts.a[2]);
    });

    it('should free the slot when a task fails', async () => {
      const limiter = new HostLimiter(1, () => 0);
      await expect(limiter.run('a.test', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
      await expect(limiter.run('a.test', async () => 'next')).resolves.toBe('next');
    });
  });
});
