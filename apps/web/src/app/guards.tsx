import { Navigate, Outlet } from 'react-router';
import { useAuth } from '../lib/auth/auth-provider';
import { homePathFor, isMember } from '../lib/auth/roles';

/** Auth screens: a signed-in USER goes to /accounts, staff to /dashboard. */
export function GuestOnly() {
  const { state } = useAuth();
  if (state.status === 'checking') return null;
  if (state.status === 'signed-in') return <Navigate to={homePathFor(state.user)} replace />;
  return <Outlet />;
}

/** Signed-in screens: signed-out visitors go to /auth (or /auth/login after a session ended). */
export function RequireAuth() {
  const { state } = useAuth();
  if (state.status === 'checking') return null;
  if (state.status === 'signed-out') return <Navigate to={state.redirectTo ?? '/auth'} replace />;
  return <Outlet />;
}

/** Member-only routes: staff go to /dashboard. */
export function MemberOnly() {
  const { state } = useAuth();
  if (state.status !== 'signed-in') return null;
  return isMember(state.user) ? <Outlet /> : <Navigate to="/dashboard" replace />;
}

/** Staff-only routes (including /dashboard): a USER goes to /accounts. */
export function StaffOnly() {
  const { state } = useAuth();
  if (state.status !== 'signed-in') return null;
  return isMember(state.user) ? <Navigate to="/accounts" replace /> : <Outlet />;
}

/** Unknown paths: signed out → /auth, USER → /accounts, staff → /dashboard. */
export function CatchAll() {
  const { state } = useAuth();
  if (state.status === 'checking') return null;
  if (state.status === 'signed-out') return <Navigate to="/auth" replace />;
  return <Navigate to={homePathFor(state.user)} replace />;
}
