import { STORAGE_KEYS } from '@app/contracts/constants';
import type { TradingAccount } from '@app/contracts/trading';
import { getItem, setItem } from '../../../lib/storage';

/** The event the header and sidebar listen to (layout/use-account-id.ts). */
export const ACCOUNT_CHANGED_EVENT = 'app:account-changed';

/**
 * Selecting an account stores, as SPEC §3's keys say, `accountId` (the platform login the header
 * shows), `id` (the account's id) and `status`; the sidebar then enables the two overviews.
 */
export function storeSelectedAccount(a: Pick<TradingAccount, 'id' | 'login' | 'status'>): void {
  setItem(STORAGE_KEYS.accountId, a.login);
  setItem(STORAGE_KEYS.id, a.id);
  setItem(STORAGE_KEYS.status, a.status);
  window.dispatchEvent(new Event(ACCOUNT_CHANGED_EVENT));
}

export const storedAccountKey = () => getItem(STORAGE_KEYS.id);
export const storedStatus = () => getItem(STORAGE_KEYS.status);
export const storeStatus = (status: string) => setItem(STORAGE_KEYS.status, status);

/**
 * The stored account among the member's accounts. The login (what the header shows) decides; the
 * stored id breaks a tie and covers a missing login (an older version of the app stored the user's
 * id under `id`, so the id alone is never trusted against the login).
 */
export function findStoredAccount(
  accounts: TradingAccount[],
  login: string | null,
  id: string | null,
): TradingAccount | undefined {
  if (login !== null) {
    const byLogin = accounts.filter((a) => a.login === login);
    return byLogin.find((a) => a.id === id) ?? byLogin[0];
  }
  return id === null ? undefined : accounts.find((a) => a.id === id);
}
