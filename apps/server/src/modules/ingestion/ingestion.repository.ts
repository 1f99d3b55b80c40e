import { getTableColumns, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { executeNamed } from '../../db/named-query.ts';
import { PAYOUT_NAMESPACE, TICKET_NAMESPACE, tradingAccounts } from '../../db/schema/index.ts';
import type { AccountState, DayStats, EngineEvent } from '../../engine/index.ts';
import { LOT_UNITS } from '../../engine/index.ts';
import type { AccountRow } from '../accounts/index.ts';
import { eventColumns, type BatchEvent } from './event-columns.ts';

/**
 * Which of a batch's events were stored now (the others were duplicates), by account and id: an id
 * is one account's (a connector serving several trading servers may send one id for two accounts).
 */
export interface StoredIds {
  has(accountId: string, eventId: string): boolean;
}

const ALL_STORED: StoredIds = { has: () => true };

/** An event of a batch and the account it belongs to. */
export interface StoredEvent {
  accountId: string;
  event: EngineEvent;
}

/** A batch for the store statement: its distinct logins, its events, and an id of its own. */
export interface StoreBatch {
  id: string;
  logins: string[];
  /** Each key once: may hold fewer than `size`. */
  events: BatchEvent[];
  /** Events (distinct ids) the batch arrived with: all were stored when this many were. */
  size: number;
}

/** What the store answers: whether every event was new, and which ones were. */
export interface StoreResult {
  all: boolean;
  ids: StoredIds;
}

const json = (v: unknown) => JSON.stringify(v);

/** What the store statement records in `ingest.batch` when it took every event of the batch. */
const storedInFull = (batch: Pick<StoreBatch, 'id' | 'size'>) => `${batch.id}:${batch.size}`;

const accountColumns = Object.entries(getTableColumns(tradingAccounts));
// Named, not `*`: a prepared statement whose result columns change (a migration adding one while
// an older process runs) fails on every run with "cached plan must not change result type".
const accountColumnList = sql.raw(accountColumns.map(([, c]) => `"${c.name}"`).join(', '));

/** A trading_accounts row from the driver, each column decoded as drizzle decodes it. */
function accountRowOf(raw: Record<string, unknown>): AccountRow {
  const row: Record<string, unknown> = {};
  for (const [key, column] of accountColumns) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as AccountRow;
}

/** A day the clock entered with nothing happening in it yet (settle() rolls days without events): not listed. */
function untouched(d: DayStats): boolean {
  return (
    d.trades === 0 &&
    d.resultCents === 0 &&
    d.endBalanceCents === d.startBalanceCents &&
    d.endEquityCents === d.startEquityCents &&
    d.minEquityCents === d.startEquityCents
  );
}

/** A day the engine touched for an account, as saveEvaluation writes it. */
export interface DailyItem {
  accountId: string;
  state: AccountState;
  fromDay: string | null;
  rewrite: boolean;
}

/** A batch's evaluation as the two JSON parameters of saveEvaluation (built while the store runs). */
export interface EvaluationPayload {
  accounts: string;
  days: string;
  rewrite: string[];
}

export function evaluationPayload(rows: AccountRow[], items: DailyItem[]): EvaluationPayload {
  // Times as epoch ms, like the events: no ISO formatting per column per row.
  const ms = (d: Date | null) => (d === null ? null : d.getTime());
  const accounts = rows.map((r) => ({
    id: r.id,
    state: r.state,
    b: r.balanceCents,
    q: r.equityCents,
    st: r.status,
    br: r.breach ?? null,
    le: ms(r.lastEventAt),
    n: r.eventCount,
    sa: ms(r.startedAt),
    dl: ms(r.deadlineAt),
    pa: ms(r.passedAt),
    ea: ms(r.endedAt),
    ua: r.updatedAt.getTime(),
    nr: ms(r.nextResetAt),
  }));
  const days: Array<Record<string, unknown>> = [];
  for (const i of items) {
    for (const [day, d] of Object.entries(i.state.daily) as Array<[string, DayStats]>) {
      if (!i.rewrite && i.fromDay !== null && day < i.fromDay) continue;
      if (untouched(d)) continue;
      days.push({
        a: i.accountId,
        d: day,
        n: d.trades,
        l: d.lotUnits / LOT_UNITS,
        r: d.resultCents,
        sb: d.startBalanceCents,
        eb: d.endBalanceCents,
        se: d.startEquityCents,
        ee: d.endEquityCents,
        me: d.minEquityCents,
      });
    }
  }
  return {
    accounts: json(accounts),
    days: json(days),
    rewrite: items.filter((i) => i.rewrite).map((i) => i.accountId),
  };
}

/**
 * Set-based SQL for the ingestion path: one statement per table per batch, identical on PGlite and
 * node-postgres. The events travel as one array per column read with unnest (event-columns.ts);
 * the accounts and days as one JSON parameter read with json_to_recordset (a jsonb column is
 * converted from its own field only: parsing the whole parameter as jsonb first cost more).
 */
export const ingestionRepository = {
  /**
   * Locks the batch's accounts in a stable order (by id) so concurrent batches serialise per account.
   * A named statement (decision 026) mapped by the table's own columns, as drizzle's select would.
   */
  async lockAccounts(tx: Tx, logins: string[]): Promise<AccountRow[]> {
    const rows = await executeNamed<Record<string, unknown>>(
      tx,
      'ingestion_lock_accounts',
      sql`select ${accountColumnList} from trading_accounts where login = any(${sql.param(logins)}::text[]) order by id for update`,
    );
    return rows.map(accountRowOf);
  },

  /**
   * Stores the batch's events in one statement and tells which ids were new.
   *
   * - The primary key (account, connector, event id; a closed trade's ticket in place of the id) is
   *   the idempotency check: an event whose key is stored already is skipped. Keys hold the account,
   *   whose row this transaction locks first (the lock is sent before this statement, on the same
   *   connection), so no other batch inserts the same key meanwhile: a look-up of the key reads what
   *   is committed, and costs less than ON CONFLICT's speculative insertion (~5 % of the statement).
   *   It is a correlated sub-select with LIMIT, not NOT EXISTS: an anti-join planned with the
   *   batch's real size (PGlite plans each run) hashed the whole table instead. The batch carries
   *   each key once (the caller keeps the first of a closed ticket repeated inside it).
   * - Accounts travel as positions in the batch's logins, turned into ids here, so the statement can
   *   be written out while the lock is on its way. An unknown login's events are not stored (the
   *   caller refuses the batch; an account created between the lock and this statement is found
   *   here but not locked: its events are stored until that refusal rolls them back).
   * - Times travel as epoch milliseconds (float8 in SQL: float division, exact for whole
   *   milliseconds, is cheaper than numeric): an ISO string per time column cost ~2.5 ms per 1,000
   *   events in JS.
   * - The statement records `<batch id>:<events stored>` in the transaction setting `ingest.batch`,
   *   which a guessed saveEvaluation checks (`storedInFull`).
   */
  async storeEvents(tx: Tx, connectorId: string, batch: StoreBatch): Promise<StoreResult> {
    const total = batch.size;
    if (!batch.events.length) return { all: total === 0, ids: new Set() };
    const x = eventColumns(batch.events);
    // The new snapshots also go into their hours (account_equity_hours, decision 015) in the same
    // statement: only rows this insert stored are returned, so a duplicate is never counted twice.
    const stored = await executeNamed<{ n: number; ids: string[] | null }>(
      tx,
      'ingestion_store_events',
      sql`
      with accounts as (
        select array_agg(t.id order by u.i) as ids
        from unnest(${sql.param(batch.logins)}::text[]) with ordinality as u(login, i)
        left join trading_accounts t on t.login = u.login
      ), stored as (
        insert into account_events (connector_id, event_id, account_id, kind, time, ticket, symbol, side, volume, open_time, open_price,
          close_time, close_price, profit_cents, commission_cents, swap_cents, balance_cents, equity_cents, open_positions, amount_cents, comment, balance_kind,
          payout_id)
        select ${connectorId}::uuid, e, accounts.ids[a], k, to_timestamp(t / 1000), ticket, symbol, side, volume, to_timestamp(ot / 1000), op,
          to_timestamp(ct / 1000), cp, p, c, s, b, q, o, m, cm, bk, pay
        from accounts, unnest(${x.e}::text[], ${x.a}::int[], ${x.k}::text[], ${x.t}::float8[], ${x.ticket}::text[],
          ${x.symbol}::text[], ${x.side}::text[], ${x.volume}::float8[], ${x.ot}::float8[], ${x.op}::float8[],
          ${x.ct}::float8[], ${x.cp}::float8[], ${x.p}::bigint[], ${x.c}::bigint[], ${x.s}::bigint[], ${x.b}::bigint[],
          ${x.q}::bigint[], ${x.o}::int[], ${x.m}::bigint[], ${x.cm}::text[], ${x.bk}::text[], ${x.pay}::uuid[])
          as x(e, a, k, t, ticket, symbol, side, volume, ot, op, ct, cp, p, c, s, b, q, o, m, cm, bk, pay)
        where accounts.ids[a] is not null and (
          select true from account_events o
          where o.account_id = accounts.ids[x.a]
            and o.key_connector_id = case when x.k = 'trade' and x.ct is not null then ${TICKET_NAMESPACE}::uuid
              when x.pay is not null then ${PAYOUT_NAMESPACE}::uuid else ${connectorId}::uuid end
            and o.event_key = (case when x.k = 'trade' and x.ct is not null then x.ticket
              when x.pay is not null then x.pay::text else x.e end) collate "C"
          limit 1) is null
        returning event_id, account_id, kind, time, seq, balance_cents, equity_cents
      ), hours as (
        insert into account_equity_hours as h (account_id, hour, first_time, last_time, last_balance_cents, last_equity_cents,
          min_equity_cents, snapshots)
        select account_id, date_bin('1 hour', time, timestamptz '1970-01-01 00:00:00+00'), min(time), max(time),
          (array_agg(balance_cents order by time desc, seq desc))[1], (array_agg(equity_cents order by time desc, seq desc))[1],
          min(equity_cents), count(*)
        from stored where kind = 'snapshot'
        group by 1, 2
        order by 1, 2
        on conflict (account_id, hour) do update set
          first_time = least(h.first_time, excluded.first_time),
          last_time = greatest(h.last_time, excluded.last_time),
          last_balance_cents = case when excluded.last_time >= h.last_time then excluded.last_balance_cents else h.last_balance_cents end,
          last_equity_cents = case when excluded.last_time >= h.last_time then excluded.last_equity_cents else h.last_equity_cents end,
          min_equity_cents = least(h.min_equity_cents, excluded.min_equity_cents),
          snapshots = h.snapshots + excluded.snapshots
      )
      select count(*)::int as n, case when count(*) < ${total}::int then array_agg(account_id || ' ' || event_id) end as ids,
        set_config('ingest.batch', ${batch.id} || ':' || count(*), true)
      from stored`,
    );
    // One row back instead of one per event: a batch is nearly always new in full.
    const [{ n, ids } = { n: 0, ids: null }] = stored;
    if (n === total) return { all: true, ids: ALL_STORED };
    const storedNow = new Set(ids ?? []);
    return { all: false, ids: { has: (accountId, eventId) => storedNow.has(`${accountId} ${eventId}`) } };
  },

  /**
   * Writes a batch's evaluation: the accounts and the days they touched, in one statement (two
   * CTEs on two tables), after clearing the days of accounts replayed from their history.
   *
   * With `ifStoredInFull`, the evaluation is a guess made before the store answered (every event
   * new): it is sent right behind the store statement and applies only if the store took every
   * event of that batch (`ingest.batch`), else it changes nothing. Answers whether it applied.
   */
  async saveEvaluation(
    tx: Tx,
    evaluation: EvaluationPayload,
    ifStoredInFull?: Pick<StoreBatch, 'id' | 'size'>,
  ): Promise<boolean> {
    const ifStored = ifStoredInFull && storedInFull(ifStoredInFull);
    if (evaluation.rewrite.length) {
      if (ifStored !== undefined) throw new TypeError('saveEvaluation: a guessed evaluation rewrites no days');
      await tx.execute(
        sql`delete from account_daily_stats where account_id in (select (jsonb_array_elements_text(${json(evaluation.rewrite)}::jsonb))::uuid)`,
      );
    }
    // Nothing to write: a guess then counts as not applied (the caller writes nothing either way).
    if (evaluation.accounts === '[]' && evaluation.days === '[]') return ifStored === undefined;
    // Without a guard the condition holds by construction ('' = '').
    const guard = ifStored ?? '';
    const setting = ifStored === undefined ? sql`''` : sql`current_setting('ingest.batch', true)`;
    const [answer] = await executeNamed<{ applied: boolean }>(
      tx,
      ifStored === undefined ? 'ingestion_save_evaluation' : 'ingestion_save_guessed_evaluation',
      sql`
      with accounts as (
        update trading_accounts a set state = x.state, balance_cents = x.b, equity_cents = x.q, status = x.st, breach = x.br,
          last_event_at = to_timestamp(x.le / 1000), event_count = x.n, started_at = to_timestamp(x.sa / 1000),
          deadline_at = to_timestamp(x.dl / 1000), passed_at = to_timestamp(x.pa / 1000), ended_at = to_timestamp(x.ea / 1000),
          updated_at = to_timestamp(x.ua / 1000), next_reset_at = to_timestamp(x.nr / 1000)
        from json_to_recordset(${evaluation.accounts}::json) as x(id uuid, state json, b bigint, q bigint, st text, br jsonb,
          le float8, n int, sa float8, dl float8, pa float8, ea float8, ua float8, nr float8)
        where a.id = x.id and ${setting} = ${guard}::text
      ), days as (
        insert into account_daily_stats (account_id, day, trades, lots, result_cents, start_balance_cents, end_balance_cents,
          start_equity_cents, end_equity_cents, min_equity_cents)
        select a, d, n, l, r, sb, eb, se, ee, me from json_to_recordset(${evaluation.days}::json)
          as x(a uuid, d date, n int, l float8, r bigint, sb bigint, eb bigint, se bigint, ee bigint, me bigint)
        where ${setting} = ${guard}::text
        on conflict (account_id, day) do update set trades = excluded.trades, lots = excluded.lots, result_cents = excluded.result_cents,
          start_balance_cents = excluded.start_balance_cents, end_balance_cents = excluded.end_balance_cents,
          start_equity_cents = excluded.start_equity_cents, end_equity_cents = excluded.end_equity_cents,
          min_equity_cents = excluded.min_equity_cents
      )
      select ${setting} = ${guard}::text as applied`,
    );
    return answer?.applied === true;
  },
};
