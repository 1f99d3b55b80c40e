import type { AccountState } from './types.ts';

/**
 * The state as stored on the account row: only the current day's stats stay in `daily`. Past days
 * are already in the daily stats table (written as the batches arrive), and events in order never
 * touch a past day (an older event makes the caller replay the whole history instead), so the row
 * stays the same size however many months the account trades. Applying later events to the
 * compact state gives the same state as to the full one, past days aside (property-tested).
 */
export function compactState(s: AccountState): AccountState {
  if (s.dayKey === null) return s;
  const today = s.daily[s.dayKey];
  return { ...s, daily: today ? { [s.dayKey]: today } : {} };
}
