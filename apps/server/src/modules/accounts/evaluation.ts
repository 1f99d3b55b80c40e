import type { Db, Tx } from '../../db/client.ts';
import {
  compactState,
  sameVerdict,
  settle,
  verdictOf,
  withVerdict,
  type AccountState,
  type Verdict,
} from '../../engine/index.ts';
import { breachOf, rulesOf, stateOf, type AccountRow, type NewAccount } from './account-row.ts';
import { accountsRepository } from './accounts.repository.ts';
import { recordBreachEvidence } from './breach-evidence.ts';
import { noteVerdictDisagreement } from './verdict-reviews.repository.ts';

const OPEN = new Set<AccountRow['status']>(['pending', 'active']);
export const isOpen = (a: Pick<AccountRow, 'status'>): boolean => OPEN.has(a.status);

const date = (ms: number | null): Date | null => (ms === null ? null : new Date(ms));

/** The verdict stored on a row that is not closed (closing is staff's act, not a verdict). */
export function storedVerdict(row: AccountRow): Verdict {
  const status = row.status as Verdict['status'];
  return { status, breach: breachOf(row), passed: status === 'passed', passedAt: row.passedAt?.getTime() ?? null };
}

export interface Evaluation {
  patch: Partial<NewAccount>;
  /** The account passed with this evaluation (its next phase must be provisioned). */
  passed: boolean;
  /** The account failed with this evaluation (its breach evidence must be recorded). */
  failed: boolean;
  /** A final account whose recompute disagrees with its stored verdict: both, for a review. */
  disagreement: { stored: Verdict; recomputed: Verdict } | null;
}

/**
 * The row columns that follow from an engine state. An open account takes the state's verdict. A
 * final one (passed, failed) keeps its stored verdict, and the state is given that verdict too, so
 * the account, its objectives, limits and breach report tell one story; a recompute that disagrees
 * is returned for a staff review instead. A replay of the events alone lacks the clock's verdicts
 * (the time limit, a midnight check no later event followed), so it is compared as `settled`. A
 * closed account keeps its status; figures still move.
 */
export function evaluate(
  row: AccountRow,
  s: AccountState,
  now: Date,
  /** For a final account: the recompute as the clock would settle it, to compare (default `s`). */
  settled: AccountState = s,
): Evaluation {
  const figures: Partial<NewAccount> = {
    balanceCents: s.balanceCents,
    equityCents: s.equityCents,
    lastEventAt: date(s.lastEventTime),
    eventCount: s.eventsProcessed,
    startedAt: date(s.startedAt),
    deadlineAt: date(s.deadlineAt),
    updatedAt: now,
  };
  if (row.status === 'closed') {
    return { patch: { ...figures, state: compactState(s) }, passed: false, failed: false, disagreement: null };
  }
  if (!isOpen(row)) {
    const stored = storedVerdict(row);
    const recomputed = verdictOf(settled);
    const disagreement = sameVerdict(stored, recomputed) ? null : { stored, recomputed };
    return {
      patch: { ...figures, state: compactState(withVerdict(s, stored)) },
      passed: false,
      failed: false,
      disagreement,
    };
  }
  const patch: Partial<NewAccount> = {
    ...figures,
    state: compactState(s),
    status: s.status,
    breach: s.breach,
    passedAt: date(s.passedAt),
    nextResetAt: s.status === 'active' ? date(s.nextResetAt) : null,
    endedAt: s.status === 'failed' ? date(s.breach?.at ?? null) : s.status === 'passed' ? date(s.passedAt) : null,
  };
  return { patch, passed: s.status === 'passed', failed: s.status === 'failed', disagreement: null };
}

/**
 * What a new evaluation records beside the row, in the same transaction: the breach evidence of a
 * new failure, and the review of a recompute (`recomputed`: the state came from the full history)
 * that disagrees with the stored verdict, or the end of an open review it agrees with again.
 */
export async function recordEvaluation(
  tx: Tx,
  row: AccountRow,
  evaluation: Evaluation,
  opts: { recomputed: boolean; now: Date },
): Promise<void> {
  const breach = evaluation.patch.breach as AccountRow['breach'] | undefined;
  if (evaluation.failed && breach) await recordBreachEvidence(tx, row.id, breachOf({ ...row, breach })!);
  if (opts.recomputed && !isOpen(row) && row.status !== 'closed') {
    await noteVerdictDisagreement(tx, row.id, evaluation.disagreement, opts.now);
  }
}

/**
 * The clock's verdicts for one open account: the day roll with its midnight check and the time
 * limit, both taken at `now − grace` so that late events stamped before a boundary still count.
 * Returns true when the account changed; `live` hears of the change after the commit.
 */
export async function settleAccount(
  db: Db,
  accountId: string,
  now: Date,
  graceMs: number,
  live?: { publish(rows: AccountRow[]): void },
): Promise<boolean> {
  const changed = await db.transaction(async (tx) => {
    const row = await accountsRepository.lockById(tx, accountId);
    if (!row || !isOpen(row)) return null;
    const state = stateOf(row);
    const result = settle(state, rulesOf(row), now.getTime() - graceMs, row.tradingDayTz);
    if (result.state === state) return null;
    const evaluation = evaluate(row, result.state, now);
    await accountsRepository.update(tx, row.id, evaluation.patch);
    await recordEvaluation(tx, row, evaluation, { recomputed: false, now });
    return { ...row, ...evaluation.patch } as AccountRow;
  });
  if (changed) live?.publish([changed]);
  return changed !== null;
}
