import { and, asc, desc, eq, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { accountEvents, challenges, dailyStats, TICKET_NAMESPACE, tradingAccounts } from '../../db/schema/index.ts';
import type { TradeRow } from '../../db/account-events.ts';
import type { AccountRow, NewAccount } from './account-row.ts';

export type AccountWithNames = AccountRow & {
  challengeName: string;
  nextAccountId: string | null;
  replacedById: string | null;
};
export type DailyRow = typeof dailyStats.$inferSelect;

const next = alias(tradingAccounts, 'next_account');
const replacement = alias(tradingAccounts, 'replacement');

function selectWithNames(db: Db | Tx) {
  return db
    .select({
      account: tradingAccounts,
      challengeName: challenges.name,
      nextAccountId: next.id,
      replacedById: replacement.id,
    })
    .from(tradingAccounts)
    .innerJoin(challenges, eq(challenges.id, tradingAccounts.challengeId))
    .leftJoin(next, eq(next.previousAccountId, tradingAccounts.id))
    .leftJoin(replacement, eq(replacement.replacesAccountId, tradingAccounts.id));
}

const flatten = (r: {
  account: AccountRow;
  challengeName: string;
  nextAccountId: string | null;
  replacedById: string | null;
}): AccountWithNames => ({
  ...r.account,
  challengeName: r.challengeName,
  nextAccountId: r.nextAccountId,
  replacedById: r.replacedById,
});

/** The ids of an order's accounts: the one it provisioned, then each next phase or reset, oldest first. */
async function chainIdsOfOrder(db: Db | Tx, orderId: string): Promise<string[]> {
  const chain = (await db.execute(sql`
    with recursive chain as (
      select id, 0 as depth from trading_accounts where order_id = ${orderId}
      union all
      select t.id, c.depth + 1 from trading_accounts t
      join chain c on t.previous_account_id = c.id or t.replaces_account_id = c.id
    )
    select id from chain order by depth`)) as unknown as { rows: { id: string }[] };
  return chain.rows.map((r) => r.id);
}

export interface TradeFilter {
  accountId: string;
  limit: number;
  cursor?: { time: Date; id: number };
  symbol?: string;
  side?: 'buy' | 'sell';
  from?: Date;
  to?: Date;
}

/** A chunk of CSV lines and where the next chunk starts. */
export interface CsvChunk {
  text: string;
  rows: number;
  last: { time: Date; id: number } | null;
}

/**
 * A text cell of a CSV line, in SQL: a value starting with = + - @, tab or CR gets a leading
 * apostrophe (spreadsheets would run it as a formula), then RFC 4180 quoting when it holds a quote,
 * comma or line break. Numbers the export writes itself are not text cells. (Plain string functions:
 * a regular expression or a subquery per cell cost more than the rest of the line.)
 */
const csvText = (value: SQL) => {
  const guarded = sql`(case when left(${value}, 1) in ('=', '+', '-', '@', chr(9), chr(13)) then '''' || ${value} else ${value} end)`;
  return sql`(case when strpos(${value}, '"') > 0 or strpos(${value}, ',') > 0 or strpos(${value}, chr(10)) > 0
    or strpos(${value}, chr(13)) > 0 then '"' || replace(${guarded}, '"', '""') || '"' else ${guarded} end)`;
};
/** Integer cents as a decimal with two places, exactly (numeric: -705 × 0.01 = -7.05). */
const csvMoney = (cents: SQL) => sql`(${cents} * 0.01)::text`;
/** The currency, the same on every line: written once (an ISO code; quoted and guarded all the same). */
function currencyCell(currency: string): string {
  const guarded = /^[-=+@\t\r]/.test(currency) ? `'${currency}` : currency;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}
/** ISO 8601 in UTC with milliseconds, as the JSON API writes times. */
const csvTime = (t: SQL) => sql`to_char(${t} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The journal's filters and keyset position, as one WHERE. */
function tradeConditions(f: Omit<TradeFilter, 'limit'>): SQL | undefined {
  const e = accountEvents;
  const conds: (SQL | undefined)[] = [eq(e.accountId, f.accountId), eq(e.kind, 'trade')];
  if (f.symbol) conds.push(eq(e.symbol, f.symbol));
  if (f.side) conds.push(eq(e.side, f.side));
  if (f.from) conds.push(sql`${e.time} >= ${f.from.toISOString()}`);
  if (f.to) conds.push(sql`${e.time} <= ${f.to.toISOString()}`);
  // A row comparison, so the index (account_id, kind, time, seq) starts the scan at the cursor: an
  // OR of the two cases was a filter, and every page or chunk scanned from the newest trade again.
  if (f.cursor) conds.push(sql`(${e.time}, ${e.seq}) < (${f.cursor.time.toISOString()}::timestamptz, ${f.cursor.id})`);
  conds.push(openRowShown);
  return and(...conds);
}

/**
 * A position appears once: an open trade's row is left out once its ticket has closed (the closed
 * trade is the row, found through the primary key's ticket entry), and when the same open position
 * was reported again under a new event id (a bridge that reconnects does so): the report that
 * arrived last is the row (found through the partial index of open trades, migration 0035). A CASE, so
 * that the lookups run for open rows only: as an OR, PostgreSQL ran them for every row (the
 * 100,000-trade CSV export fell from 50,000 to 4,000 trades/s). The outer row is named by its
 * table: inside a subquery an unqualified column would be the subquery's.
 */
const openRowShown = sql`(case when account_events.close_time is not null then true else not exists (
  select 1 from account_events c where c.account_id = account_events.account_id
    and c.key_connector_id = ${TICKET_NAMESPACE}::uuid and c.event_key = account_events.ticket collate "C")
  and not exists (
  select 1 from account_events o where o.account_id = account_events.account_id
    and o.kind = 'trade' and o.close_time is null and o.ticket = account_events.ticket
    and o.seq > account_events.seq) end)`;

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

  /**
   * Every account an order led to, locked: the one it provisioned, each phase opened on passing
   * the one before (`previous_account_id`) and each fresh account a reset put in place of one
   * (`replaces_account_id`), oldest first.
   */
  async lockChainOfOrder(tx: Tx, orderId: string): Promise<AccountRow[]> {
    const ids = await chainIdsOfOrder(tx, orderId);
    if (ids.length === 0) return [];
    const rows = await tx.select().from(tradingAccounts).where(inArray(tradingAccounts.id, ids)).for('update');
    return ids.map((id) => rows.find((r) => r.id === id)!);
  },

  /** The same accounts as `lockChainOfOrder`, read without locks (the orders desk's timeline). */
  async chainOfOrder(db: Db | Tx, orderId: string): Promise<AccountRow[]> {
    const ids = await chainIdsOfOrder(db, orderId);
    if (ids.length === 0) return [];
    const rows = await db.select().from(tradingAccounts).where(inArray(tradingAccounts.id, ids));
    return ids.map((id) => rows.find((r) => r.id === id)!);
  },

  /** The fresh account a staff reset opened in place of this one, if any. */
  async replacementOf(db: Db | Tx, id: string): Promise<{ id: string; login: string } | undefined> {
    const [row] = await db
      .select({ id: tradingAccounts.id, login: tradingAccounts.login })
      .from(tradingAccounts)
      .where(eq(tradingAccounts.replacesAccountId, id));
    return row;
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
    // Only a trade's columns (reading the other kinds' nulls too cost a third more on PGlite); the
    // trade CHECK guarantees the ones TradeRow has as non-null.
    const rows = await db
      .select({
        seq: e.seq,
        eventId: e.eventId,
        time: e.time,
        ticket: e.ticket,
        symbol: e.symbol,
        side: e.side,
        volume: e.volume,
        openTime: e.openTime,
        openPrice: e.openPrice,
        closeTime: e.closeTime,
        closePrice: e.closePrice,
        profitCents: e.profitCents,
        commissionCents: e.commissionCents,
        swapCents: e.swapCents,
      })
      .from(e)
      .where(tradeConditions(f))
      .orderBy(desc(e.time), desc(e.seq))
      .limit(f.limit);
    return rows as TradeRow[];
  },

  /**
   * One keyset chunk of the journal for the CSV export, same filters and order as tradesPage, its
   * lines formatted by the database: one text value per chunk, so reading it costs next to nothing
   * in JavaScript (parsing 13 columns per row cost ~15 µs a row on PGlite).
   */
  async tradesCsvChunk(db: Db | Tx, f: TradeFilter, currency: string): Promise<CsvChunk> {
    const e = accountEvents;
    const line = sql.join(
      [
        sql`${e.seq}::text`,
        csvText(sql`${e.ticket}`),
        csvText(sql`${e.symbol}`),
        sql`${e.side}`,
        sql`${e.volume}::text`,
        csvTime(sql`${e.openTime}`),
        sql`${e.openPrice}::text`,
        sql`coalesce(${csvTime(sql`${e.closeTime}`)}, '')`,
        sql`coalesce(${e.closePrice}::text, '')`,
        csvMoney(sql`${e.profitCents}`),
        csvMoney(sql`${e.commissionCents}`),
        csvMoney(sql`${e.swapCents}`),
        csvMoney(sql`(${e.profitCents} + ${e.commissionCents} + ${e.swapCents})`),
        sql`${currencyCell(currency)}::text`,
      ],
      sql` || ',' || `,
    );
    const result = await db.execute(sql`
      with page as (
        select ${e.time} as t, ${e.seq} as s, ${line} as line from ${e}
        where ${tradeConditions(f)}
        order by ${e.time} desc, ${e.seq} desc
        limit ${f.limit}
      )
      select coalesce(string_agg(line || chr(13) || chr(10), '' order by t desc, s desc), '') as text, count(*)::int as n,
        (array_agg(t order by t, s))[1] as last_time, (array_agg(s order by t, s))[1] as last_seq
      from page`);
    const row = (result as unknown as { rows: Array<Record<string, unknown>> }).rows[0]!;
    const rows = Number(row.n);
    return {
      text: row.text as string,
      rows,
      last: rows ? { time: new Date(row.last_time as string | Date), id: Number(row.last_seq) } : null,
    };
  },

  /**
   * Equity series in at most `buckets` time buckets: last balance/equity and the lowest equity of
   * each, from every snapshot in the range (a scan: equity-hours.repository.ts serves large ranges).
   */
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
        select time, seq, balance_cents, equity_cents from ${accountEvents}
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
        (array_agg(balance_cents order by time desc, seq desc))[1]::bigint as balance,
        (array_agg(equity_cents order by time desc, seq desc))[1]::bigint as equity,
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
