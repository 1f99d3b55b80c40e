import { randomUUID } from 'node:crypto';
import type { IngestEvent, IngestResponse } from '@app/contracts';
import { accountHistory } from '../../db/account-events.ts';
import type { Db, Tx } from '../../db/client.ts';
import { isRetryable } from '../../db/pg-errors.ts';
import {
  applyEvents,
  needsReplay,
  replay,
  settle,
  tradingDayKey,
  type AccountState,
  type EngineEvent,
} from '../../engine/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  breachOf,
  evaluate,
  isOpen,
  recordEvaluation,
  rulesOf,
  stateOf,
  type AccountRow,
  type AccountsService,
} from '../accounts/index.ts';
import { toAnswerBreach, toEngineEvent } from './ingestion.dto.ts';
import {
  evaluationPayload,
  ingestionRepository,
  type DailyItem,
  type EvaluationPayload,
  type StoredEvent,
} from './ingestion.repository.ts';
import type { BatchEvent } from './event-columns.ts';
import { payoutWithdrawalRefusal, type PayoutWithdrawal } from './payout-withdrawals.ts';
import { closedTicketConflict } from './ticket-conflicts.ts';

const MAX_ATTEMPTS = 4;
/** Thrown to end a dry run's transaction without keeping anything. */
const ROLL_BACK = new Error('ingestion dry run: rolled back');

/**
 * Inside one batch, an id repeated for the same account is a duplicate too (the first one counts);
 * the same id for another account is that account's own event.
 */
function firstOfEachId(events: IngestEvent[]): Array<{ index: number; event: IngestEvent }> {
  const seen = new Set<string>();
  const unique: Array<{ index: number; event: IngestEvent }> = [];
  events.forEach((event, index) => {
    const key = `${event.account}\u0000${event.id}`;
    if (seen.has(key)) return;
    seen.add(key);
    unique.push({ index, event });
  });
  return unique;
}

/**
 * The batch's events for the store, each key once: ids are unique already; a closed trade's key is
 * its account and ticket, so a ticket repeated inside the batch keeps its first event (the others
 * are told apart from a conflict against the stored one, as any repeat is); a payout's withdrawal
 * is keyed by its account and payout, and its first one is kept the same way.
 */
function storableOnce(
  unique: Array<{ event: IngestEvent }>,
  engineEvents: EngineEvent[],
  loginIndex: Map<string, number>,
): BatchEvent[] {
  const out: BatchEvent[] = [];
  const keys = new Set<string>();
  for (let i = 0; i < unique.length; i++) {
    const event = engineEvents[i]!;
    const sent = unique[i]!.event;
    const login = loginIndex.get(sent.account)!;
    const payout = sent.type === 'balance' ? sent.payout : undefined;
    const key =
      event.type === 'trade' && event.closeTime !== null
        ? `${login}\u0000t\u0000${event.ticket}`
        : payout !== undefined
          ? `${login}\u0000p\u0000${payout}`
          : null;
    if (key !== null) {
      if (keys.has(key)) continue;
      keys.add(key);
    }
    out.push(payout === undefined ? { login, event } : { login, event, payout });
  }
  return out;
}

/** The batch's withdrawals that name a payout, with their accounts. */
function payoutWithdrawals(unique: Array<{ index: number; event: IngestEvent }>, byLogin: Map<string, AccountRow>) {
  const out: PayoutWithdrawal[] = [];
  for (const { index, event } of unique) {
    if (event.type !== 'balance' || event.payout === undefined) continue;
    const accountId = byLogin.get(event.account)!.id;
    out.push({ index, accountId, login: event.account, payoutId: event.payout, amountCents: event.amount });
  }
  return out;
}

/** An account's evaluation after a batch: its next row, the verdict's record, and the days touched. */
interface AccountEvaluation {
  next: AccountRow;
  evaluation: ReturnType<typeof evaluate>;
  state: AccountState;
  late: boolean;
  fromDay: string;
}

const dailyItemOf = (accountId: string, e: AccountEvaluation): DailyItem => ({
  accountId,
  state: e.state,
  fromDay: e.fromDay,
  rewrite: e.late,
});

/** The batch's events per account, in batch order, keeping those `keep` accepts. */
function groupByAccount(
  candidates: StoredEvent[],
  keep: (accountId: string, e: EngineEvent) => boolean,
): Map<string, EngineEvent[]> {
  const out = new Map<string, EngineEvent[]>();
  for (const { accountId, event } of candidates) {
    if (!keep(accountId, event)) continue;
    const list = out.get(accountId);
    if (list) list.push(event);
    else out.set(accountId, [event]);
  }
  return out;
}

/**
 * The ingestion path: store a batch and evaluate it in one transaction. Accounts are locked
 * (SELECT … FOR UPDATE, by id) before anything is written, so concurrent batches for one account
 * run one after the other; event ids are claimed through a primary key, so a duplicate is never
 * stored twice and is counted instead.
 */
export class IngestionService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly accounts: AccountsService,
  ) {}

  async ingest(connectorId: string, events: IngestEvent[], opts: { dryRun?: boolean } = {}): Promise<IngestResponse> {
    const unique = firstOfEachId(events);
    const changed: AccountRow[] = [];
    for (let attempt = 1; ; attempt++) {
      try {
        if (opts.dryRun) return await this.dryRun(connectorId, events.length, unique);
        const answer = await this.db.transaction((tx) => this.run(tx, connectorId, events.length, unique, changed));
        // After the commit: the accounts' open live streams hear of it, on every instance (NOTIFY).
        this.accounts.publishChanges(changed);
        return answer;
      } catch (err) {
        if (attempt < MAX_ATTEMPTS && isRetryable(err)) continue;
        throw err;
      }
    }
  }

  /** The whole path, then rolled back: the answer of a batch that leaves nothing behind. */
  private async dryRun(
    connectorId: string,
    total: number,
    unique: Array<{ index: number; event: IngestEvent }>,
  ): Promise<IngestResponse> {
    let answer: IngestResponse | null = null;
    try {
      await this.db.transaction(async (tx) => {
        answer = await this.run(tx, connectorId, total, unique, []);
        throw ROLL_BACK;
      });
    } catch (err) {
      if (err !== ROLL_BACK) throw err;
    }
    return { dryRun: true, ...answer! };
  }

  /**
   * The same path inside the caller's transaction, for events the platform itself books (a paid
   * payout's withdrawal lands with the payout's status). Publish `changed` with
   * accounts.publishChanges after the commit.
   */
  async ingestInTransaction(
    tx: Tx,
    connectorId: string,
    events: IngestEvent[],
  ): Promise<{ answer: IngestResponse; changed: AccountRow[] }> {
    const changed: AccountRow[] = [];
    const answer = await this.run(tx, connectorId, events.length, firstOfEachId(events), changed);
    return { answer, changed };
  }

  private async run(
    tx: Tx,
    connectorId: string,
    total: number,
    unique: Array<{ index: number; event: IngestEvent }>,
    changed: AccountRow[],
  ): Promise<IngestResponse> {
    const now = this.clock.now();
    // The database works while this process does (nearly every batch is new in full):
    // 1. the accounts' lock is sent; the store statement is written meanwhile and queued behind it;
    // 2. while the store runs, each account is evaluated as if all its events were new, and that
    //    evaluation is queued behind the store, to apply only if the store took every event;
    // 3. an account that had a duplicate is evaluated again below from its new events alone.
    // The answer is the same either way; only the waiting overlaps.
    const loginIndex = new Map<string, number>();
    for (const u of unique) if (!loginIndex.has(u.event.account)) loginIndex.set(u.event.account, loginIndex.size + 1);
    const logins = [...loginIndex.keys()];
    const locking = ingestionRepository.lockAccounts(tx, logins);
    // Each statement below is awaited later; handled now too, or a failure settling meanwhile
    // would be an unhandled rejection, which ends the process.
    locking.catch(() => {});
    // The statement reaches the socket a few promise steps into the driver: let it go out first.
    await new Promise((resolve) => setImmediate(resolve));
    const engineEvents = unique.map(({ event }) => toEngineEvent(event));
    const batch = {
      id: randomUUID(),
      logins,
      events: storableOnce(unique, engineEvents, loginIndex),
      size: unique.length,
    };
    const storing = ingestionRepository.storeEvents(tx, connectorId, batch);
    storing.catch(() => {});
    const locked = await locking;
    const byLogin = new Map(locked.map((a) => [a.login, a]));
    const unknown = unique.find((u) => !byLogin.has(u.event.account));
    if (unknown) {
      throw new AppError(
        'VALIDATION_ERROR',
        400,
        `events.${unknown.index}.account: unknown account login "${unknown.event.account}"`,
      );
    }

    const candidates: StoredEvent[] = unique.map(({ event }, i) => ({
      accountId: byLogin.get(event.account)!.id,
      event: engineEvents[i]!,
    }));
    const allEvents = groupByAccount(candidates, () => true);
    const speculative = new Map<string, AccountEvaluation>();
    try {
      for (const row of locked) {
        const events = allEvents.get(row.id);
        if (events && !needsReplay(stateOf(row), events))
          speculative.set(row.id, this.evaluateInMemory(row, events, now));
      }
    } catch {
      // Whatever failed is evaluated again from the new events alone, and fails there if it must.
      speculative.clear();
    }
    // When every account was evaluated so, what the batch will write is known too: queue it.
    const guessedSave =
      speculative.size === allEvents.size
        ? ingestionRepository.saveEvaluation(tx, this.payloadOf(locked, speculative), batch)
        : null;
    guessedSave?.catch(() => {});
    const { all: storedAll, ids: fresh } = await storing;
    // Applied exactly when the store took every event; otherwise it changed nothing.
    const guessApplied = guessedSave ? await guessedSave : false;
    // Never expected; if it ever happened, the whole batch is undone rather than a wrong evaluation kept.
    if (guessApplied && !storedAll) throw new Error('ingestion: a guessed evaluation applied to a partly stored batch');
    // A closed ticket not stored under this id was either this id again or the same trade under
    // another id (counted once, by the unique index): a duplicate, unless its figures differ.
    const conflict = await closedTicketConflict(tx, connectorId, candidates, fresh);
    if (conflict) {
      const { index, event } = unique[conflict.candidate]!;
      throw new AppError(
        'VALIDATION_ERROR',
        400,
        `events.${index}: trade ticket "${conflict.ticket}" of account "${event.account}" was already received ` +
          `with other figures (event "${conflict.storedEventId}")`,
      );
    }
    const refused = await payoutWithdrawalRefusal(tx, payoutWithdrawals(unique, byLogin));
    if (refused) throw new AppError('VALIDATION_ERROR', 400, `events.${refused.index}.payout: ${refused.message}`);
    const perAccount = groupByAccount(candidates, (accountId, e) => fresh.has(accountId, e.id));
    let accepted = 0;
    for (const events of perAccount.values()) accepted += events.length;

    const updated: AccountRow[] = [];
    const daily: DailyItem[] = [];
    const passed: AccountRow[] = [];
    const recorded: Array<{ row: AccountRow; evaluation: ReturnType<typeof evaluate>; recomputed: boolean }> = [];
    const final = new Map<string, AccountRow>();
    for (const row of locked) {
      const events = perAccount.get(row.id);
      if (!events) {
        final.set(row.id, row);
        continue;
      }
      const guessed = speculative.get(row.id);
      const useGuess = guessed !== undefined && events.length === allEvents.get(row.id)!.length;
      const e = useGuess ? guessed : await this.evaluateFresh(tx, row, events, now);
      updated.push(e.next);
      final.set(row.id, e.next);
      if (e.evaluation.passed) passed.push(e.next);
      if (e.evaluation.failed || e.late) recorded.push({ row, evaluation: e.evaluation, recomputed: e.late });
      daily.push(dailyItemOf(row.id, e));
    }
    // Applied, the guess is what this loop found: every account with events used it.
    if (!guessApplied) await ingestionRepository.saveEvaluation(tx, evaluationPayload(updated, daily));
    for (const r of recorded) await recordEvaluation(tx, r.row, r.evaluation, { recomputed: r.recomputed, now });
    for (const a of passed) await this.accounts.onPhasePassed(tx, a, now);
    changed.splice(0, changed.length, ...updated);

    return {
      accepted,
      duplicates: total - accepted,
      accounts: locked.map((r) => {
        const a = final.get(r.id)!;
        return {
          account: a.login,
          status: a.status,
          breach: toAnswerBreach(breachOf(a)),
          passed: a.status === 'passed',
        };
      }),
    };
  }

  /**
   * An account's new events applied to its stored state; or, when one lands before what the state
   * has seen, its whole history replayed (the clock's verdicts, a day rolled without an event or
   * the time limit, are the clock job's and the reads', not this path's: a bridge back-filling old
   * days would otherwise make every batch land before a day the clock had already judged).
   */
  private async evaluateFresh(tx: Tx, row: AccountRow, events: EngineEvent[], now: Date): Promise<AccountEvaluation> {
    if (!needsReplay(stateOf(row), events)) return this.evaluateInMemory(row, events, now);
    const rules = rulesOf(row);
    const history = await accountHistory(tx, row.id);
    const forgiven = row.reinstatedThrough?.getTime() ?? null;
    const result = replay(rules, row.initialBalanceCents, history, row.tradingDayTz, forgiven);
    // A final account's stored verdict may be the clock's: compared with the replay as the clock
    // settles it, or every late event would open a review of a verdict the recompute agrees with.
    const settled = isOpen(row)
      ? result.state
      : settle(result.state, rules, now.getTime() - this.accounts.verdictGraceMs, row.tradingDayTz).state;
    return this.evaluationOf(row, events, result.state, now, true, settled);
  }

  /** The write of evaluations for the accounts evaluated, in the order of `locked`. */
  private payloadOf(locked: AccountRow[], evaluations: Map<string, AccountEvaluation>): EvaluationPayload {
    const rows: AccountRow[] = [];
    const days: DailyItem[] = [];
    for (const row of locked) {
      const e = evaluations.get(row.id);
      if (!e) continue;
      rows.push(e.next);
      days.push(dailyItemOf(row.id, e));
    }
    return evaluationPayload(rows, days);
  }

  private evaluateInMemory(row: AccountRow, events: EngineEvent[], now: Date): AccountEvaluation {
    const result = applyEvents(stateOf(row), rulesOf(row), events, row.tradingDayTz);
    return this.evaluationOf(row, events, result.state, now, false);
  }

  private evaluationOf(
    row: AccountRow,
    events: EngineEvent[],
    state: AccountState,
    now: Date,
    late: boolean,
    settled: AccountState = state,
  ) {
    const evaluation = evaluate(row, state, now, settled);
    // Days touched: from the earlier of the previous current day and the first new event's day.
    const before = stateOf(row).dayKey;
    const firstDay = tradingDayKey(Math.min(...events.map((e) => e.time)), row.tradingDayTz);
    const fromDay = before !== null && before < firstDay ? before : firstDay;
    return { next: { ...row, ...evaluation.patch } as AccountRow, evaluation, state, late, fromDay };
  }
}
