/**
 * Sends one fuzzed request and checks what the API's contract promises whatever the input:
 * no 5xx, a well-formed error body on a 4xx, and a refused request changes nothing.
 */
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { TestApp } from '../test-app';
import type { Expectation } from './bodies';
import { clip } from './json';
import { PGBOSS_SCHEMA } from '../../../backend/src/common/queues';
import { AuditRepository } from '../../../backend/src/workspaces/audit.repository';

export type Agent = ReturnType<typeof request.agent>;

const CLOSED_PORT = 'http://127.0.0.1:9';
/**
 * The API alone, for suites that compare the rows before and after each request: outside services
 * are a closed port away, Notion is polled hourly and no job runs (RUN_JOBS=false), so whatever
 * changes a row (or reaches the job queue) came from the request.
 */
export const QUIET_API_ENV = {
  NOTION_BASE_URL: CLOSED_PORT,
  OPENAI_BASE_URL: CLOSED_PORT,
  GOOGLE_API_ROOT: CLOSED_PORT,
  GOOGLE_TOKEN_URL: CLOSED_PORT,
  NOTION_POLL_SECONDS: '3600',
  FINE_TUNE_POLL_SECONDS: '3600',
  RUN_JOBS: 'false',
};

export interface Exchange {
  /** The operation, e.g. `PUT /api/sections/{id}`. */
  route: string;
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  url: string;
  query?: Record<string, string>;
  body?: string;
  /** The body's Content-Type; JSON unless a case says otherwise. */
  contentType?: string;
  expect: Expectation;
  change: string;
  /** The one status the contract allows (a malformed list query is a 400), when it says which. */
  status?: number;
  /** A forbidden character was sent: the answer is 400 and `errors[].field` is one of these. */
  names?: string[];
}

const HEALTH_EVERY = 50;

/**
 * A preview a fuzzed body started (it is run at once, as a durable job) goes on in the background:
 * with OpenAI a closed port away it is tried, retried and failed over minutes, so its progress
 * columns change between the fingerprints of later requests. They are left out; a request that
 * creates, removes or rewrites a preview still shows (its other columns), and so does any section
 * written (none can be, OpenAI being unreachable).
 */
const JOB_PROGRESS: Record<string, string[]> = {
  previews: ['status', 'message', 'lease_until', 'attempts', 'started_at', 'completed_at'],
};

export class Fuzzer {
  /** Per route, how many answers of each kind: `invalid 4xx`, `wild 2xx`, … (printed at the end). */
  readonly tally = new Map<string, Record<string, number>>();
  private sent = 0;
  private fingerprintSql = sql`select 1`;
  /**
   * The tables as the last refused request left them: the next request's "before" (no job runs and
   * only requests write, so nothing has changed them since). Forgotten after any other answer, and
   * by `forget` when a test writes through its own requests.
   */
  private unchanged: Record<string, string> | null = null;
  /** How many fingerprints were read, and how many a refused request's saved one spared. */
  private readonly reads = { taken: 0, spared: 0 };

  constructor(
    private readonly t: TestApp,
    private readonly agent: Agent,
  ) {}

  /**
   * Quire's tables: every table of the public schema but sessions (each request touches its
   * session), integration_pace (the vendors' shared pace) and openai_model_parameters (what OpenAI
   * told of a model, and the lease of the request finding out), both moved by whatever background
   * work calls Notion or OpenAI, not by the request; and of a job a request started, all but its
   * progress (see JOB_PROGRESS); and which jobs pg-boss holds (`pgboss.job`).
   */
  async start(): Promise<void> {
    const tables = (
      await this.rows(
        sql`select tablename from pg_tables where schemaname = 'public' and tablename not in ('sessions', 'integration_pace', 'openai_model_parameters') order by tablename`,
      )
    ).map((row) => String(row.tablename));
    const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
    const rowText = async (table: string) => {
      const progress = JOB_PROGRESS[table];
      if (!progress) return 't::text';
      const names = (await this.rows(sql`select column_name from information_schema.columns where table_schema = 'public' and table_name = ${table}`))
        .map((row) => String(row.column_name))
        .filter((name) => !progress.includes(name))
        .sort();
      return `row(${names.map((name) => `t.${quote(name)}`).join(', ')})::text`;
    };
    const columns: string[] = [];
    for (const name of tables) {
      const text = await rowText(name);
      columns.push(`(select md5(coalesce(string_agg(${text}, '|' order by ${text}), '')) from ${quote(name)} t) as ${quote(name)}`);
    }
    // The job queue too: a refused request must not have queued work (pg-boss's own maintenance jobs left out; a job's state moves with its worker, so only which jobs exist counts).
    columns.push(
      `(select md5(coalesce(string_agg(row(j.name, j.data, j.singleton_key)::text, '|' order by row(j.name, j.data, j.singleton_key)::text), '')) from ${PGBOSS_SCHEMA}.job j where j.name not like '\\_\\_pgboss%') as "${PGBOSS_SCHEMA}.job"`,
    );
    this.fingerprintSql = sql.raw(`select ${columns.join(', ')}`);
  }

  /** One hash per table; PGlite has one connection, so never run it alongside another query. */
  async fingerprint(): Promise<Record<string, string>> {
    this.reads.taken++;
    // The audit log is written once a request is answered: the last answer's event is in before the rows are read.
    await this.t.app.get(AuditRepository).flush();
    return (await this.rows(this.fingerprintSql))[0] as Record<string, string>;
  }

  /** The next request's "before" is read afresh (a test wrote through requests of its own). */
  forget(): void {
    this.unchanged = null;
  }

  async exchange(e: Exchange): Promise<void> {
    if (this.unchanged) this.reads.spared++;
    const before = this.unchanged ?? (await this.fingerprint());
    this.unchanged = null;
    const logged = this.t.logger.lines.length;
    const url = e.query ? `${e.url}?${new URLSearchParams(e.query)}` : e.url;
    let req = this.agent[e.method](url);
    if (e.body !== undefined) req = req.set('Content-Type', e.contentType ?? 'application/json').send(e.body);
    const res = await req;
    this.sent++;
    const status = res.status;
    const tally = this.tally.get(e.route) ?? {};
    tally[`${e.expect} ${Math.floor(status / 100)}xx`] = (tally[`${e.expect} ${Math.floor(status / 100)}xx`] ?? 0) + 1;
    this.tally.set(e.route, tally);

    const problems: string[] = [];
    const required = e.names ? 400 : e.status;
    if (status >= 500) problems.push(`answered ${status}: a server error`);
    else if (e.expect === 'invalid' && (status < 400 || (required && status !== required))) {
      problems.push(`answered ${status} to an invalid request; the contract says ${required ?? '4xx'}`);
    } else if (e.expect === 'foreign' && status < 300) problems.push(`answered ${status} to a request naming another operator's record`);
    const fields = Array.isArray(res.body?.errors) ? res.body.errors.map((error: { field?: unknown }) => error?.field) : [];
    if (e.names && status === 400 && !fields.some((field: unknown) => e.names!.includes(String(field)))) {
      problems.push(`errors[] names ${JSON.stringify(fields)} but not ${JSON.stringify(e.names[0])}, the field with the forbidden character`);
    }
    if (status >= 400 && status < 500) {
      const shape = errorShapeProblem(res);
      if (shape) problems.push(shape);
      const after = await this.fingerprint();
      const changed = Object.keys(before).filter((table) => before[table] !== after[table]);
      if (changed.length) problems.push(`answered ${status} but changed the table(s) ${changed.join(', ')}`);
      else this.unchanged = after;
    }
    if (problems.length) {
      const serverLog = this.t.logger.lines.slice(logged).filter((line) => line.startsWith('error'));
      throw new Error(
        [
          `${e.route}: ${problems.join('; ')}`,
          `  case:    ${e.expect} — ${e.change}`,
          `  request: ${e.method.toUpperCase()} ${clip(url, 400)}`,
          ...(e.body === undefined ? [] : [`  body:    ${e.contentType ? `(${e.contentType}) ` : ''}${clip(e.body)}`]),
          `  answer:  ${status} ${clip(res.text ?? '')}`,
          ...(serverLog.length ? [`  server log: ${clip(serverLog.join('\n'), 800)}`] : []),
        ].join('\n'),
      );
    }
    if (this.sent % HEALTH_EVERY === 0) await this.expectHealthy(`after ${e.method.toUpperCase()} ${clip(url, 200)} (${e.change})`);
  }

  async expectHealthy(when: string): Promise<void> {
    const res = await this.agent.get('/api/health');
    if (res.status !== 200) throw new Error(`GET /api/health answered ${res.status} ${clip(res.text ?? '')} ${when}`);
  }

  summary(): string {
    const reads = `Fingerprints read: ${this.reads.taken}; spared by a refused request's: ${this.reads.spared}`;
    return [...this.tally.entries()]
      .map(
        ([route, counts]) =>
          `${route.padEnd(44)} ${Object.entries(counts)
            .sort()
            .map(([kind, n]) => `${kind}: ${n}`)
            .join(', ')}`,
      )
      .concat(reads)
      .join('\n');
  }

  private async rows(query: ReturnType<typeof sql>): Promise<Record<string, unknown>[]> {
    return ((await this.t.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  }
}

/** The API's one error shape: `{statusCode, error, message, errors?: [{field, message}]}`. */
function errorShapeProblem(res: request.Response): string | undefined {
  const body = res.body as Record<string, unknown> | undefined;
  if (!/application\/json/.test(String(res.headers['content-type'] ?? ''))) return `the ${res.status} answer is not JSON`;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return `the ${res.status} answer is not an error object`;
  const extra = Object.keys(body).filter((key) => !['statusCode', 'error', 'message', 'errors', 'requestId'].includes(key));
  if (extra.length) return `the error body has unexpected keys: ${extra.join(', ')}`;
  if (body.statusCode !== res.status) return `the error body's statusCode ${String(body.statusCode)} is not the status ${res.status}`;
  if (typeof body.error !== 'string' || !body.error) return 'the error body has no error text';
  if (typeof body.message !== 'string' || !body.message) return 'the error body has no message';
  const errors = body.errors;
  const fieldError = (item: unknown) =>
    item !== null &&
    typeof item === 'object' &&
    typeof (item as Record<string, unknown>).field === 'string' &&
    typeof (item as Record<string, unknown>).message === 'string';
  if (errors !== undefined && !(Array.isArray(errors) && errors.every(fieldError))) return 'the error body has errors that are not [{field, message}]';
  return undefined;
}
