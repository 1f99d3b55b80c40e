import { useEffect } from 'react';
import { useAccountId } from '../../../layout/use-account-id';
import { useAccounts } from '../api/list-accounts';
import { findStoredAccount, storedAccountKey, storedStatus, storeStatus } from '../model/selection';

/**
 * The account the member opened last (SPEC §3 storage keys), found among their accounts. Keeps the
 * stored status in step with the account's (a live breach or pass changes it).
 */
export function useSelectedAccount() {
  const login = useAccountId();
  const list = useAccounts();
  const account = list.data ? findStoredAccount(list.data.accounts, login, storedAccountKey()) : undefined;
  useEffect(() => {
    if (account && storedStatus() !== account.status) storeStatus(account.status);
  }, [account]);
  return { login, account, list };
}
