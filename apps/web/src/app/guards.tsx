import { useLayoutEffect } from 'react';
import { Outlet, useLocation, useSearchParams } from 'react-router';
import { useAuth } from '../lib/auth/auth-provider';
import { homePathFor, isMember } from '../lib/auth/roles';
import { dismissFirstPaint } from './first-paint/dismiss';
import { Redirect } from './redirect';

/** Where signing in or registering from the checkout returns: the basket kept in the tab. */
export const CHECKOUT_RETURN = '/start-challenge?resume=1';

/**
 * Auth screens: a signed-in USER goes to /accounts, staff to /dashboard; from the checkout
 * (`?next=checkout`), back to the checkout. A reset or set-password link stays open signed in: it
 * was mailed to someone who may be signed in on this browser (setting the password ends the session).
 */
export function GuestOnly() {
  const { state } = useAuth();
  const [search] = useSearchParams();
  const { pathname } = useLocation();
  if (state.status === 'checking') return null;
  const passwordLink = pathname.endsWith('/reset-password') && search.has('token');
  if (state.status === 'signed-in' && !passwordLink) {
    const to = search.get('next') === 'checkout' ? CHECKOUT_RETURN : homePathFor(state.user);
    return <Redirect to={to} />;
  }
  return <Outlet />;
}

/** Signed-in screens: signed-out visitors go to /auth (or /auth/login after a session ended). */
export function RequireAuth() {
  const { state } = useAuth();
  const settled = state.status !== 'checking';
  // The page the server drew (app/first-paint) gives way to the app's in the commit that draws it
  // (layout effects run before the browser paints), or to wherever a refused session goes.
  useLayoutEffect(() => {
    if (settled) dismissFirstPaint();
  }, [settled]);
  if (!settled) return null;
  if (state.status === 'signed-out') return <Redirect to={state.redirectTo ?? '/auth'} />;
  return <Outlet />;
}

/** Member-only routes: staff go to /dashboard. */
export function MemberOnly() {
  const { state } = useAuth();
  if (state.status !== 'signed-in') return null;
  return isMember(state.user) ? <Outlet /> : <Redirect to="/dashboard" />;
}

/** Where staff enrol in two-factor sign-in when the server requires it (STAFF_MFA_REQUIRED). */
export const STAFF_ENROL_PATH = '/admin-profile';

/**
 * Staff-only routes (including /dashboard): a USER goes to /accounts; staff who must still enrol
 * in two-factor sign-in go to their profile first (the server refuses them everything else).
 */
export function StaffOnly() {
  const { state } = useAuth();
  const { pathname } = useLocation();
  if (state.status !== 'signed-in') return null;
  if (isMember(state.user)) return <Redirect to="/accounts" />;
  if (state.user.mfaEnrolmentRequired && pathname.replace(/\/+$/, '') !== STAFF_ENROL_PATH) {
    return <Redirect to={STAFF_ENROL_PATH} />;
  }
  return <Outlet />;
}

/** Unknown paths: signed out → /auth, USER → /accounts, staff → /dashboard. */
export function CatchAll() {
  const { state } = useAuth();
  if (state.status === 'checking') return null;
  if (state.status === 'signed-out') return <Redirect to="/auth" />;
  return <Redirect to={homePathFor(state.user)} />;
}
