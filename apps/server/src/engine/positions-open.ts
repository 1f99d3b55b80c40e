import type { AccountState } from './types.ts';

/**
 * Positions known open: the last snapshot's count, or more when trades opened since it and not
 * closed say so (a bridge may report an open before its next snapshot). The larger, not the sum: a
 * position the snapshot counted may have closed since under a ticket of its own.
 */
export function positionsOpen(s: Pick<AccountState, 'openPositions' | 'openTickets'>): number {
  return Math.max(s.openPositions, s.openTickets?.length ?? 0);
}
