import { Injectable, Logger, OnApplicationShutdown, ServiceUnavailableException } from '@nestjs/common';
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { threadFile } from '../common/thread-file';
import type { CpuTaskInput, CpuTaskName, CpuTaskOutput } from './cpu-tasks';

const WORKER = threadFile(__dirname, 'cpu.worker');

/** A thread with nothing to do exits after this long, and its memory (the tokenizer tables) with it. */
const IDLE_MS = 30_000;

/**
 * Which pool runs which task. `requests`: work a request waits for (tokenising a bias list), one
 * thread that keeps the tokenizer tables while busy. `jobs`: background work (parsing crawled
 * pages, clustering), which may take long and so never delays a request.
 */
const POOL_OF: Record<CpuTaskName, 'requests' | 'jobs'> = {
  logitBiasMaps: 'requests',
  previewTokens: 'requests',
  countTokens: 'requests',
  embeddingBatches: 'jobs',
  parsePage: 'jobs',
  clusterPool: 'jobs',
};

/** The longest a task may run before its thread is stopped (and the task refused). */
const TIME_LIMIT_MS: Record<CpuTaskName, number> = {
  logitBiasMaps: 20_000,
  previewTokens: 20_000,
  countTokens: 20_000,
  embeddingBatches: 5 * 60_000,
  parsePage: 30_000,
  clusterPool: 15 * 60_000,
};

export class CpuTaskTimeoutError extends Error {}

/**
 * Worker threads for CPU-bound work, so a heavy request or job never holds the event loop that
 * answers everyone else. Threads start on demand and stop when idle; a task that runs past its
 * time limit, or a thread that runs out of memory, fails that task only.
 */
@Injectable()
export class CpuPool implements OnApplicationShutdown {
  private readonly logger = new Logger(CpuPool.name);
  private readonly pools = {
    // The tokenizer's tables are built from many short-lived strings: a small young generation
    // collects them as they go, so loading them peaks lower (measured with js-tiktoken's own tables: +175 → +133 MB RSS).
    requests: this.createPool({ maxThreads: 1, maxQueue: 64, maxOldGenerationSizeMb: 768, maxYoungGenerationSizeMb: 2 }),
    jobs: this.createPool({ maxThreads: Math.max(1, Math.min(2, availableParallelism() - 1)), maxQueue: Infinity, maxOldGenerationSizeMb: 2048 }),
  };

  private createPool(options: { maxThreads: number; maxQueue: number; maxOldGenerationSizeMb: number; maxYoungGenerationSizeMb?: number }): Piscina {
    const pool = new Piscina({
      ...WORKER,
      minThreads: 0,
      maxThreads: options.maxThreads,
      maxQueue: options.maxQueue,
      idleTimeout: IDLE_MS,
      resourceLimits: { maxOldGenerationSizeMb: options.maxOldGenerationSizeMb, maxYoungGenerationSizeMb: options.maxYoungGenerationSizeMb },
    });
    // A thread that dies outside a task (it cannot, short of a bug) is replaced; never a crash.
    pool.on('error', (error: Error) => this.logger.error(error));
    return pool;
  }

  async run<K extends CpuTaskName>(name: K, input: CpuTaskInput<K>): Promise<CpuTaskOutput<K>> {
    const pool = this.pools[POOL_OF[name]];
    if (pool.queueSize >= pool.options.maxQueue) throw new ServiceUnavailableException('Quire is busy with other work; try again in a moment.');
    const signal = AbortSignal.timeout(TIME_LIMIT_MS[name]);
    try {
      return (await pool.run({ name, input }, { signal })) as CpuTaskOutput<K>;
    } catch (error) {
      if (signal.aborted) throw new CpuTaskTimeoutError(`${name} took longer than ${TIME_LIMIT_MS[name] / 1000} s`);
      throw error;
    }
  }

  /** Last at shutdown: the jobs being drained before it may still need their threads. */
  async onApplicationShutdown(): Promise<void> {
    await Promise.all(Object.values(this.pools).map((pool) => pool.destroy()));
  }
}
