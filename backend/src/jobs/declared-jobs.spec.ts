import { Injectable } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { SchedulerRegistry } from '@nestjs/schedule';
import { Test } from '@nestjs/testing';
import { automock } from '../../../test/support/unit';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config';
import { DeclaredJobs } from './declared-jobs';
import { LeasedQueueWorker, OnJobsStopping, QueueWorker, RepeatingPass } from './job-declarations';
import { JobsService } from './jobs.service';

/** What happened, in order, across the jobs service and the declared work. */
let events: string[] = [];
let finishPass: () => void = () => undefined;

@Injectable()
class Declares {
  readonly seen: string[] = [];

  @LeasedQueueWorker('leased-queue', (config) => config.generationConcurrency)
  run(jobId: string): Promise<void> {
    this.seen.push(`run ${jobId}`);
    return Promise.resolve();
  }

  @QueueWorker<{ n: number }>('plain-queue', { pollingIntervalSeconds: 1 })
  onEvent(data: { n: number }): Promise<void> {
    this.seen.push(`event ${data.n}`);
    return Promise.resolve();
  }

  @RepeatingPass('at-start-pass', { everyMs: (config) => config.notionPollSeconds * 1000, failure: 'At-start pass failed' })
  atStart(): Promise<void> {
    events.push('pass at start');
    return new Promise((resolve) => (finishPass = () => resolve(events.push('pass ended') as never)));
  }

  @RepeatingPass('later-pass', { everyMs: 60_000, failure: 'Later pass failed', atStart: false })
  later(): Promise<void> {
    events.push('later pass');
    return Promise.resolve();
  }

  @OnJobsStopping()
  stop(): void {
    events.push('told to stop');
  }

  notDeclared(): void {
    events.push('not declared');
  }
}

describe('DeclaredJobs', () => {
  beforeEach(() => {
    events = [];
    finishPass = () => undefined;
  });

  async function build(runJobs: boolean) {
    const jobs = automock(JobsService);
    jobs.start.mockImplementation(async () => void events.push('pg-boss started'));
    jobs.workers.mockImplementation(async (name) => void events.push(`workers ${name}`));
    jobs.work.mockImplementation(async (name) => void events.push(`worker ${name}`) as never);
    jobs.stop.mockImplementation(async () => void events.push('running jobs awaited, pg-boss stopped'));
    const config = { runJobs, generationConcurrency: 3, notionPollSeconds: 30 } as AppConfig;
    const module = await Test.createTestingModule({
      imports: [DiscoveryModule],
      providers: [DeclaredJobs, Declares, SchedulerRegistry, { provide: JobsService, useValue: jobs }, { provide: APP_CONFIG, useValue: config }],
    }).compile();
    return { module, jobs, scheduler: module.get(SchedulerRegistry), declares: module.get(Declares) };
  }

  it('should register every declared worker, then start every declared pass, once pg-boss has started, with RUN_JOBS on', async () => {
    const { module, jobs, scheduler } = await build(true);

    await module.init();

    expect(events).toEqual(['pg-boss started', 'workers leased-queue', 'worker plain-queue', 'pass at start']);
    expect(jobs.workers).toHaveBeenCalledWith('leased-queue', 3, expect.any(Function));
    expect(jobs.work).toHaveBeenCalledWith('plain-queue', expect.any(Function), { pollingIntervalSeconds: 1 });
    expect(scheduler.getIntervals().sort()).toEqual(['at-start-pass', 'later-pass']);
    finishPass();
    await module.close();
  });

  it('should hand each worker its method, called on its service', async () => {
    const { module, jobs, declares } = await build(true);
    await module.init();

    await jobs.workers.mock.calls[0][2]('job-1', () => undefined);
    await jobs.work.mock.calls[0][1]({ n: 7 });

    expect(declares.seen).toEqual(['run job-1', 'event 7']);
    finishPass();
    await module.close();
  });

  it('should start pg-boss but register no worker and no pass with RUN_JOBS off', async () => {
    const { module, jobs, scheduler } = await build(false);

    await module.init();

    expect(events).toEqual(['pg-boss started']);
    expect(jobs.workers).not.toHaveBeenCalled();
    expect(jobs.work).not.toHaveBeenCalled();
    expect(scheduler.getIntervals()).toEqual([]);
    finishPass();
    await module.close();
    expect(events).toEqual(['pg-boss started', 'running jobs awaited, pg-boss stopped']);
  });

  it('should stop in one order: passes end and services are told to stop, the pass running is awaited, then running jobs and pg-boss', async () => {
    const { module, scheduler } = await build(true);
    await module.init();
    events = [];

    const closed = module.close();
    await new Promise((resolve) => setImmediate(resolve));
    expect(scheduler.getIntervals()).toEqual([]);
    expect(events).toEqual(['told to stop']);
    finishPass();
    await closed;

    expect(events).toEqual(['told to stop', 'pass ended', 'running jobs awaited, pg-boss stopped']);
  });
});
