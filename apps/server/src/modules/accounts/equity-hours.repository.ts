import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { accountsRepository } from './accounts.repository.ts';

const HOUR_MS = 3_600_000;
/** Hours are counted from the epoch in UTC, as the ingestion statement and migration 0006 bin them. */
const EPOCH = '1970-01-01T00:00:00.000Z';

/**
 * Ranges with at most this many snapshots are bucketed from the snapshots themselves (exact to the
 * snapshot); larger ones from the hourly aggregates (decision 015). A scan costs ~3–6 µs per
 * snapshot here, so this keeps the scan under ~30 ms.
 */
export const RAW_EQUITY_LIMIT = 5_000;

export interface EquitySeries {
  points: Array<{ time: Date; balanceCents: number; equityCents: number; minEquityCents: number }>;
  /** Snapshots in the range. */
  total: number;
}

function rowsOf(result: unknown): Array<Record<string, unknown>> {
  return (result as { rows: Array<Record<string, unknown>> }).rows;
}

function toSeries(rows: Array<Record<string, unknown>>): EquitySeries {
  return {
    total: rows.length ? Number(rows[0]!.total) : 0,
    points: rows.map((r) => ({
      time: new Date(r.time as string | Date),
      balanceCents: Number(r.balance),
      equityCents: Number(r.equity),
      minEquityCents: Number(r.min_equity),
    })),
  };
}

/**
 * The series from the hourly aggregates: every whole hour inside [from, to] from
 * account_equity_hours, the partial hours at either edge from their snapshots, then the same
 * bucketing as the scan (by the hour's first snapshot time; an hour is never split between buckets).
 */
async function fromHours(
  db: Db | Tx,
  accountId: string,
  from: Date | null,
  to: Date | null,
  buckets: number,
): Promise<EquitySeries> {
  // Whole hours: those starting at or after `from` and ending at or before `to`. The rest of the
  // range (the partial hours at its edges) is read from the snapshots, each edge as its own index
  // range: [from, first whole hour) and [end of the last whole hour, to].
  const fromMs = from?.getTime() ?? null;
  const toMs = to?.getTime() ?? null;
  const fromCeil = fromMs === null ? null : Math.ceil(fromMs / HOUR_MS) * HOUR_MS;
  const toFloor = toMs === null ? null : Math.floor(toMs / HOUR_MS) * HOUR_MS;
  const iso = (ms: number) => new Date(ms).toISOString();
  const edges: Array<{ lo: number | null; hi: number | null; hiInclusive: boolean }> = [];
  let hours: SQL | null = sql`true`;
  if (fromCeil !== null && toFloor !== null && fromCeil > toFloor) {
    // Inside one hour: no whole hour, one edge.
    edges.push({ lo: fromMs, hi: toMs, hiInclusive: true });
    hours = null;
  } else {
    if (fromMs !== null && fromCeil! > fromMs) edges.push({ lo: fromMs, hi: fromCeil, hiInclusive: false });
    if (toMs !== null) edges.push({ lo: toFloor, hi: toMs, hiInclusive: true });
    if (fromCeil !== null) hours = sql`${hours} and hour >= ${iso(fromCeil)}::timestamptz`;
    if (toFloor !== null) hours = sql`${hours} and hour < ${iso(toFloor)}::timestamptz`;
  }
  const parts: SQL[] = [];
  if (hours) {
    parts.push(sql`
      select first_time, last_time, last_balance_cents, last_equity_cents, min_equity_cents, snapshots
      from account_equity_hours where account_id = ${accountId} and ${hours}`);
  }
  for (const e of edges) {
    const lo = e.lo === null ? sql`` : sql` and time >= ${iso(e.lo)}::timestamptz`;
    const hi =
      e.hi === null
        ? sql``
        : e.hiInclusive
          ? sql` and time <= ${iso(e.hi)}::timestamptz`
          : sql` and time < ${iso(e.hi)}::timestamptz`;
    parts.push(sql`
      select min(time), max(time), (array_agg(balance_cents order by time desc, seq desc))[1],
        (array_agg(equity_cents order by time desc, seq desc))[1], min(equity_cents), count(*)::int
      from account_events
      where account_id = ${accountId} and kind = 'snapshot'${lo}${hi}
      group by date_bin('1 hour', time, ${EPOCH}::timestamptz)`);
  }
  // Epochs as float8 (date_part), not numeric; a bucket's last figures as the max of an array led by
  // the last time (hours never share one), so one hash aggregate and no sort of the hours.
  const result = await db.execute(sql`
    with hr (first_time, last_time, b, q, m, n) as (${sql.join(parts, sql` union all `)}),
    lim as (select date_part('epoch', min(first_time)) lo, date_part('epoch', max(last_time)) hi, sum(n) total from hr),
    x as (
      select hr.*, case when lim.hi = lim.lo then 0
        else least(${buckets} - 1, floor((date_part('epoch', hr.first_time) - lim.lo) / (lim.hi - lim.lo) * ${buckets})::int) end as bucket
      from hr, lim
    ), g as (
      select bucket, max(last_time) as time, max(array[date_part('epoch', last_time), b::float8, q::float8]) as last,
        min(m) as min_equity
      from x group by bucket
    )
    select time, last[2]::bigint as balance, last[3]::bigint as equity, min_equity::bigint as min_equity,
      (select total from lim)::bigint as total
    from g order by bucket`);
  return toSeries(rowsOf(result));
}

export const equityHoursRepository = {
  fromHours,

  /**
   * The equity series of [from, to] in at most `buckets` buckets. An account with few stored events
   * is scanned; otherwise the hours answer, unless the range turns out to hold few snapshots, which
   * are then scanned for a series exact to the snapshot.
   */
  async series(
    db: Db | Tx,
    account: { id: string; eventCount: number },
    from: Date | null,
    to: Date | null,
    buckets: number,
  ): Promise<EquitySeries> {
    if (account.eventCount > RAW_EQUITY_LIMIT) {
      const hours = await fromHours(db, account.id, from, to, buckets);
      if (hours.total > RAW_EQUITY_LIMIT) return hours;
    }
    return accountsRepository.equityBuckets(db, account.id, from, to, buckets);
  },

  /** Recomputes an account's hours from its snapshots (as migration 0006 did for every account). */
  async rebuild(db: Db | Tx, accountId: string): Promise<void> {
    await db.execute(sql`delete from account_equity_hours where account_id = ${accountId}`);
    await db.execute(sql`
      insert into account_equity_hours (account_id, hour, first_time, last_time, last_balance_cents, last_equity_cents,
        min_equity_cents, snapshots)
      select account_id, date_bin('1 hour', time, ${EPOCH}::timestamptz), min(time), max(time),
        (array_agg(balance_cents order by time desc, seq desc))[1], (array_agg(equity_cents order by time desc, seq desc))[1],
        min(equity_cents), count(*)
      from account_events where account_id = ${accountId} and kind = 'snapshot'
      group by 1, 2`);
  },

  /** An account's hours, oldest first (tests compare the kept aggregates with a rebuild). */
  async list(db: Db | Tx, accountId: string) {
    const result = await db.execute(sql`
      select hour, first_time, last_time, last_balance_cents, last_equity_cents, min_equity_cents, snapshots
      from account_equity_hours where account_id = ${accountId} order by hour`);
    return rowsOf(result).map((r) => ({
      hour: new Date(r.hour as string | Date).toISOString(),
      firstTime: new Date(r.first_time as string | Date).toISOString(),
      lastTime: new Date(r.last_time as string | Date).toISOString(),
      lastBalanceCents: Number(r.last_balance_cents),
      lastEquityCents: Number(r.last_equity_cents),
      minEquityCents: Number(r.min_equity_cents),
      snapshots: Number(r.snapshots),
    }));
  },
};
