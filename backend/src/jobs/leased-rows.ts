import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { storableMessage } from '../common/storable-text';
import type { DatabaseService } from '../database/database.service';
import type { LeasedJobStore } from './leased-job';
import { leasedJobColumns } from './leased-job.schema';

type LeasedTable = PgTable & { id: PgColumn } & { [K in keyof ReturnType<typeof leasedJobColumns>]: PgColumn };

/**
 * The queries of a table of leased jobs made of leasedJobColumns (leased-job.ts says how a lease
 * works): take one for an attempt, renew, find the orphaned, wait after a passing fault, end it.
 */
export class LeasedRows<T extends LeasedTable, Row extends { id: string }> implements LeasedJobStore<Row> {
  constructor(
    private readonly database: DatabaseService,
    private readonly table: T,
  ) {}

  private update(values: Record<string, unknown>) {
    // The columns are leasedJobColumns' in every table this serves.
    return this.database.db.update(this.table as PgTable).set(values as never);
  }

  async start(id: string, leaseMs: number): Promise<Row | null> {
    const now = new Date();
    const t = this.table;
    const rows = await this.update({
      status: 'running',
      message: null,
      leaseUntil: new Date(now.getTime() + leaseMs),
      attempts: sql`${t.attempts} + 1`,
      startedAt: sql`coalesce(${t.startedAt}, now())`,
    })
      .where(and(eq(t.id, id), inArray(t.status, ['queued', 'running']), or(isNull(t.leaseUntil), lt(t.leaseUntil, now))))
      .returning();
    return ((rows as unknown[])[0] as Row | undefined) ?? null;
  }

  async renewLease(id: string, leaseMs: number): Promise<void> {
    await this.update({ leaseUntil: new Date(Date.now() + leaseMs) }).where(eq(this.table.id, id));
  }

  async orphaned(): Promise<string[]> {
    const t = this.table;
    const rows = await this.database.db
      .select({ id: t.id })
      .from(t as PgTable)
      .where(or(eq(t.status, 'queued'), and(eq(t.status, 'running'), lt(t.leaseUntil, new Date()))))
      .orderBy(desc(t.createdAt))
      .limit(1000);
    return rows.map((r) => r.id as string);
  }

  /** Lets another worker take the job at once (this process is shutting down): queued, its lease dropped. */
  async release(id: string): Promise<void> {
    await this.update({ status: 'queued', leaseUntil: null }).where(eq(this.table.id, id));
  }

  /** Back in the queue after a passing fault: no attempt takes it before `at`. */
  async retryLater(id: string, at: Date, message: string): Promise<void> {
    await this.update({ status: 'queued', leaseUntil: at, message: storableMessage(message) }).where(eq(this.table.id, id));
  }

  async complete(id: string): Promise<void> {
    await this.update({ status: 'completed', message: null, leaseUntil: null, completedAt: new Date() }).where(eq(this.table.id, id));
  }

  async fail(id: string, message: string): Promise<void> {
    await this.update({ status: 'failed', message: storableMessage(message), leaseUntil: null, completedAt: new Date() }).where(eq(this.table.id, id));
  }
}
