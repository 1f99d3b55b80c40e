import type { TradeQuery } from '../model/journal-filters';
import type { EquityRange } from '../model/equity-range';

/**
 * Every query key of the member's trading area. Everything about one account sits under
 * `account(id)`, so a live update invalidates the account's overview, chart, days, journal and
 * breach report with one call.
 */
export const accountKeys = {
  all: ['accounts'] as const,
  list: () => [...accountKeys.all, 'list'] as const,
  account: (id: string) => [...accountKeys.all, 'account', id] as const,
  overview: (id: string) => [...accountKeys.account(id), 'overview'] as const,
  breach: (id: string) => [...accountKeys.account(id), 'breach'] as const,
  equity: (id: string, range: EquityRange) => [...accountKeys.account(id), 'equity', range] as const,
  daily: (id: string) => [...accountKeys.account(id), 'daily'] as const,
  trades: (id: string, query: TradeQuery) => [...accountKeys.account(id), 'trades', query] as const,
  /** Staff: a member's accounts, and what staff did to one account (its audit entries). */
  staffList: (userId: string) => [...accountKeys.all, 'staff', userId] as const,
  staffOwner: (userId: string) => [...accountKeys.all, 'owner', userId] as const,
  timeline: (id: string) => [...accountKeys.account(id), 'timeline'] as const,
};
