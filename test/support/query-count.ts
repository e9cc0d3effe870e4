import type { DatabaseService } from '../../backend/src/database/database.service';
import { PGBOSS_SCHEMA } from '../../backend/src/common/queues';

type Query = (...args: unknown[]) => unknown;

/**
 * How many statements the app sends its database while `run` runs: the calls of its driver's
 * `query` (pg's pool, or PGlite), through which drizzle sends every statement outside a
 * transaction; pg-boss's own polling is left out. On an app started with RUN_JOBS=false nothing
 * else runs in the background, so what is counted is the requests'.
 */
export async function queriesDuring(database: DatabaseService, run: () => Promise<unknown>): Promise<number> {
  const client = (database.db as unknown as { $client: { query: Query } }).$client;
  const query = jest.spyOn(client, 'query');
  try {
    await run();
    const text = (first: unknown) => (typeof first === 'string' ? first : ((first as { text?: string } | undefined)?.text ?? ''));
    return query.mock.calls.filter(([first]) => !text(first).includes(`${PGBOSS_SCHEMA}.`)).length;
  } finally {
    query.mockRestore();
  }
}
