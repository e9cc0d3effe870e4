import { Inject, Injectable, Logger } from '@nestjs/common';
import PgBoss from 'pg-boss';
import { redactSecrets } from '../common/redact';
import { APP_CONFIG } from '../config/config.module';
import { AppConfig } from '../config/config';
import { storableMessage } from '../common/storable-text';
import { DatabaseService } from '../database/database.service';
import { endLeasesOfEndedProcesses } from './leases-at-start';
import { bossOptions, LEASED_QUEUE_OPTIONS, QUEUES } from '../common/queues';
import { SlotHandover } from './slot-handover';

/**
 * How often an idle worker looks for a job sent by another process (one this process sends wakes
 * its workers at once). Each look is a query: at pg-boss's own 2 s a server at rest spends about 3%
 * of a core on them, against 17% at 0.5 s.
 */
const POLL_SECONDS = 2;

/** How long shutdown waits for running jobs to finish before leaving them to be retried. */
const DRAIN_TIMEOUT_MS = 20_000;

/** How many times a queue's creation is tried while other servers create theirs. */
const QUEUE_CREATE_TRIES = 5;

/**
 * pg-boss on Quire's own database (PGlite through its single connection, or PostgreSQL), so
 * background work is durable and shared by every server process. Features declare their workers on
 * the methods that do the work (job-declarations.ts); declared-jobs.ts registers them here, and
 * starts and stops pg-boss.
 */
@Injectable()
export class JobsService {
  private readonly logger = new Logger(JobsService.name);
  readonly boss: PgBoss;
  private started = false;
  private readonly queues = new Map<string, Promise<void>>();
  private readonly workerIds = new Map<string, string[]>();
  /** Per queue, the jobs that have handed their worker's slot to the next job (see slot-handover.ts). */
  private readonly handedOver: SlotHandover[] = [];
  /** Jobs this process started at once, beside the queue's workers (see runHere). */
  private readonly startedHere = new Set<Promise<void>>();

  constructor(
    private readonly database: DatabaseService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.boss = new PgBoss(bossOptions(database.sqlRunner as PgBoss.Db));
    this.boss.on('error', (error) => this.logger.error(`pg-boss: ${redactSecrets(error.message)}`));
  }

  /** Before the declared workers and passes start. */
  async start(): Promise<void> {
    await endLeasesOfEndedProcesses(this.database);
    await this.boss.start();
    this.started = true;
    this.logger.log('Background jobs ready');
  }

  /**
   * Creates a queue once per process (concurrent creations of one queue deadlock in pg-boss on
   * PostgreSQL); another process creating queues at the same moment (servers started together) is
   * waited out: up to QUEUE_CREATE_TRIES tries, a short random pause apart.
   */
  ensureQueue(name: string, options: Omit<PgBoss.Queue, 'name'> = QUEUES.find((queue) => queue.name === name)?.options ?? {}): Promise<void> {
    let pending = this.queues.get(name);
    if (!pending) {
      const create = async () => {
        if (!(await this.boss.getQueue(name))) await this.boss.createQueue(name, { name, ...options });
      };
      const tries = async () => {
        for (let attempt = 1; ; attempt++) {
          try {
            return await create();
          } catch (error) {
            if (attempt >= QUEUE_CREATE_TRIES) throw error;
            await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt));
          }
        }
      };
      pending = tries().catch((error) => {
        this.queues.delete(name);
        throw error;
      });
      this.queues.set(name, pending);
    }
    return pending;
  }

  /**
   * Workers record their own failures; an error that still escapes one is logged (redacted) and
   * handed to pg-boss as a plain storable message, so pg-boss can always record it (its text may
   * hold characters PostgreSQL refuses, or a secret).
   */
  async work<T extends object>(name: string, handler: (data: T) => Promise<void>, options: PgBoss.WorkOptions = {}) {
    await this.ensureQueue(name);
    const id = await this.boss.work<T>(name, { pollingIntervalSeconds: POLL_SECONDS, ...options }, async (jobs) => {
      for (const job of jobs) {
        try {
          await handler(job.data);
        } catch (error) {
          this.logger.error(`Job ${job.id} on ${name} failed`, error instanceof Error ? error.stack : String(error));
          throw new Error(storableMessage(redactSecrets(error instanceof Error ? `${error.name}: ${error.message}` : String(error))));
        }
      }
    });
    // A job this process sends wakes it at once, as it does the leased queues' workers.
    this.workerIds.set(name, [...(this.workerIds.get(name) ?? []), id]);
    return id;
  }

  /**
   * A queue of leased jobs (see leased-job.ts) and `concurrency` workers on it, one job at a time
   * each, looking for work every POLL_SECONDS and whenever this process sends the queue
   * a job (`send` wakes them). pg-boss neither retries nor expires them early: the job's own lease
   * and attempts decide. A job may call `handOver()` once what is left of it needs no slot; its
   * worker then takes the next job (at most `concurrency` jobs of the queue go on so beside the
   * workers), and shutdown waits for it too.
   */
  async workers(name: string, concurrency: number, run: (jobId: string, handOver: () => void) => Promise<void>): Promise<void> {
    await this.ensureQueue(name, LEASED_QUEUE_OPTIONS);
    const slots = new SlotHandover(concurrency, this.logger);
    this.handedOver.push(slots);
    const ids: string[] = [];
    for (let i = 0; i < concurrency; i++) {
      ids.push(
        await this.work<{ jobId: string }>(name, (data) => slots.run((handOver) => run(data.jobId, handOver)), {
          batchSize: 1,
          pollingIntervalSeconds: POLL_SECONDS,
        }),
      );
    }
    this.workerIds.set(name, ids);
  }

  /**
   * Wakes this process's idle workers of a queue, so a job sent here starts now rather than at their
   * next poll (a person waiting for a preview notices). Busy workers are unaffected.
   */
  private wake(name: string): void {
    for (const id of this.workerIds.get(name) ?? []) this.boss.notifyWorker(id);
  }

  /** Sends a job; one due now wakes this process's idle workers of its queue (another process's find it at their next poll). */
  async send<T extends object>(name: string, data: T, options: PgBoss.SendOptions = {}): Promise<string | null> {
    await this.ensureQueue(name);
    const id = await this.boss.send(name, data, options);
    if (options.startAfter === undefined) this.wake(name);
    return id;
  }

  /**
   * Starts a leased job in this process now, beside the queue's workers, when this process runs jobs
   * (a person is waiting for it; the job sent to the queue then finds it taken, by its lease).
   * Returns whether it started. Shutdown waits for it.
   */
  runHere(job: () => Promise<void>): boolean {
    if (!this.config.runJobs) return false;
    const started = job()
      .catch((error: unknown) => this.logger.error(error))
      .finally(() => this.startedHere.delete(started));
    this.startedHere.add(started);
    return true;
  }

  /** Waits for the running jobs (those started here first), then stops pg-boss; the database is closed after this. */
  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await Promise.all([...this.startedHere]);
    // Let running jobs finish, then stop polling.
    await this.boss.stop({ graceful: true, wait: true, timeout: DRAIN_TIMEOUT_MS, close: false });
    // Then the jobs that handed their slots over (a lease left behind is taken up by another process).
    await Promise.all(this.handedOver.map((slots) => slots.drain(DRAIN_TIMEOUT_MS)));
    this.logger.log('Background jobs drained');
  }
}
