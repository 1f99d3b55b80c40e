import { useEffect } from 'react';
import { logoutOnServer } from '../features/auth/api/logout';
import { session } from '../lib/session';

/** /logout: ends the session on the server, clears it here, then reloads at /auth/login. */
export function LogoutRoute() {
  useEffect(() => {
    let done = false;
    void logoutOnServer().finally(() => {
      if (done) return;
      done = true;
      session.clearAll();
      window.location.replace('/auth/login');
    });
  }, []);
  return null;
}
