import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * Replaces the current entry with `to`, once for every location it is rendered at.
 *
 * React Router's `<Navigate>` redirects once per mount and target. Router updates render as
 * transitions, so React can skip the location a redirect led to: open /accounts as staff, then
 * /billing before /dashboard has rendered, and the same `<Navigate to="/dashboard">` stays mounted
 * with the same target and never fires again — the page stays at /billing showing nothing.
 */
export function Redirect({ to }: { to: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(to, { replace: true });
  }, [navigate, to, location]);
  return null;
}
