import type { MessageId } from '../../../i18n/messages';
import type { OverrideAction, TradingAccount } from '../api/staff-accounts';

/**
 * What ADMIN may do with an account in this status. A passed account is not reset (its next phase
 * is open), nor one a reset replaced already (the fresh one is reset instead).
 */
export function overridesFor(a: Pick<TradingAccount, 'status' | 'replacedById'>): OverrideAction[] {
  const open = a.status === 'pending' || a.status === 'active';
  return [
    ...(a.status === 'failed' ? (['reinstate'] as const) : []),
    ...(open ? (['extend', 'close'] as const) : []),
    ...(a.status === 'passed' || a.replacedById ? [] : (['reset'] as const)),
  ];
}

export const OVERRIDE_LABEL: Record<OverrideAction, MessageId> = {
  reinstate: 'USER_ACCOUNTS.REINSTATE',
  extend: 'USER_ACCOUNTS.EXTEND',
  reset: 'USER_ACCOUNTS.RESET',
  close: 'USER_ACCOUNTS.CLOSE',
};

/** Actions that end or replace the account: shown in red. */
export const isDestructive = (action: OverrideAction) => action === 'close' || action === 'reset';
