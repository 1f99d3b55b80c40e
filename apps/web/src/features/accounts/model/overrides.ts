import type { MessageId } from '../../../i18n/messages';
import type { OverrideAction, TradingAccount } from '../api/staff-accounts';

/** What ADMIN may do with an account in this status. */
export function overridesFor(a: Pick<TradingAccount, 'status'>): OverrideAction[] {
  const open = a.status === 'pending' || a.status === 'active';
  return [
    ...(a.status === 'failed' ? (['reinstate'] as const) : []),
    ...(open ? (['extend', 'close'] as const) : []),
    'reset',
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
