import { Injectable } from '@nestjs/common';
import { sql, SQL } from 'drizzle-orm';
import { DatabaseService } from '../../database/database.service';

/** What OpenAI's `x-ratelimit-*` headers said of one limit (requests or tokens). */
export interface LimitReading {
  limit: number;
  remaining: number;
  /** How long until the limit is whole again. */
  resetMs: number;
}

/** A limit as it stands now: what was left at `updated_at`, refilled at its rate since, never above the limit (null when unknown). */
function refilled(kind: 'requests' | 'tokens'): SQL {
  const left = sql.raw(`p.${kind}_left`);
  const limit = sql.raw(`p.${kind}_limit`);
  const rate = sql.raw(`p.${kind}_per_second`);
  return sql`least(${limit}::float8, ${left} + extract(epoch from clock_timestamp() - p.updated_at)::float8 * ${rate})`;
}

/**
 * The wait, in ms, until a limit has refilled to its reserve: 2 % of it, at least one request,
 * kept in hand for the time between taking a turn here and OpenAI counting the request.
 */
function debtWait(kind: 'requests' | 'tokens'): SQL {
  const left = sql.raw(`p.${kind}_left`);
  const rate = sql.raw(`p.${kind}_per_second`);
  const reserve = sql`greatest(1, 0.02 * ${sql.raw(`p.${kind}_limit`)})::float8`;
  return sql`case when ${left} < ${reserve} and ${rate} > 0 then (${reserve} - ${left}) / ${rate} * 1000 else 0 end`;
}

/** A limit's new columns from a reading: the rate it refills at, and what is left (never more than this process already counted on). */
function fromReading(kind: 'requests' | 'tokens', reading: LimitReading | null): SQL {
  const limitColumn = sql.raw(`${kind}_limit`);
  const rateColumn = sql.raw(`${kind}_per_second`);
  const leftColumn = sql.raw(`${kind}_left`);
  if (!reading) return sql`${leftColumn} = ${refilled(kind)}`;
  const { limit, remaining, resetMs } = reading;
  // OpenAI refills a limit continuously: what is missing comes back by the reset time. A whole limit says nothing of its rate: a minute's worth.
  const rate = limit > remaining && resetMs > 0 ? ((limit - remaining) * 1000) / resetMs : null;
  return sql`${limitColumn} = ${limit}::int,
    ${rateColumn} = coalesce(${rate}::float8, p.${rateColumn}, ${limit / 60}::float8),
    ${leftColumn} = least(coalesce(${refilled(kind)}, ${remaining}::float8), ${remaining}::float8)`;
}

/** The shared pace of each outside secret, as single atomic statements (several processes use the same row). */
@Injectable()
export class PaceRepository {
  constructor(private readonly database: DatabaseService) {}

  private async waitMs(query: SQL): Promise<number> {
    const result = (await this.database.db.execute(query)) as unknown as { rows: { wait_ms: number | string | null }[] };
    const wait = Number(result.rows[0]?.wait_ms ?? 0);
    return Number.isFinite(wait) && wait > 0 ? wait : 0;
  }

  /** Takes the next free slot, `intervalMs` after the last one taken: answers how long to wait for it. */
  reserveSlot(keyHash: string, intervalMs: number): Promise<number> {
    const interval = sql`${intervalMs}::float8 * interval '1 millisecond'`;
    return this.waitMs(sql`
      insert into integration_pace as p (key_hash, next_at) values (${keyHash}, clock_timestamp() + ${interval})
      on conflict (key_hash) do update set next_at = greatest(p.next_at, clock_timestamp()) + ${interval}
      returning extract(epoch from p.next_at - clock_timestamp())::float8 * 1000 - ${intervalMs}::float8 as wait_ms`);
  }

  /** No request with this secret starts in the next `ms` (a pause asked for by the service). */
  async pause(keyHash: string, ms: number): Promise<void> {
    await this.database.db.execute(sql`
      insert into integration_pace as p (key_hash, next_at) values (${keyHash}, clock_timestamp() + ${ms}::float8 * interval '1 millisecond')
      on conflict (key_hash) do update set next_at = greatest(p.next_at, excluded.next_at)`);
  }

  /**
   * Counts one request of about `tokens` tokens against the limits known for this secret and
   * answers how long to wait before sending it: until a pause ends, and until the request (and its
   * tokens) fit in what the limits will have refilled by then.
   */
  takeTurn(keyHash: string, tokens: number): Promise<number> {
    return this.waitMs(sql`
      insert into integration_pace as p (key_hash) values (${keyHash})
      on conflict (key_hash) do update set
        requests_left = ${refilled('requests')} - 1,
        tokens_left = ${refilled('tokens')} - least(${tokens}::float8, coalesce(p.tokens_limit, 0)::float8),
        updated_at = clock_timestamp()
      returning greatest(0::float8, extract(epoch from p.next_at - clock_timestamp())::float8 * 1000, ${debtWait('requests')}, ${debtWait('tokens')}) as wait_ms`);
  }

  /** Records what the service said of its limits in an answer. */
  async record(keyHash: string, requests: LimitReading | null, tokens: LimitReading | null): Promise<void> {
    await this.database.db.execute(sql`
      update integration_pace as p set ${fromReading('requests', requests)}, ${fromReading('tokens', tokens)}, updated_at = clock_timestamp()
      where p.key_hash = ${keyHash}`);
  }

  /** Forgets secrets not used for a week. */
  async purgeIdle(): Promise<void> {
    await this.database.db.execute(sql`delete from integration_pace where updated_at < now() - interval '7 days' and next_at < now() - interval '7 days'`);
  }
}
