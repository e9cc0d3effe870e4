import { and, eq, inArray, sql, SQL } from 'drizzle-orm';
import type { Queries } from '../database/database.service';
import { listTotals } from './list-totals.schema';

/** A key's filter: one value, any of a list of them, or (absent) any value. */
type KeyFilter = string | string[] | undefined;

const matching = (column: typeof listTotals.keyA | typeof listTotals.keyB, value: KeyFilter): SQL | undefined =>
  value === undefined ? undefined : Array.isArray(value) ? (value.length > 0 ? inArray(column, value) : sql`false`) : eq(column, value);

/**
 * How many rows of a workspace's `list` match a filter on its keys, as list_totals keeps it (see
 * list-totals.schema.ts for each list's keys): a sum of a few kept totals, whatever the list's length.
 */
export async function keptTotal(db: Queries, workspaceId: string, list: 'history' | 'audit', keys: { a?: KeyFilter; b?: KeyFilter } = {}): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${listTotals.rows}), 0)::float8` })
    .from(listTotals)
    .where(and(eq(listTotals.workspaceId, workspaceId), eq(listTotals.list, list), matching(listTotals.keyA, keys.a), matching(listTotals.keyB, keys.b)));
  return row?.total ?? 0;
}
