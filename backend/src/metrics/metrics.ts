import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { APP_CONFIG } from '../config/config.module';
import { AppConfig } from '../config/config';
import { DatabaseService } from '../database/database.service';
import { PGBOSS_SCHEMA } from '../common/queues';

export type Vendor = 'openai' | 'notion' | 'google' | 'anthropic' | 'gemini' | 'openai-compatible';

/** What an OpenAI answer's `usage` reported. */
export interface SpentUsage {
  promptTokens: number;
  completionTokens: number;
  cachedTokens: number;
  reasoningTokens: number;
}

/**
 * This process's metrics, in Prometheus' text format at GET /api/metrics (metrics.controller.ts):
 * every server counts what it did itself, and each is scraped on its own. The features report
 * through the methods below; the queue gauges are read from pg-boss's table at each scrape (`text`).
 */
@Injectable()
export class Metrics implements OnModuleDestroy {
  private readonly logger = new Logger(Metrics.name);
  readonly registry = new Registry();
  private readonly registers = [this.registry];

  private counter<L extends string>(name: string, help: string, labelNames: readonly L[]): Counter<L> {
    return new Counter({ name, help, labelNames, registers: this.registers });
  }

  private readonly httpRequests = this.counter('quire_http_requests_total', 'HTTP requests answered, by method, route (the matched pattern) and status', [
    'method',
    'route',
    'status',
  ]);
  private readonly httpDuration = new Histogram({
    name: 'quire_http_request_duration_seconds',
    help: 'Time from a request to the end of its answer, by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1, 2.5, 5, 10],
    registers: this.registers,
  });
  private readonly articles = this.counter('quire_articles_total', 'Articles this server finished, by outcome (completed, failed)', ['outcome']);
  private readonly sections = this.counter(
    'quire_sections_total',
    'Sections this server asked OpenAI to write, for articles and previews, by outcome (written, failed)',
    ['outcome'],
  );
  private readonly vendorCalls = this.counter(
    'quire_vendor_calls_total',
    'Requests to OpenAI, Notion and Google, by vendor, HTTP status ("network" when none came) and whether it was a retry',
    ['vendor', 'status', 'retry'],
  );
  private readonly rateLimited = this.counter('quire_vendor_rate_limited_total', 'Answers 429 (too many requests) from each vendor', ['vendor']);
  private readonly paceWait = this.counter(
    'quire_pace_wait_seconds_total',
    "Time requests waited for their turn under a vendor's shared pace (Notion's three a second, OpenAI's key limits)",
    ['vendor'],
  );
  private readonly paceWaits = this.counter('quire_pace_waits_total', 'Requests that had to wait for their turn under a vendor’s shared pace', ['vendor']);
  private readonly tokens = this.counter(
    'quire_openai_tokens_total',
    'Tokens OpenAI reported for chat completions, by model and kind (prompt, completion; cached is part of prompt, reasoning part of completion)',
    ['model', 'kind'],
  );
  private readonly cost = this.counter(
    'quire_openai_cost_usd_total',
    "What those tokens cost at Quire's price table, by model (models without a known price are left out)",
    ['model'],
  );
  private readonly queueJobs = new Gauge({
    name: 'quire_queue_jobs',
    help: 'Jobs in each queue (shared by every server on the database), by state: waiting (due, not started), scheduled (due later), active',
    labelNames: ['queue', 'state'] as const,
    registers: this.registers,
  });
  private readonly queueAge = new Gauge({
    name: 'quire_queue_oldest_job_age_seconds',
    help: 'How long the oldest waiting job of each queue has been due (0 when none waits)',
    labelNames: ['queue'] as const,
    registers: this.registers,
  });

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly database: DatabaseService,
  ) {
    // Process memory, CPU, heap and event-loop lag: only where someone may scrape them (the lag is sampled).
    if (config.metricsToken) collectDefaultMetrics({ register: this.registry });
  }

  onModuleDestroy(): void {
    this.registry.clear();
  }

  httpRequest(method: string, route: string, status: number, seconds: number): void {
    const labels = { method, route, status: String(status) };
    this.httpRequests.inc(labels);
    this.httpDuration.observe(labels, seconds);
  }

  article(outcome: 'completed' | 'failed'): void {
    this.articles.inc({ outcome });
  }

  section(outcome: 'written' | 'failed'): void {
    this.sections.inc({ outcome });
  }

  /**
   * Makes one request to a vendor and counts it by the status it answered: an answer's own, a
   * failure's (an SDK's error carries the response's), or `network` when no answer came. `retry`:
   * an attempt after the first. The one place the clients of every vendor count calls.
   */
  async vendorRequest<T>(vendor: Vendor, retry: boolean, call: () => Promise<T>): Promise<T> {
    try {
      const answer = await call();
      this.vendorCall(vendor, (answer as { status?: number }).status ?? 200, retry);
      return answer;
    } catch (error) {
      const { status, response } = (error ?? {}) as { status?: unknown; response?: { status?: unknown } };
      const code = response?.status ?? status;
      this.vendorCall(vendor, typeof code === 'number' ? code : 'network', retry);
      throw error;
    }
  }

  private vendorCall(vendor: Vendor, status: number | 'network', retry: boolean): void {
    this.vendorCalls.inc({ vendor, status: String(status), retry: String(retry) });
    if (status === 429) this.rateLimited.inc({ vendor });
  }

  paced(vendor: Vendor, waitedMs: number): void {
    if (waitedMs <= 0) return;
    this.paceWaits.inc({ vendor });
    this.paceWait.inc({ vendor }, waitedMs / 1000);
  }

  spent(model: string, usage: SpentUsage, costUsd: number | null): void {
    this.tokens.inc({ model, kind: 'prompt' }, usage.promptTokens);
    this.tokens.inc({ model, kind: 'completion' }, usage.completionTokens);
    this.tokens.inc({ model, kind: 'cached' }, usage.cachedTokens);
    this.tokens.inc({ model, kind: 'reasoning' }, usage.reasoningTokens);
    if (costUsd !== null) this.cost.inc({ model }, costUsd);
  }

  /** The text Prometheus scrapes, the queues read afresh. */
  async text(): Promise<string> {
    await this.readQueues();
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** pg-boss's jobs not yet finished, by queue: the queues every server shares. */
  private async readQueues(): Promise<void> {
    this.queueJobs.reset();
    this.queueAge.reset();
    try {
      const result = await this.database.sqlRunner.executeSql(
        `select name,
                case when state = 'active' then 'active' when start_after > now() then 'scheduled' else 'waiting' end as state,
                count(*)::int as jobs,
                coalesce(extract(epoch from now() - min(start_after) filter (where state <> 'active' and start_after <= now())), 0)::float8 as age
           from ${PGBOSS_SCHEMA}.job
          where state in ('created', 'retry', 'active')
          group by 1, 2`,
      );
      const ages = new Map<string, number>();
      for (const row of result.rows as { name: string; state: string; jobs: number; age: number }[]) {
        this.queueJobs.set({ queue: row.name, state: row.state }, Number(row.jobs));
        ages.set(row.name, Math.max(ages.get(row.name) ?? 0, Number(row.age)));
      }
      for (const [queue, age] of ages) this.queueAge.set({ queue }, age);
    } catch (error) {
      this.logger.warn(`Could not read the queues for the metrics: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
