import { STORAGE_KEYS } from '@app/contracts/constants';
import { getItem, removeItem, setItem } from './storage';

/** Dispatched on window when an ended session leaves its one-time message. */
export const AUTH_ERROR_MESSAGE_EVENT = 'auth-error-message';

/** The stored session (SPEC §3): token and email; logout also clears the selected account's keys. */
export const session = {
  getToken: (): string | null => getItem(STORAGE_KEYS.access),
  getEmail: (): string | null => getItem(STORAGE_KEYS.email),
  getAccountId: (): string | null => getItem(STORAGE_KEYS.accountId),
  setAccountId: (id: string) => setItem(STORAGE_KEYS.accountId, id),
  store(token: string, email: string): void {
    setItem(STORAGE_KEYS.access, token);
    setItem(STORAGE_KEYS.email, email);
  },
  /** What a 401/403 or a failed verification removes: the token and the email. */
  clearToken(): void {
    removeItem(STORAGE_KEYS.access);
    removeItem(STORAGE_KEYS.email);
  },
  /** What logout removes (SPEC §4): access, email, accountId, id and status. */
  clearAll(): void {
    for (const key of [
      STORAGE_KEYS.access,
      STORAGE_KEYS.email,
      STORAGE_KEYS.accountId,
      STORAGE_KEYS.id,
      STORAGE_KEYS.status,
    ]) {
      removeItem(key);
    }
  },
  /** Stores the message, and tells a login page already shown (a plain 401 redirect can get there first). */
  setAuthErrorMessage(message: string): void {
    setItem(STORAGE_KEYS.authErrorMessage, message);
    window.dispatchEvent(new Event(AUTH_ERROR_MESSAGE_EVENT));
  },
  peekAuthErrorMessage: (): string | null => getItem(STORAGE_KEYS.authErrorMessage),
  removeAuthErrorMessage: () => removeItem(STORAGE_KEYS.authErrorMessage),
};
