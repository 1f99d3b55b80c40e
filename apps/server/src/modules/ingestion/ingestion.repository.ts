import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { balanceOperations, equitySnapshots, trades, tradingAccounts } from '../../db/schema/index.ts';
import type { AccountState, DayStats, EngineEvent } from '../../engine/index.ts';
import { LOT_UNITS } from '../../engine/index.ts';
import type { AccountRow } from '../accounts/accounts.repository.ts';

/** Events as stored: the engine event plus the account it belongs to. */
export type StoredEvent = EngineEvent & { accountId: string };

const json = (v: unknown) => JSON.stringify(v);
const isoOf = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function rowsOf(result: unknown): Array<Record<string, unknown>> {
  return (result as { rows: Array<Record<string, unknown>> }).rows;
}

/**
 * Set-based SQL for the ingestion path: one statement per table per batch, rows passed as one
 * JSON parameter (json_to_recordset), identical on PGlite and node-postgres.
 */
export const ingestionRepository = {
  /** Locks the batch's accounts in a stable order (by id) so concurrent batches serialise per account. */
  async lockAccounts(tx: Tx, logins: string[]): Promise<AccountRow[]> {
    return tx
      .select()
      .from(tradingAccounts)
      .where(inArray(tradingAccounts.login, logins))
      .orderBy(asc(tradingAccounts.id))
      .for('update');
  },

  /**
   * Claims the event ids and stores the new events, in one statement: the ids go into
   * ingested_events (primary key (connector, event id)); only the rows that were new there go on
   * into trades / equity_snapshots / balance_operations. A concurrent batch with the same id waits
   * for this transaction and then skips it, so no event is stored twice. Ids are claimed in sorted
   * order, so two batches never wait on each other's ids in opposite orders. Returns the new ids.
   */
  async storeEvents(tx: Tx, connectorId: string, events: StoredEvent[]): Promise<Set<string>> {
    if (!events.length) return new Set();
    const rows = events.map((e) => {
      const base = { e: e.id, a: e.accountId, k: e.type, t: isoOf(e.time) };
      if (e.type === 'trade') {
        return {
          ...base, ticket: e.ticket, symbol: e.symbol, side: e.side, volume: e.volume, ot: isoOf(e.openTime), op: e.openPrice,
          ct: isoOf(e.closeTime), cp: e.closePrice, p: e.profitCents, c: e.commissionCents, s: e.swapCents,
        };
      }
      if (e.type === 'snapshot') return { ...base, b: e.balanceCents, q: e.equityCents, o: e.openPositions };
      return { ...base, m: e.amountCents, cm: e.comment };
    });
    const result = await tx.execute(sql`
      with x as materialized (
        select * from json_to_recordset(${json(rows)}::json) as x(e text, a uuid, k text, t timestamptz,
          ticket text, symbol text, side text, volume float8, ot timestamptz, op float8, ct timestamptz, cp float8,
          p bigint, c bigint, s bigint, b bigint, q bigint, o int, m bigint, cm text)
      ), claimed as (
        insert into ingested_events (connector_id, event_id, account_id)
        select ${connectorId}::uuid, e, a from x order by e
        on conflict do nothing
        returning event_id
      ), new_events as materialized (
        select x.* from x join claimed on claimed.event_id = x.e
      ), ins_trades as (
        insert into trades (account_id, event_id, ticket, symbol, side, volume, time, open_time, open_price, close_time,
          close_price, profit_cents, commission_cents, swap_cents)
        select a, e, ticket, symbol, side, volume, t, ot, op, ct, cp, p, c, s from new_events where k = 'trade'
      ), ins_snapshots as (
        insert into equity_snapshots (account_id, event_id, time, balance_cents, equity_cents, open_positions)
        select a, e, t, b, q, o from new_events where k = 'snapshot'
      ), ins_balance as (
        insert into balance_operations (account_id, event_id, time, amount_cents, comment)
        select a, e, t, m, coalesce(cm, '') from new_events where k = 'balance'
      )
      select e as event_id from new_events`);
    return new Set(rowsOf(result).map((r) => r.event_id as string));
  },

  /** The account's full stored history, for a recompute after a late event. */
  async history(tx: Tx, accountId: string): Promise<EngineEvent[]> {
    // One after the other: a transaction is one connection.
    const t = await tx.select().from(trades).where(eq(trades.accountId, accountId));
    const s = await tx.select().from(equitySnapshots).where(eq(equitySnapshots.accountId, accountId));
    const b = await tx.select().from(balanceOperations).where(eq(balanceOperations.accountId, accountId));
    const events: EngineEvent[] = [];
    for (const r of t) {
      events.push({
        type: 'trade', id: r.eventId, time: r.time.getTime(), ticket: r.ticket, symbol: r.symbol, side: r.side, volume: r.volume,
        openTime: r.openTime.getTime(), openPrice: r.openPrice, closeTime: r.closeTime?.getTime() ?? null, closePrice: r.closePrice,
        profitCents: r.profitCents, commissionCents: r.commissionCents, swapCents: r.swapCents,
      });
    }
    for (const r of s) {
      events.push({
        type: 'snapshot', id: r.eventId, time: r.time.getTime(), balanceCents: r.balanceCents, equityCents: r.equityCents,
        openPositions: r.openPositions,
      });
    }
    for (const r of b) events.push({ type: 'balance', id: r.eventId, time: r.time.getTime(), amountCents: r.amountCents, comment: r.comment });
    return events;
  },

  /** Writes the evaluated accounts in one statement. */
  async updateAccounts(tx: Tx, rows: AccountRow[]): Promise<void> {
    if (!rows.length) return;
    const values = rows.map((r) => ({
      id: r.id, state: r.state, b: r.balanceCents, q: r.equityCents, st: r.status, br: r.breach ?? null,
      le: r.lastEventAt?.toISOString() ?? null, n: r.eventCount, sa: r.startedAt?.toISOString() ?? null,
      dl: r.deadlineAt?.toISOString() ?? null, pa: r.passedAt?.toISOString() ?? null, ea: r.endedAt?.toISOString() ?? null,
      ua: r.updatedAt.toISOString(),
    }));
    await tx.execute(sql`
      update trading_accounts a set state = x.state, balance_cents = x.b, equity_cents = x.q, status = x.st, breach = x.br,
        last_event_at = x.le, event_count = x.n, started_at = x.sa, deadline_at = x.dl, passed_at = x.pa, ended_at = x.ea,
        updated_at = x.ua
      from json_to_recordset(${json(values)}::json) as x(id uuid, state jsonb, b bigint, q bigint, st text, br jsonb,
        le timestamptz, n int, sa timestamptz, dl timestamptz, pa timestamptz, ea timestamptz, ua timestamptz)
      where a.id = x.id`);
  },

  /** Upserts the engine's per-day stats of the given days (all of them after a recompute). */
  async saveDaily(tx: Tx, items: Array<{ accountId: string; state: AccountState; fromDay: string | null; rewrite: boolean }>): Promise<void> {
    const rewrite = items.filter((i) => i.rewrite).map((i) => i.accountId);
    if (rewrite.length) {
      await tx.execute(sql`delete from account_daily_stats where account_id in (select (jsonb_array_elements_text(${json(rewrite)}::jsonb))::uuid)`);
    }
    const rows: Array<Record<string, unknown>> = [];
    for (const i of items) {
      for (const [day, d] of Object.entries(i.state.daily) as Array<[string, DayStats]>) {
        if (!i.rewrite && i.fromDay !== null && day < i.fromDay) continue;
        rows.push({
          a: i.accountId, d: day, n: d.trades, l: d.lotUnits / LOT_UNITS, r: d.resultCents, sb: d.startBalanceCents,
          eb: d.endBalanceCents, se: d.startEquityCents, ee: d.endEquityCents, me: d.minEquityCents,
        });
      }
    }
    if (!rows.length) return;
    await tx.execute(sql`
      insert into account_daily_stats (account_id, day, trades, lots, result_cents, start_balance_cents, end_balance_cents,
        start_equity_cents, end_equity_cents, min_equity_cents)
      select a, d, n, l, r, sb, eb, se, ee, me from json_to_recordset(${json(rows)}::json)
        as x(a uuid, d date, n int, l float8, r bigint, sb bigint, eb bigint, se bigint, ee bigint, me bigint)
      on conflict (account_id, day) do update set trades = excluded.trades, lots = excluded.lots, result_cents = excluded.result_cents,
        start_balance_cents = excluded.start_balance_cents, end_balance_cents = excluded.end_balance_cents,
        start_equity_cents = excluded.start_equity_cents, end_equity_cents = excluded.end_equity_cents,
        min_equity_cents = excluded.min_equity_cents`);
  },
};
