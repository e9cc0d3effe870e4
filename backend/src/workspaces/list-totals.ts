import { and, eq, sql } from 'drizzle-orm';
import type { Queries } from '../database/database.service';
import { matchingValue } from '../common/list-query';
import { listTotals } from './list-totals.schema';

/** Each list's kept keys, by the name its list query filters them by (list-totals.schema.ts says what each holds). */
const KEYS = {
  history: { a: '_type', b: null },
  audit: { a: 'resource', b: 'user_id' },
} as const;

/**
 * How many rows of a workspace's `list` match `filter`: a sum of a few kept totals (list_totals)
 * when the filter is on the list's kept keys only, whatever the list's length; else `count()`.
 */
export async function listTotal(
  db: Queries,
  workspaceId: string,
  list: keyof typeof KEYS,
  filter: Record<string, string | string[]>,
  count: () => Promise<number>,
): Promise<number> {
  const keys: { a: string; b: string | null } = KEYS[list];
  if (!Object.keys(filter).every((field) => field === keys.a || field === keys.b)) return count();
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${listTotals.rows}), 0)::float8` })
    .from(listTotals)
    .where(
      and(
        eq(listTotals.workspaceId, workspaceId),
        eq(listTotals.list, list),
        matchingValue(listTotals.keyA, filter[keys.a]),
        keys.b === null ? undefined : matchingValue(listTotals.keyB, filter[keys.b]),
      ),
    );
  return row?.total ?? 0;
}
