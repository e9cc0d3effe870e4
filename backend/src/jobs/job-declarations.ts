import type PgBoss from 'pg-boss';
import type { AppConfig } from '../config/config';

/** A number, or one read from the configuration when the jobs start. */
export type FromConfig<T> = T | ((config: AppConfig) => T);

export interface QueueWorkerDeclaration {
  kind: 'queue';
  queue: string;
  options: PgBoss.WorkOptions;
}

export interface LeasedQueueWorkerDeclaration {
  kind: 'leased';
  queue: string;
  concurrency: FromConfig<number>;
}

export interface RepeatingPassDeclaration {
  kind: 'pass';
  /** Its name in Nest's scheduler. */
  name: string;
  everyMs: FromConfig<number>;
  /** What the log says before the error's message when a pass fails. */
  failure: string;
  /** false: the first pass runs after the first interval rather than at start. */
  atStart: boolean;
}

export interface StoppingDeclaration {
  kind: 'stopping';
}

export type JobDeclaration = QueueWorkerDeclaration | LeasedQueueWorkerDeclaration | RepeatingPassDeclaration | StoppingDeclaration;

export const JOB_DECLARATION = Symbol('quire:job-declaration');

/** Records the declaration on the method; the method's type must fit `Shape` (it may take fewer arguments). */
function declare<Shape>(declaration: JobDeclaration) {
  return <M extends Shape>(_target: object, _key: string | symbol, descriptor: TypedPropertyDescriptor<M>): void => {
    Reflect.defineMetadata(JOB_DECLARATION, declaration, descriptor.value as object);
  };
}

/**
 * The method works each job of a pg-boss queue (its data as the argument), when this process runs
 * jobs (RUN_JOBS). What it throws is logged redacted and recorded on the job (jobs.service.ts).
 */
export function QueueWorker<T extends object>(queue: string, options: PgBoss.WorkOptions = {}) {
  return declare<(data: T) => Promise<void>>({ kind: 'queue', queue, options });
}

/**
 * The method runs one leased job (leased-job.ts) by its id: `concurrency` workers on the queue, one
 * job at a time each; it may call `handOver()` once what is left needs no slot (slot-handover.ts).
 */
export function LeasedQueueWorker(queue: string, concurrency: FromConfig<number>) {
  return declare<(jobId: string, handOver: () => void) => Promise<void>>({ kind: 'leased', queue, concurrency });
}

/**
 * The method is a pass run every `everyMs` (repeating.ts), the first at start unless `atStart` is
 * false; a failed pass is logged as "<failure>: <message>" and the next runs as usual.
 */
export function RepeatingPass(name: string, options: { everyMs: FromConfig<number>; failure: string; atStart?: boolean }) {
  return declare<() => Promise<void>>({ kind: 'pass', name, everyMs: options.everyMs, failure: options.failure, atStart: options.atStart ?? true });
}

/**
 * The method is called when the server begins to stop, before running jobs are waited for: a job
 * that can end early (between items) and be taken up again by another process is told to.
 */
export function OnJobsStopping() {
  return declare<() => void>({ kind: 'stopping' });
}

export function fromConfig<T>(value: FromConfig<T>, config: AppConfig): T {
  return typeof value === 'function' ? (value as (config: AppConfig) => T)(config) : value;
}
