import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { SchedulerRegistry } from '@nestjs/schedule';
import { APP_CONFIG } from '../config/config.module';
import { AppConfig } from '../config/config';
import { fromConfig, JOB_DECLARATION, JobDeclaration, RepeatingPassDeclaration } from './job-declarations';
import { JobsService } from './jobs.service';
import { Repeating } from './repeating';

type Found = { declaration: JobDeclaration; instance: object; method: string };

/**
 * The one place background work starts and stops. At start pg-boss starts (a server that runs no
 * jobs still sends them); with RUN_JOBS on, every queue worker and repeating pass declared on a
 * provider's method (job-declarations.ts) is registered, workers first. Stopping runs in one order:
 * stop taking work (the passes end, `@OnJobsStopping` methods are told, passes in progress are
 * awaited) before any module's beforeApplicationShutdown; then the running jobs are waited for and
 * pg-boss stops; the database closes after that.
 */
@Injectable()
export class DeclaredJobs implements OnApplicationBootstrap, OnModuleDestroy, BeforeApplicationShutdown {
  private readonly passes: Repeating[] = [];
  private readonly stopping: (() => void)[] = [];

  constructor(
    private readonly jobs: JobsService,
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly scheduler: SchedulerRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.start();
    if (!this.config.runJobs) return;
    const call = (found: Found) => (found.instance as Record<string, (...args: unknown[]) => Promise<void>>)[found.method].bind(found.instance);
    const passes: { found: Found; declaration: RepeatingPassDeclaration }[] = [];
    for (const found of this.declarations()) {
      const { declaration } = found;
      if (declaration.kind === 'pass') {
        passes.push({ found, declaration });
      } else if (declaration.kind === 'leased') {
        const run = call(found);
        await this.jobs.workers(declaration.queue, fromConfig(declaration.concurrency, this.config), (jobId, handOver) => run(jobId, handOver));
      } else if (declaration.kind === 'queue') {
        await this.jobs.work(declaration.queue, call(found), declaration.options);
      } else if (declaration.kind === 'stopping') {
        this.stopping.push(call(found));
      }
    }
    for (const { found, declaration } of passes) {
      const { name, everyMs, failure, atStart } = declaration;
      const logger = new Logger(found.instance.constructor.name);
      const pass = new Repeating(this.scheduler, name, fromConfig(everyMs, this.config), call(found), (error) => logger.error(`${failure}: ${error.message}`));
      this.passes.push(pass);
      pass.start({ now: atStart });
    }
  }

  /** Every declaration on a provider's methods, in the order the modules hold them. */
  declarations(): Found[] {
    const found: Found[] = [];
    const seen = new Set<object>();
    for (const wrapper of this.discovery.getProviders()) {
      const instance: unknown = wrapper.instance;
      if (!instance || typeof instance !== 'object' || !wrapper.isDependencyTreeStatic() || seen.has(instance)) continue;
      seen.add(instance);
      const prototype = Object.getPrototypeOf(instance) as Record<string, unknown>;
      for (const method of this.scanner.getAllMethodNames(prototype)) {
        const declaration = Reflect.getMetadata(JOB_DECLARATION, prototype[method] as object) as JobDeclaration | undefined;
        if (declaration) found.push({ declaration, instance, method });
      }
    }
    return found;
  }

  /** Stop taking work, before any module's beforeApplicationShutdown (so running jobs told to stop are not awaited in full). */
  async onModuleDestroy(): Promise<void> {
    const stopped = this.passes.map((pass) => pass.stop());
    for (const stop of this.stopping) stop();
    await Promise.all(stopped);
  }

  /** Then wait for running work and stop pg-boss. */
  beforeApplicationShutdown(): Promise<void> {
    return this.jobs.stop();
  }
}
