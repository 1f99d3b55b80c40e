import { formatOrderNumber } from '@app/contracts/commerce';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { feedFailureOf } from '../news/index.ts';

// What the dashboard reads as it is now: a few rows each, through partial indexes (migration 0018).

const at = (ms: number): SQL => sql`to_timestamp(${ms}::float8 / 1000)`;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const num = (v: unknown) => Number(v ?? 0);
const iso = (v: unknown) => new Date(v as string | Date).toISOString();
const name = (r: Record<string, unknown>) => `${String(r.first_name ?? '')} ${String(r.last_name ?? '')}`.trim();

const orderRow = (r: Record<string, unknown>) => ({
  id: String(r.id),
  number: formatOrderNumber(num(r.number)),
  status: String(r.status),
  provider: String(r.provider),
  userId: String(r.user_id),
  userName: name(r),
  challengeName: String(r.challenge_name),
  totalCents: num(r.total_cents),
  currency: String(r.currency),
  createdAt: iso(r.created_at),
});

const payoutRow = (now: number) => (r: Record<string, unknown>) => ({
  id: String(r.id),
  status: String(r.status),
  userId: String(r.user_id),
  userName: name(r),
  amountCents: num(r.amount_cents),
  currency: String(r.currency),
  requestedAt: iso(r.requested_at),
  ageHours: Math.max(0, Math.floor((now - new Date(r.requested_at as string).getTime()) / 3_600_000)),
});

const ORDER_COLUMNS = sql`o.id, o.number, o.status, o.provider, o.user_id, u.first_name, u.last_name,
  c.name as challenge_name, o.total_cents, o.currency, o.created_at`;
const ORDER_JOINS = sql`join users u on u.id = o.user_id join challenges c on c.id = o.challenge_id`;

export const liveRepository = {
  /** Midnight `daysBack` days before today in `tz`, as epoch ms. */
  async dayStart(db: Db, now: number, tz: string, daysBack: number): Promise<number> {
    const [r] = rowsOf<{ ms: number }>(
      await db.execute(sql`
        select (extract(epoch from (((${at(now)} at time zone ${tz})::date - ${daysBack}::int)::timestamp
          at time zone ${tz})) * 1000)::float8 as ms`),
    );
    return Number(r!.ms);
  },

  /** Midnight of `date` (YYYY-MM-DD) in `tz`, as epoch ms. */
  async midnightOf(db: Db, date: string, tz: string): Promise<number> {
    const [r] = rowsOf<{ ms: number }>(
      await db.execute(sql`
        select (extract(epoch from (${date}::date::timestamp at time zone ${tz})) * 1000)::float8 as ms`),
    );
    return Number(r!.ms);
  },

  async accountCounts(db: Db) {
    const rows = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        select status, phase_kind, phase_index, count from dashboard_account_counts where count <> 0
        order by phase_kind, phase_index, status`),
    );
    return rows.map((r) => ({
      status: String(r.status),
      phaseKind: r.phase_kind as 'evaluation' | 'funded',
      phaseIndex: num(r.phase_index),
      count: num(r.count),
    }));
  },

  /** The trader share (floor of profit × split, per account) still withdrawable on funded, active accounts. */
  async liability(db: Db, currency: string): Promise<{ accounts: number; cents: number }> {
    const [r] = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        select count(*) as n, sum(greatest(balance_cents - initial_balance_cents, 0)
          * coalesce((rules->>'profitSplitBps')::bigint, 0) / 10000) as cents
        from trading_accounts where phase_kind = 'funded' and status = 'active' and currency = ${currency}`),
    );
    return { accounts: num(r?.n), cents: num(r?.cents) };
  },

  async openPayouts(db: Db, now: number, limit: number) {
    const rows = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        select p.id, p.status, p.user_id, u.first_name, u.last_name, p.amount_cents, p.currency, p.requested_at,
          (select count(*) from payouts where status in ('requested', 'approved')) as total
        from (select * from payouts where status in ('requested', 'approved') order by requested_at, id limit ${limit}) p
        join users u on u.id = p.user_id order by p.requested_at, p.id`),
    );
    return { count: num(rows[0]?.total), rows: rows.map(payoutRow(now)) };
  },

  async manualOrders(db: Db, limit: number) {
    const rows = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        select ${ORDER_COLUMNS}, (select count(*) from orders where status = 'pending' and provider = 'manual') as total
        from (
          select * from orders where status = 'pending' and provider = 'manual' order by created_at limit ${limit}
        ) o ${ORDER_JOINS} order by o.created_at`),
    );
    return { count: num(rows[0]?.total), rows: rows.map(orderRow) };
  },

  async failedPayments(db: Db, since: number, limit: number) {
    const rows = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        select ${ORDER_COLUMNS},
          (select count(*) from orders where status = 'failed' and created_at >= ${at(since)}) as total
        from (
          select * from orders where status = 'failed' and created_at >= ${at(since)}
          order by created_at desc limit ${limit}
        ) o ${ORDER_JOINS} order by o.created_at desc`),
    );
    return { count: num(rows[0]?.total), rows: rows.map(orderRow) };
  },

  /**
   * The scheduled news feed: the fetches that failed since the last good one (members meanwhile
   * see the last good data), the latest failure's time and reason, and when the last good one ran.
   */
  async newsFeed(db: Db) {
    const rows = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        with good as (select max(created_at) as at from news_imports where source = 'feed' and status = 'ok')
        select count(*) as failures, max(f.created_at) as failed_at,
          (array_agg(f.error order by f.created_at desc))[1] as error, (select at from good) as last_good_at
        from news_imports f
        where f.source = 'feed' and f.status = 'failed' and f.created_at > coalesce((select at from good), '-infinity')`),
    );
    const r = rows[0] ?? {};
    return {
      failures: num(r.failures),
      lastFailureAt: r.failed_at ? iso(r.failed_at) : null,
      lastError: r.error ? String(r.error) : null,
      lastFailure: r.failed_at ? feedFailureOf(String(r.error ?? '')) : null,
      lastGoodAt: r.last_good_at ? iso(r.last_good_at) : null,
    };
  },

  /**
   * Mails given up on that were written since `since`: how many, how many of them the recipient's
   * server refused for good, the oldest's time, the newest's error (status index).
   */
  async undeliveredMails(db: Db, since: number) {
    const [r] = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        select count(*) as n, count(*) filter (where refused) as refused, min(created_at) as oldest_at,
          (array_agg(last_error order by created_at desc))[1] as error
        from email_outbox where status = 'failed' and created_at >= ${at(since)}`),
    );
    return {
      count: num(r?.n),
      refused: num(r?.refused),
      oldestAt: r?.oldest_at ? iso(r.oldest_at) : null,
      lastError: r?.error ? String(r.error) : null,
    };
  },

  async latestOrders(db: Db, limit: number) {
    const rows = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        select ${ORDER_COLUMNS} from (select * from orders order by created_at desc, id desc limit ${limit}) o
        ${ORDER_JOINS} order by o.created_at desc, o.id desc`),
    );
    return rows.map(orderRow);
  },

  async breachedSince(db: Db, since: number, limit: number) {
    const rows = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        select a.id, a.login, a.user_id, u.first_name, u.last_name, c.name as challenge_name, a.phase_kind,
          a.phase_index, coalesce(a.breach->>'rule', 'unknown') as rule, a.ended_at
        from (select * from trading_accounts where status = 'failed' and ended_at >= ${at(since)}
              order by ended_at desc limit ${limit}) a
        join users u on u.id = a.user_id join challenges c on c.id = a.challenge_id
        order by a.ended_at desc`),
    );
    return rows.map((r) => ({
      accountId: String(r.id),
      login: String(r.login),
      userId: String(r.user_id),
      userName: name(r),
      challengeName: String(r.challenge_name),
      phaseKind: r.phase_kind as 'evaluation' | 'funded',
      phaseIndex: num(r.phase_index),
      rule: String(r.rule),
      endedAt: iso(r.ended_at),
    }));
  },
};
