import { and, asc, desc, eq, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { accountEvents, challenges, dailyStats, tradingAccounts } from '../../db/schema/index.ts';
import { tradeOf, type TradeRow } from '../../db/account-events.ts';
import type { AccountRow, NewAccount } from './account-row.ts';

export type AccountWithNames = AccountRow & { challengeName: string; nextAccountId: string | null };
export type DailyRow = typeof dailyStats.$inferSelect;

const next = alias(tradingAccounts, 'next_account');

function selectWithNames(db: Db | Tx) {
  return db
    .select({ account: tradingAccounts, challengeName: challenges.name, nextAccountId: next.id })
    .from(tradingAccounts)
    .innerJoin(challenges, eq(challenges.id, tradingAccounts.challengeId))
    .leftJoin(next, eq(next.previousAccountId, tradingAccounts.id));
}

const flatten = (r: {
  account: AccountRow;
  challengeName: string;
  nextAccountId: string | null;
}): AccountWithNames => ({
  ...r.account,
  challengeName: r.challengeName,
  nextAccountId: r.nextAccountId,
});

export interface TradeFilter {
  accountId: string;
  limit: number;
  cursor?: { time: Date; id: number };
  symbol?: string;
  side?: 'buy' | 'sell';
  from?: Date;
  to?: Date;
}

export const accountsRepository = {
  /** Inserts with a login from the sequence; undefined when the lineage already has this next account. */
  async insert(db: Db | Tx, values: Omit<NewAccount, 'login'>): Promise<AccountRow | undefined> {
    const [row] = await db
      .insert(tradingAccounts)
      .values({ ...values, login: sql`nextval('trading_login_seq')::text` })
      .onConflictDoNothing()
      .returning();
    return row;
  },

  async findById(db: Db | Tx, id: string): Promise<AccountWithNames | undefined> {
    const [row] = await selectWithNames(db).where(eq(tradingAccounts.id, id)).limit(1);
    return row ? flatten(row) : undefined;
  },

  async listByUser(db: Db | Tx, userId: string): Promise<AccountWithNames[]> {
    const rows = await selectWithNames(db)
      .where(eq(tradingAccounts.userId, userId))
      .orderBy(desc(tradingAccounts.createdAt), desc(tradingAccounts.id));
    return rows.map(flatten);
  },

  async listAll(
    db: Db | Tx,
    opts: { status?: AccountRow['status']; limit: number; offset: number },
  ): Promise<AccountWithNames[]> {
    const rows = await selectWithNames(db)
      .where(opts.status ? eq(tradingAccounts.status, opts.status) : undefined)
      .orderBy(desc(tradingAccounts.createdAt), desc(tradingAccounts.id))
      .limit(opts.limit)
      .offset(opts.offset);
    return rows.map(flatten);
  },

  async lockById(tx: Tx, id: string): Promise<AccountRow | undefined> {
    const [row] = await tx.select().from(tradingAccounts).where(eq(tradingAccounts.id, id)).for('update');
    return row;
  },

  async update(db: Db | Tx, id: string, patch: Partial<NewAccount>): Promise<void> {
    await db.update(tradingAccounts).set(patch).where(eq(tradingAccounts.id, id));
  },

  /**
   * Active accounts the clock has something to decide for at `until` (= now − grace): a trading day
   * to roll (and check at midnight) or a deadline. Two partial indexes serve the two conditions.
   */
  async dueForSettle(db: Db | Tx, until: Date, limit: number): Promise<string[]> {
    const active = eq(tradingAccounts.status, 'active');
    const rows = await db
      .select({ id: tradingAccounts.id })
      .from(tradingAccounts)
      .where(
        or(and(active, lte(tradingAccounts.nextResetAt, until)), and(active, lte(tradingAccounts.deadlineAt, until))),
      )
      .limit(limit);
    return rows.map((r) => r.id);
  },

  /** Newest first, keyset on (time, seq). */
  async tradesPage(db: Db | Tx, f: TradeFilter): Promise<TradeRow[]> {
    const e = accountEvents;
    const conds: (SQL | undefined)[] = [eq(e.accountId, f.accountId), eq(e.kind, 'trade')];
    if (f.symbol) conds.push(eq(e.symbol, f.symbol));
    if (f.side) conds.push(eq(e.side, f.side));
    if (f.from) conds.push(sql`${e.time} >= ${f.from.toISOString()}`);
    if (f.to) conds.push(sql`${e.time} <= ${f.to.toISOString()}`);
    if (f.cursor) {
      conds.push(or(lt(e.time, f.cursor.time), and(eq(e.time, f.cursor.time), lt(e.seq, f.cursor.id))));
    }
    const rows = await db
      .select()
      .from(e)
      .where(and(...conds))
      .orderBy(desc(e.time), desc(e.seq))
      .limit(f.limit);
    return rows.map(tradeOf);
  },

  /** Equity series in at most `buckets` time buckets: last balance/equity and the lowest equity of each. */
  async equityBuckets(
    db: Db | Tx,
    accountId: string,
    from: Date | null,
    to: Date | null,
    buckets: number,
  ): Promise<{
    points: Array<{ time: Date; balanceCents: number; equityCents: number; minEquityCents: number }>;
    total: number;
  }> {
    const fromIso = from?.toISOString() ?? null;
    const toIso = to?.toISOString() ?? null;
    const result = await db.execute(sql`
      with r as (
        select time, balance_cents, equity_cents from ${accountEvents}
        where account_id = ${accountId} and kind = 'snapshot'
          and (${fromIso}::timestamptz is null or time >= ${fromIso}::timestamptz)
          and (${toIso}::timestamptz is null or time <= ${toIso}::timestamptz)
      ), b as (select min(time) lo, max(time) hi, count(*) n from r),
      x as (
        select r.*, case when b.hi = b.lo then 0
          else least(${buckets} - 1, floor(extract(epoch from (r.time - b.lo)) / extract(epoch from (b.hi - b.lo)) * ${buckets})::int) end as bucket
        from r, b
      )
      select max(time) as time,
        (array_agg(balance_cents order by time desc))[1]::bigint as balance,
        (array_agg(equity_cents order by time desc))[1]::bigint as equity,
        min(equity_cents)::bigint as min_equity,
        (select n from b)::int as total
      from x group by bucket order by bucket`);
    const rows = (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
    return {
      total: rows.length ? Number(rows[0]!.total) : 0,
      points: rows.map((r) => ({
        time: new Date(r.time as string | Date),
        balanceCents: Number(r.balance),
        equityCents: Number(r.equity),
        minEquityCents: Number(r.min_equity),
      })),
    };
  },

  async daily(db: Db | Tx, accountId: string): Promise<DailyRow[]> {
    return db.select().from(dailyStats).where(eq(dailyStats.accountId, accountId)).orderBy(asc(dailyStats.day));
  },
};
