import type { Db } from '../../db/client.ts';
import { checkTimeLimit, compactState, type AccountState } from '../../engine/index.ts';
import { rulesOf, stateOf, type AccountRow, type NewAccount } from './account-row.ts';
import { accountsRepository } from './accounts.repository.ts';

const OPEN = new Set<AccountRow['status']>(['pending', 'active']);
export const isOpen = (a: Pick<AccountRow, 'status'>): boolean => OPEN.has(a.status);

const date = (ms: number | null): Date | null => (ms === null ? null : new Date(ms));

/**
 * The row columns that follow from an engine state. A final verdict on the row (passed, failed,
 * closed) never changes: later events update the figures, never the status or the breach report.
 */
export function patchFromState(
  row: AccountRow,
  s: AccountState,
  now: Date,
): { patch: Partial<NewAccount>; passed: boolean } {
  const patch: Partial<NewAccount> = {
    state: compactState(s),
    balanceCents: s.balanceCents,
    equityCents: s.equityCents,
    lastEventAt: date(s.lastEventTime),
    eventCount: s.eventsProcessed,
    startedAt: date(s.startedAt),
    deadlineAt: date(s.deadlineAt),
    updatedAt: now,
  };
  if (!isOpen(row)) return { patch, passed: false };
  patch.status = s.status;
  patch.breach = s.breach;
  patch.passedAt = date(s.passedAt);
  patch.endedAt = s.status === 'failed' ? date(s.breach?.at ?? null) : s.status === 'passed' ? date(s.passedAt) : null;
  return { patch, passed: s.status === 'passed' };
}

/**
 * Fails an open account past its deadline. Returns true when it did. A time check only ever fails
 * an account, so no pass transition can follow from it.
 */
export async function enforceTimeLimit(db: Db, accountId: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await accountsRepository.lockById(tx, accountId);
    if (!row || !isOpen(row)) return false;
    const state = stateOf(row);
    const result = checkTimeLimit(state, rulesOf(row), now.getTime(), row.tradingDayTz);
    if (result.state === state) return false;
    await accountsRepository.update(tx, row.id, patchFromState(row, result.state, now).patch);
    return true;
  });
}
