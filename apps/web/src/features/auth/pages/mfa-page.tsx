import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useAuth } from '../../../lib/auth/auth-provider';
import MfaStep from '../components/mfa-step';

/**
 * /auth/mfa: the login's second step for an account with two-factor sign-in. The login's
 * mfaToken comes in the navigation's state (memory only, never storage); without it — a reload,
 * a bookmark — the sign-in starts again. A route of its own, so its code loads only when asked.
 */
export default function MfaPage() {
  const { state } = useLocation() as { state: { mfaToken?: string; email?: string } | null };
  const navigate = useNavigate();
  const { signIn } = useAuth();
  // Back to the password form the way the sign-in came, from the checkout or not.
  const login = useSearchParams()[0].get('next') === 'checkout' ? '/auth/login?next=checkout' : '/auth/login';
  if (!state?.mfaToken || !state.email) return <Navigate to={login} replace />;
  const { mfaToken, email } = state;
  return (
    <MfaStep
      mfaToken={mfaToken}
      onSignedIn={(accessToken) => signIn(accessToken, email)}
      onCancel={() => void navigate(login, { replace: true })}
    />
  );
}
