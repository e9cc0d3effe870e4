/** One answer a faulty service gives instead of doing the work (or after doing it). */
export interface Fault {
  status: number;
  /** The work was done before the error was answered (a gateway that timed out on a write that landed). */
  afterWrite: boolean;
}

/**
 * Transient faults as real services give them: a share of calls answered with an error status,
 * and for writes answered 502/504 half of them done anyway. Seeded, so a run can be repeated.
 */
export class TransientFaults {
  /** Share of calls that fail, 0 to 1. */
  rate = 0;
  /** Faults answered since the last reset, and how many of them after doing the write. */
  injected = 0;
  afterWrites = 0;
  private state: number;

  constructor(
    private readonly statuses: number[],
    seed = 1,
  ) {
    this.state = seed;
  }

  reset(seed = 1): void {
    this.rate = 0;
    this.injected = 0;
    this.afterWrites = 0;
    this.state = seed;
  }

  /** mulberry32: small, fast, and the same sequence for the same seed. */
  private random(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) | 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Null when this call goes through; else the fault to answer with. */
  next(write: boolean): Fault | null {
    if (this.rate <= 0 || this.random() >= this.rate) return null;
    const status = this.statuses[Math.floor(this.random() * this.statuses.length)];
    const afterWrite = write && (status === 502 || status === 504) && this.random() < 0.5;
    this.injected++;
    if (afterWrite) this.afterWrites++;
    return { status, afterWrite };
  }
}
