import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { count, eq, sql } from 'drizzle-orm';
import { auditChanges } from './audit-changes';
import type { Role } from '@quire/shared';
import { DatabaseService } from '../database/database.service';
import { Filterable, listClauses, ListQuery, Page, readPage, whereAll } from '../common/list-query';
import { AuditChanges, AuditEventRow, auditEvents } from './workspaces.schema';

/** An event as the log answers it: with the fields it changed. */
export type AuditEntry = Omit<AuditEventRow, 'before' | 'after' | 'seq'> & { changes: AuditChanges };

export const AUDIT_SORTABLE = ['at', 'user_name', 'resource', 'action'] as const;
export const AUDIT_FILTERABLE = { id: 'uuid', user_id: 'uuid', resource: 'text', action: 'text', record_id: 'uuid' } as const satisfies Filterable;

/** Who acted, as the log keeps them: their id, their name and their role then. */
export interface AuditActor {
  workspaceId: string;
  userId: string | null;
  name: string;
  role: Role;
  /** Set when the person acted through one of their API tokens: the log names it ("token <name> of <person>"). */
  tokenName?: string;
}

/** The audit log: one row per change, read newest first by the workspace's owners. */
@Injectable()
export class AuditRepository implements OnApplicationShutdown {
  private readonly logger = new Logger(AuditRepository.name);
  /** The events of answered requests not yet written, one after another in the order they happened. */
  private pending: Promise<void> = Promise.resolve();

  constructor(private readonly database: DatabaseService) {}

  /**
   * Records an event once the request has been answered: the insert is off the request's path
   * (a section save would otherwise wait for it), in order, and read by every list of this process
   * (`list` waits for it); the server writes what is pending before it stops.
   */
  recordAfterAnswer(...event: Parameters<AuditRepository['record']>): void {
    this.pending = this.pending.then(() =>
      this.record(...event).catch((error: Error) =>
        this.logger.error(`An audit event (${event[1]} ${event[2]} ${event[3]}) was not recorded: ${error.message}`),
      ),
    );
  }

  /** Resolves once every event recorded so far is written. */
  flush(): Promise<void> {
    return this.pending;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.flush();
  }

  /** One insert: `after` is the record as answered (null for a delete, whose `before` is the record removed). */
  async record(
    actor: AuditActor,
    action: string,
    resource: string,
    recordId: string | null,
    states: { before?: Record<string, unknown> | null; after?: Record<string, unknown> | null },
  ): Promise<void> {
    await this.database.db.insert(auditEvents).values({
      workspaceId: actor.workspaceId,
      userId: actor.userId,
      userName: actor.tokenName === undefined ? actor.name : `token ${actor.tokenName} of ${actor.name}`,
      role: actor.role,
      action,
      resource,
      recordId,
      before: states.before ?? null,
      after: states.after ?? null,
    });
  }

  /**
   * Newest first, each with the fields it changed: against its own `before` (a delete), else the
   * record after the previous event of the same record (window `lag`, before any filter, so an
   * event's previous one counts whoever made it). An update of a record whose earlier events the
   * log does not hold (made before the log began) shows its fields after, with `before` null.
   */
  async list(workspaceId: string, query: ListQuery): Promise<Page<AuditEntry>> {
    await this.flush();
    const db = this.database.db;
    const events = db
      .select({
        id: auditEvents.id,
        seq: auditEvents.seq,
        workspaceId: auditEvents.workspaceId,
        at: auditEvents.at,
        userId: auditEvents.userId,
        userName: auditEvents.userName,
        role: auditEvents.role,
        action: auditEvents.action,
        resource: auditEvents.resource,
        recordId: auditEvents.recordId,
        before: auditEvents.before,
        after: auditEvents.after,
        previous: sql<Record<
          string,
          unknown
        > | null>`lag(${auditEvents.after}) over (partition by ${auditEvents.resource}, ${auditEvents.recordId} order by ${auditEvents.seq})`.as('previous'),
      })
      .from(auditEvents)
      .where(eq(auditEvents.workspaceId, workspaceId))
      .as('events');
    const columns = {
      id: events.id,
      at: events.at,
      user_id: events.userId,
      user_name: events.userName,
      resource: events.resource,
      action: events.action,
      record_id: events.recordId,
    };
    const { where, orderBy } = listClauses(query, columns, { orderBy: sql`${events.seq} desc` });
    const condition = whereAll(where);
    const page = await readPage(
      query,
      (offset, limit) =>
        db
          .select()
          .from(events)
          .where(condition)
          .orderBy(...orderBy)
          .offset(offset)
          .limit(limit),
      async () => (await db.select({ total: count() }).from(events).where(condition))[0].total,
    );
    return {
      ...page,
      rows: page.rows.map(({ before, after, previous, seq: _seq, ...event }) => ({ ...event, changes: auditChanges(before ?? previous, after) })),
    };
  }
}
