import type { User } from '@app/contracts/auth';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useT } from '../../i18n/use-t';
import { onSessionEnded } from '../api-client';
import { navigateTo } from '../navigation';
import { setDisplayTimeZone } from '../format/display-zone';
import { clearQueryCache } from '../query-cache';
import { session } from '../session';
import { toastError } from '../toast';
import { getUser } from './get-user';
import { logoutOnServer } from './logout';
import { startSessionMonitor } from './session-monitor';
import { verifyToken } from './verify-token';

export type AuthState =
  { status: 'checking' } | { status: 'signed-out'; redirectTo?: string } | { status: 'signed-in'; user: User };

interface AuthContextValue {
  state: AuthState;
  /** After a successful login: stores token and email, loads the user. */
  signIn: (token: string, email: string) => Promise<User>;
  /** Ends the session here and on the server. */
  signOut: () => Promise<void>;
  /** Reads the signed-in user again (after a change to their name or preferences). */
  refreshUser: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth outside AuthProvider');
  return ctx;
}

/** The signed-in user; only for components under the signed-in routes. */
export function useCurrentUser(): User {
  const { state } = useAuth();
  if (state.status !== 'signed-in') throw new Error('No signed-in user');
  return state.user;
}

// The user is not written to storage: `id` and `status` there are the selected trading account's
// (SPEC §3 keys, features/accounts/model/selection.ts).
const loadUser = (email: string): Promise<User> => getUser(email);

/**
 * The states, with the display zone the person chose (a preference kept on the server) set before
 * any signed-in screen renders, so none of them fetches or formats in the browser's zone first.
 */
function signedInAs(user: User): AuthState {
  setDisplayTimeZone(user.preferences?.timeZone);
  return { status: 'signed-in', user };
}
function signedOut(redirectTo?: string): AuthState {
  setDisplayTimeZone(undefined);
  return redirectTo ? { status: 'signed-out', redirectTo } : { status: 'signed-out' };
}

/**
 * `signedInUser`: a render on the server (app/first-paint) for a user it has already verified;
 * the browser always starts by checking the stored session.
 */
export function AuthProvider({ children, signedInUser }: { children: ReactNode; signedInUser?: User }) {
  const [state, setState] = useState<AuthState>(() => {
    if (signedInUser) return signedInAs(signedInUser);
    return session.getToken() ? { status: 'checking' } : { status: 'signed-out' };
  });
  const { t } = useT();
  const tRef = useRef(t);
  tRef.current = t;

  // App start: a stored token is verified; 200 loads the user by the stored email. Failure,
  // or no token, clears the session.
  useEffect(() => {
    // /logout ends the session itself and reloads; verifying the token it revokes is pointless.
    if (window.location.pathname.replace(/\/+$/, '') === '/logout') return;
    const token = session.getToken();
    const email = session.getEmail();
    if (!token || !email) {
      session.clearToken();
      setState(signedOut());
      return;
    }
    let cancelled = false;
    verifyToken()
      .then(() => loadUser(email))
      .then((user) => !cancelled && setState(signedInAs(user)))
      .catch(() => {
        if (cancelled) return;
        session.clearToken();
        setState(signedOut());
      });
    return () => {
      cancelled = true;
    };
  }, []);

  // The API client ends the session on a 401/403.
  useEffect(
    () =>
      onSessionEnded(() => {
        // Any call refused for the session ends it the way the 15 s check does: with its toast.
        toastError(tRef.current('SESSION.ENDED'), 'session-end');
        clearQueryCache();
        setState(signedOut('/auth/login'));
      }),
    [],
  );

  // The 15 s verification loop while signed in.
  const signedIn = state.status === 'signed-in';
  useEffect(() => {
    if (!signedIn) return;
    return startSessionMonitor({
      verify: () => verifyToken(),
      notify: (kind) =>
        toastError(tRef.current(kind === 'ended' ? 'SESSION.ENDED' : 'SESSION.VERIFICATION_FAILED'), 'session-end'),
      end: () => {
        clearQueryCache();
        setState(signedOut('/auth/login'));
        navigateTo('/auth/login');
      },
    });
  }, [signedIn]);

  const signIn = useCallback(async (token: string, email: string) => {
    session.store(token, email);
    try {
      const user = await loadUser(email);
      setState(signedInAs(user));
      return user;
    } catch (error) {
      session.clearToken();
      throw error;
    }
  }, []);

  const signOut = useCallback(async () => {
    await logoutOnServer();
    session.clearAll();
    clearQueryCache();
    setState(signedOut('/auth/login'));
  }, []);

  const refreshUser = useCallback(async () => {
    const email = session.getEmail();
    if (!email) return;
    const user = await loadUser(email);
    if (!session.getToken()) return;
    // Outside the updater: the zone's store notifies screens, which must not happen mid-render.
    const next = signedInAs(user);
    setState((prev) => (prev.status === 'signed-in' ? next : prev));
  }, []);

  const value = useMemo(() => ({ state, signIn, signOut, refreshUser }), [state, signIn, signOut, refreshUser]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
