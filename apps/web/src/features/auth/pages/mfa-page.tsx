import { Navigate, useLocation, useNavigate } from 'react-router';
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
  if (!state?.mfaToken || !state.email) return <Navigate to="/auth/login" replace />;
  const { mfaToken, email } = state;
  return (
    <MfaStep
      mfaToken={mfaToken}
      onSignedIn={(accessToken) => signIn(accessToken, email)}
      onCancel={() => void navigate('/auth/login', { replace: true })}
    />
  );
}
