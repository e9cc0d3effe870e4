import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { and, count, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { auditChanges } from './audit-changes';
import type { Role } from '@quire/shared';
import { DatabaseService } from '../database/database.service';
import { Filterable, listClauses, listOrder, ListQuery, orderClauses, Page, readPageFromNearerEnd, whereAll } from '../common/list-query';
import { listTotal } from './list-totals';
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
   * record after the previous event of the same record, whoever made it and whatever the filter
   * (`previous`). An update of a record whose earlier events the log does not hold (made before the
   * log began) shows its fields after, with `before` null. The page is chosen first and only its
   * rows look up their previous event (one probe each of `audit_events_record_seq_idx`): a window
   * over the workspace's whole log grew with the log (a second a page at 100,000 events embedded). A page in the
   * log's older half is read from its oldest end (`readPageFromNearerEnd`).
   */
  async list(workspaceId: string, query: ListQuery): Promise<Page<AuditEntry>> {
    await this.flush();
    const db = this.database.db;
    // The list's fields, on the table (choosing the page) and on the page (keeping its order).
    const fields = (events: Record<'id' | 'seq' | 'at' | 'userId' | 'userName' | 'resource' | 'action' | 'recordId', AnyPgColumn>) => ({
      id: events.id,
      seq: events.seq,
      at: events.at,
      user_id: events.userId,
      user_name: events.userName,
      resource: events.resource,
      action: events.action,
      record_id: events.recordId,
    });
    const { where } = listClauses(query, fields(auditEvents), {});
    const condition = and(eq(auditEvents.workspaceId, workspaceId), whereAll(where));
    // The screen's sort, then the order events happened in, newest first (`reversed` reads from the other end).
    const terms = listOrder(query, [{ field: 'seq', order: 'DESC' }]);
    const order = (events: Parameters<typeof fields>[0], reversed: boolean) => orderClauses(terms, fields(events), reversed);
    const page = await readPageFromNearerEnd(
      query,
      async (offset, limit, reversed) => {
        const shown = db
          .select()
          .from(auditEvents)
          .where(condition)
          .orderBy(...order(auditEvents, reversed))
          .offset(offset)
          .limit(limit)
          .as('shown');
        const earlier = alias(auditEvents, 'earlier');
        // The same record's latest earlier event: by its id, or among the record-less events of its resource (the settings).
        const previousAfter = (sameRecord: SQL) =>
          db
            .select({ after: earlier.after })
            .from(earlier)
            .where(and(eq(earlier.workspaceId, shown.workspaceId), eq(earlier.resource, shown.resource), sameRecord, lt(earlier.seq, shown.seq)))
            .orderBy(desc(earlier.seq))
            .limit(1);
        // Two lookups rather than `is not distinct from`, which no index serves.
        const previous = sql<Record<string, unknown> | null>`coalesce((${previousAfter(eq(earlier.recordId, shown.recordId))}), (${previousAfter(
          sql`${shown.recordId} is null and ${earlier.recordId} is null`,
        )}))`;
        return db
          .select({
            id: shown.id,
            workspaceId: shown.workspaceId,
            at: shown.at,
            userId: shown.userId,
            userName: shown.userName,
            role: shown.role,
            action: shown.action,
            resource: shown.resource,
            recordId: shown.recordId,
            before: shown.before,
            after: shown.after,
            previous,
          })
          .from(shown)
          .orderBy(...order(shown, reversed));
      },
      // The kept total when the filter is at most the screen's (who acted, the resource); else counted.
      () => listTotal(db, workspaceId, 'audit', query.filter, async () => (await db.select({ total: count() }).from(auditEvents).where(condition))[0].total),
    );
    return {
      ...page,
      rows: page.rows.map(({ before, after, previous, ...event }) => ({ ...event, changes: auditChanges(before ?? previous, after) })),
    };
  }
}
