import { useEffect } from 'react';
import { logoutOnServer } from '../lib/auth/logout';
import { session } from '../lib/session';

/** /logout: ends the session on the server, clears it here, then reloads at /auth/login. */
let pending: Promise<void> | null = null;

export function LogoutRoute() {
  useEffect(() => {
    // Once per visit, even when effects run twice in development.
    pending ??= logoutOnServer().finally(() => {
      session.clearAll();
      window.location.replace('/auth/login');
    });
  }, []);
  return null;
}
