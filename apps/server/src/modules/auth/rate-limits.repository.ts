import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** Times travel as epoch milliseconds: the app's clock decides, on PGlite and PostgreSQL alike. */
const at = (ms: number): SQL => sql`to_timestamp(${ms}::float8 / 1000)`;
const epochMs = (column: SQL): SQL => sql`(extract(epoch from ${column}) * 1000)::float8`;

type Row = { key: string; count: number; reset_ms: number; blocked_ms: number | null };
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;

export interface CounterRow {
  count: number;
  resetAt: number;
  blockedUntil: number | null;
}

/**
 * The shared throttle counters (`rate_limits`): every statement is one atomic upsert, so
 * instances on one database count together without locks of their own.
 */
export const rateLimitsRepository = {
  /**
   * Counts one attempt on each key (fixed windows: a key whose window ended starts again at 1)
   * and, in the same statement, reads the row `watch` without counting on it (no key is ''). Keys go in sorted,
   * so two statements never wait on each other's rows in opposite orders.
   */
  async hit(
    db: Db,
    now: number,
    keys: Array<{ key: string; windowMs: number }>,
    watch?: string,
  ): Promise<Map<string, CounterRow>> {
    const rows = [...keys]
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
      .map((k) => ({ k: k.key, r: now + k.windowMs }));
    const result = await db.execute(sql`
      with hit as (
        insert into rate_limits as l (key, count, reset_at)
        select k, 1, to_timestamp(r::float8 / 1000)
        from json_to_recordset(${JSON.stringify(rows)}::json) as x(k text, r bigint)
        order by k collate "C"
        on conflict (key) do update set
          count = case when l.reset_at <= ${at(now)} then 1 else l.count + 1 end,
          reset_at = case when l.reset_at <= ${at(now)} then excluded.reset_at else l.reset_at end
        returning key, count, ${epochMs(sql`reset_at`)} as reset_ms, null::float8 as blocked_ms
      )
      select * from hit
      union all
      select key, count, ${epochMs(sql`reset_at`)}, ${epochMs(sql`blocked_until`)}
      from rate_limits where key = ${watch ?? ''}`);
    return new Map(
      rowsOf(result).map((r) => [
        r.key,
        {
          count: Number(r.count),
          resetAt: Number(r.reset_ms),
          blockedUntil: r.blocked_ms === null ? null : Number(r.blocked_ms),
        },
      ]),
    );
  },

  /**
   * Counts a failure on `key`: the count goes on while failures keep coming and starts again after
   * `quietMs` without one (each failure moves the window's end). Returns the new count.
   */
  async fail(db: Db, now: number, key: string, quietMs: number): Promise<number> {
    const result = await db.execute(sql`
      insert into rate_limits as l (key, count, reset_at) values (${key}, 1, ${at(now + quietMs)})
      on conflict (key) do update set
        count = case when l.reset_at <= ${at(now)} then 1 else l.count + 1 end,
        reset_at = excluded.reset_at,
        blocked_until = case when l.reset_at <= ${at(now)} then null else l.blocked_until end
      returning key, count, 0::float8 as reset_ms, null::float8 as blocked_ms`);
    return Number(rowsOf(result)[0]!.count);
  },

  /** Refuses attempts on `key` until `until` (never shortens a longer block set meanwhile). */
  async block(db: Db, key: string, until: number): Promise<void> {
    await db.execute(sql`
      update rate_limits set blocked_until = greatest(blocked_until, ${at(until)}), reset_at = greatest(reset_at, ${at(until)})
      where key = ${key}`);
  },

  async clear(db: Db, key: string): Promise<void> {
    await db.execute(sql`delete from rate_limits where key = ${key}`);
  },

  /** Drops rows whose window and block have ended. */
  async sweep(db: Db, now: number): Promise<void> {
    await db.execute(sql`delete from rate_limits where reset_at <= ${at(now)}`);
  },
};
