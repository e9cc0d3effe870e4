/**
 * Politeness per host: at most `concurrency` requests in flight, and the starts of two requests
 * at least `delayMs` apart. Waiters are served in arrival order.
 */
export class HostLimiter {
  private readonly hosts = new Map<string, { active: number; nextStart: number; waiting: (() => void)[] }>();

  constructor(
    private readonly concurrency: number,
    private readonly delayMs: (host: string) => number,
  ) {}

  async run<T>(host: string, task: () => Promise<T>): Promise<T> {
    const state = this.state(host);
    if (state.active >= this.concurrency) await new Promise<void>((resolve) => state.waiting.push(resolve));
    else state.active++;
    try {
      const now = Date.now();
      const start = Math.max(now, state.nextStart);
      state.nextStart = start + this.delayMs(host);
      if (start > now) await sleep(start - now);
      return await task();
    } finally {
      const next = state.waiting.shift();
      if (next) next();
      else state.active--;
    }
  }

  private state(host: string) {
    let state = this.hosts.get(host);
    if (!state) this.hosts.set(host, (state = { active: 0, nextStart: 0, waiting: [] }));
    return state;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
