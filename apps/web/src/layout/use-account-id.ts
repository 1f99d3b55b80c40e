import { useSyncExternalStore } from 'react';
import { session } from '../lib/session';

/** The stored account id (set when a member opens an account), following other tabs too. */
export function useAccountId(): string | null {
  return useSyncExternalStore(
    (cb) => {
      window.addEventListener('storage', cb);
      window.addEventListener('app:account-changed', cb);
      return () => {
        window.removeEventListener('storage', cb);
        window.removeEventListener('app:account-changed', cb);
      };
    },
    () => session.getAccountId(),
    () => null,
  );
}
