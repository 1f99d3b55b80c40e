import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

// Range figures: sums of the hourly aggregate buckets (migration 0018), never the history itself.

const at = (ms: number): SQL => sql`to_timestamp(${ms}::float8 / 1000)`;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const num = (v: unknown) => Number(v ?? 0);

/** A half-open span of time in epoch ms; `from` null means from the beginning. */
export interface Span {
  from: number | null;
  to: number;
}

const inSpan = (span: Span): SQL =>
  span.from === null ? sql`hour < ${at(span.to)}` : sql`hour >= ${at(span.from)} and hour < ${at(span.to)}`;

export interface OrderSums {
  paidCount: number;
  paidNetCents: number;
  discountCents: number;
  refundCount: number;
  refundedCents: number;
}

export interface AccountEventSum {
  phaseKind: 'evaluation' | 'funded';
  phaseIndex: number;
  event: 'opened' | 'passed' | 'failed';
  rule: string;
  count: number;
}

export const figuresRepository = {
  async orders(db: Db, span: Span, currency: string): Promise<OrderSums> {
    const [r] = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        select sum(paid_count) as pc, sum(paid_net_cents) as pn, sum(discount_cents) as dc,
          sum(refund_count) as rc, sum(refunded_cents) as rf
        from dashboard_order_hours where currency = ${currency} and ${inSpan(span)}`),
    );
    return {
      paidCount: num(r?.pc),
      paidNetCents: num(r?.pn),
      discountCents: num(r?.dc),
      refundCount: num(r?.rc),
      refundedCents: num(r?.rf),
    };
  },

  async members(db: Db, span: Span): Promise<{ registered: number; converted: number }> {
    const [r] = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        select sum(registered) as r, sum(converted) as c from dashboard_member_hours where ${inSpan(span)}`),
    );
    return { registered: num(r?.r), converted: num(r?.c) };
  },

  async accountEvents(db: Db, span: Span): Promise<AccountEventSum[]> {
    const rows = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        select phase_kind, phase_index, event, rule, sum(count) as n
        from dashboard_account_hours where ${inSpan(span)}
        group by phase_kind, phase_index, event, rule`),
    );
    return rows
      .map((r) => ({
        phaseKind: r.phase_kind as AccountEventSum['phaseKind'],
        phaseIndex: num(r.phase_index),
        event: r.event as AccountEventSum['event'],
        rule: String(r.rule),
        count: num(r.n),
      }))
      .filter((r) => r.count !== 0);
  },

  async payouts(
    db: Db,
    span: Span,
    currency: string,
  ): Promise<{ requestedCount: number; requestedCents: number; paidCount: number; paidCents: number }> {
    const [r] = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        select sum(requested_count) as rc, sum(requested_cents) as ra, sum(paid_count) as pc, sum(paid_cents) as pa
        from dashboard_payout_hours where currency = ${currency} and ${inSpan(span)}`),
    );
    return {
      requestedCount: num(r?.rc),
      requestedCents: num(r?.ra),
      paidCount: num(r?.pc),
      paidCents: num(r?.pa),
    };
  },

  /** The first hour anything happened (the start of "all"), or null on an empty platform. */
  async firstHour(db: Db): Promise<number | null> {
    const [r] = rowsOf<{ ms: number | null }>(
      await db.execute(sql`
        select (extract(epoch from least(
          (select min(hour) from dashboard_order_hours),
          (select min(hour) from dashboard_member_hours),
          (select min(hour) from dashboard_account_hours),
          (select min(hour) from dashboard_payout_hours))) * 1000)::float8 as ms`),
    );
    return r?.ms === null || r?.ms === undefined ? null : Number(r.ms);
  },

  /** Net revenue per chart bucket (day or month in `tz`) and challenge. */
  async revenueSeries(
    db: Db,
    span: Span,
    currency: string,
    tz: string,
    bucket: 'day' | 'month',
  ): Promise<Array<{ bucket: string; challengeId: string; cents: number }>> {
    const format = bucket === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM';
    const rows = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        select to_char(date_trunc(${bucket}, hour at time zone ${tz}), ${format}) as b, challenge_id,
          sum(paid_net_cents - refunded_cents) as cents
        from dashboard_order_hours where currency = ${currency} and ${inSpan(span)}
        group by 1, 2 order by 1`),
    );
    return rows.map((r) => ({ bucket: String(r.b), challengeId: String(r.challenge_id), cents: num(r.cents) }));
  },

  async byChallenge(
    db: Db,
    span: Span,
    currency: string,
  ): Promise<Array<{ challengeId: string; name: string; paidOrders: number; revenueCents: number }>> {
    const rows = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        select s.challenge_id, c.name, s.pc, s.rev from (
          select challenge_id, sum(paid_count) as pc, sum(paid_net_cents - refunded_cents) as rev
          from dashboard_order_hours where currency = ${currency} and ${inSpan(span)}
          group by challenge_id
        ) s join challenges c on c.id = s.challenge_id
        order by s.rev desc, c.name`),
    );
    return rows.map((r) => ({
      challengeId: String(r.challenge_id),
      name: String(r.name),
      paidOrders: num(r.pc),
      revenueCents: num(r.rev),
    }));
  },
};
