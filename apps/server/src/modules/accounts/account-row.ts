import type { tradingAccounts } from '../../db/schema/index.ts';
import type { AccountState, Breach, PhaseRules } from '../../engine/index.ts';

/**
 * A trading_accounts row and typed views of its jsonb columns, which hold what the rule engine
 * wrote there (its rules copy, its state, its breach report).
 */
export type AccountRow = typeof tradingAccounts.$inferSelect;
export type NewAccount = typeof tradingAccounts.$inferInsert;

export const rulesOf = (a: AccountRow): PhaseRules => a.rules as PhaseRules;
export const stateOf = (a: AccountRow): AccountState => a.state as AccountState;
export const breachOf = (a: AccountRow): Breach | null => (a.breach as Breach | null) ?? null;
