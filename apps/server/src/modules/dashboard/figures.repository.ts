import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { MonthSpan } from './zone-months.ts';

// Range figures: sums of the hourly aggregate buckets (migration 0018), never the history itself.

const at = (ms: number): SQL => sql`to_timestamp(${ms}::float8 / 1000)`;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const num = (v: unknown) => Number(v ?? 0);

/** A half-open span of time in epoch ms; `from` null means from the beginning. */
export interface Span {
  from: number | null;
  to: number;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const floorDay = (ms: number) => Math.floor(ms / DAY) * DAY;
const ceilDay = (ms: number) => Math.ceil(ms / DAY) * DAY;
const floorMonth = (ms: number) => {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
};
const ceilMonth = (ms: number) => {
  const m = floorMonth(ms);
  if (m === ms) return m;
  const d = new Date(m);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
};

const grainRows = (grain: 'h' | 'd' | 'm', from: number | null, to: number): SQL | null =>
  from !== null && from >= to
    ? null
    : from === null
      ? sql`(grain = ${grain} and hour < ${at(to)})`
      : sql`(grain = ${grain} and hour >= ${at(from)} and hour < ${at(to)})`;

/**
 * The buckets of a span, coarsest first: whole UTC months from the month rows, the whole days
 * around them from the day rows, the hours at the two edges from the hour rows. "All" of two years
 * reads some 24 months, 30 days and 23 hours per key, not 17,520 hours.
 */
export function inSpan(span: Span): SQL {
  const { from, to } = span;
  const parts: Array<SQL | null> = [];
  const dayFrom = from === null ? null : ceilDay(from);
  const dayTo = floorDay(to);
  if (dayFrom !== null && dayFrom >= dayTo) parts.push(grainRows('h', from, to));
  else {
    const monthFrom = dayFrom === null ? null : ceilMonth(dayFrom);
    const monthTo = floorMonth(dayTo);
    if (monthFrom !== null && monthFrom >= monthTo) parts.push(grainRows('d', dayFrom, dayTo));
    else {
      parts.push(grainRows('m', monthFrom, monthTo), grainRows('d', monthTo, dayTo));
      if (monthFrom !== null) parts.push(grainRows('d', dayFrom, monthFrom));
    }
    parts.push(grainRows('h', dayTo, to));
    if (from !== null && dayFrom !== null) parts.push(grainRows('h', from, dayFrom));
  }
  const present = parts.filter((p): p is SQL => p !== null);
  return present.length === 0 ? sql`false` : sql`(${sql.join(present, sql` or `)})`;
}

/** Hour rows only, for charts by day in a time zone. */
const hoursOf = (span: Span): SQL =>
  span.from === null
    ? sql`grain = 'h' and hour < ${at(span.to)}`
    : sql`grain = 'h' and hour >= ${at(span.from)} and hour < ${at(span.to)}`;

export interface OrderSums {
  paidCount: number;
  paidNetCents: number;
  discountCents: number;
  refundCount: number;
  refundedCents: number;
}

export interface ChallengeSums extends OrderSums {
  challengeId: string;
  name: string;
}

export interface AccountEventSum {
  phaseKind: 'evaluation' | 'funded';
  phaseIndex: number;
  event: 'opened' | 'passed' | 'failed';
  rule: string;
  count: number;
}

export interface PeriodSums {
  byChallenge: ChallengeSums[];
  members: { registered: number; converted: number };
  accountEvents: AccountEventSum[];
  payouts: { requestedCount: number; requestedCents: number; paidCount: number; paidCents: number };
}

type Json = Record<string, unknown>;

export const figuresRepository = {
  /** Every sum of a period in one statement (one round trip). */
  async period(db: Db, span: Span, currency: string): Promise<PeriodSums> {
    const where = inSpan(span);
    const [r] = rowsOf<{ o: Json[] | null; m: Json | null; a: Json[] | null; p: Json | null }>(
      await db.execute(sql`
        select
          (select json_agg(json_build_object('c', s.challenge_id, 'name', ch.name, 'pc', s.pc, 'pn', s.pn, 'dc', s.dc,
              'rc', s.rc, 'rf', s.rf) order by s.pn - s.rf desc, ch.name)
            from (select challenge_id, sum(paid_count) as pc, sum(paid_net_cents) as pn, sum(discount_cents) as dc,
                    sum(refund_count) as rc, sum(refunded_cents) as rf
                  from dashboard_order_hours where currency = ${currency} and ${where} group by challenge_id) s
            join challenges ch on ch.id = s.challenge_id) as o,
          (select json_build_object('r', sum(registered), 'c', sum(converted))
            from dashboard_member_hours where ${where}) as m,
          (select json_agg(json_build_object('k', phase_kind, 'i', phase_index, 'e', event, 'r', rule, 'n', n))
            from (select phase_kind, phase_index, event, rule, sum(count) as n
                  from dashboard_account_hours where ${where} group by 1, 2, 3, 4) x where n <> 0) as a,
          (select json_build_object('rc', sum(requested_count), 'ra', sum(requested_cents), 'pc', sum(paid_count),
              'pa', sum(paid_cents))
            from dashboard_payout_hours where currency = ${currency} and ${where}) as p`),
    );
    return {
      byChallenge: (r?.o ?? []).map((c) => ({
        challengeId: String(c.c),
        name: String(c.name),
        paidCount: num(c.pc),
        paidNetCents: num(c.pn),
        discountCents: num(c.dc),
        refundCount: num(c.rc),
        refundedCents: num(c.rf),
      })),
      members: { registered: num(r?.m?.r), converted: num(r?.m?.c) },
      accountEvents: (r?.a ?? []).map((e) => ({
        phaseKind: e.k as AccountEventSum['phaseKind'],
        phaseIndex: num(e.i),
        event: e.e as AccountEventSum['event'],
        rule: String(e.r),
        count: num(e.n),
      })),
      payouts: {
        requestedCount: num(r?.p?.rc),
        requestedCents: num(r?.p?.ra),
        paidCount: num(r?.p?.pc),
        paidCents: num(r?.p?.pa),
      },
    };
  },

  /** The first hour anything happened (the start of "all"), or null on an empty platform. */
  async firstHour(db: Db): Promise<number | null> {
    const [r] = rowsOf<{ ms: number | null }>(
      await db.execute(sql`
        select (extract(epoch from least(
          (select min(hour) from dashboard_order_hours where grain = 'h'),
          (select min(hour) from dashboard_member_hours where grain = 'h'),
          (select min(hour) from dashboard_account_hours where grain = 'h'),
          (select min(hour) from dashboard_payout_hours where grain = 'h'))) * 1000)::float8 as ms`),
    );
    return r?.ms === null || r?.ms === undefined ? null : Number(r.ms);
  },

  /**
   * Net revenue per chart bucket and challenge: by day, the hour rows grouped by day in `tz`; by
   * month, each month of the viewer's zone cut like a range (`inSpan`), one arm per month.
   */
  async revenueSeries(
    db: Db,
    span: Span,
    currency: string,
    buckets: { tz: string } | { months: MonthSpan[] },
  ): Promise<Array<{ bucket: string; challengeId: string; cents: number }>> {
    const statement =
      'tz' in buckets
        ? sql`
            select (hour at time zone ${buckets.tz})::date::text as b, challenge_id,
              sum(paid_net_cents - refunded_cents) as cents
            from dashboard_order_hours where currency = ${currency} and ${hoursOf(span)}
            group by 1, 2`
        : buckets.months.length === 0
          ? null
          : sql.join(
              buckets.months.map(
                (m) => sql`
                  select ${m.label}::text as b, challenge_id, sum(paid_net_cents - refunded_cents) as cents
                  from dashboard_order_hours where currency = ${currency} and ${inSpan(m)}
                  group by challenge_id`,
              ),
              sql` union all `,
            );
    if (statement === null) return [];
    const rows = rowsOf<Record<string, unknown>>(await db.execute(statement));
    return rows.map((r) => ({ bucket: String(r.b), challengeId: String(r.challenge_id), cents: num(r.cents) }));
  },
};
