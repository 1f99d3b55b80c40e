import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { hideSplash } from '../layout/splash';
import { useAuth } from '../lib/auth/auth-provider';
import { TopProgress } from './top-progress';

/** Every route: the progress bar; the splash hides once the session check has settled. */
export function RootLayout() {
  const { state } = useAuth();
  const settled = state.status !== 'checking';
  useEffect(() => {
    if (settled) hideSplash();
  }, [settled]);
  return (
    <>
      <TopProgress />
      <Outlet />
    </>
  );
}
