import { SESSION_CHECK_INTERVAL_MS } from '@app/contracts/constants';
import { MESSAGES } from '@app/contracts/messages';
import { ApiError } from '../api-client';
import { session } from '../session';

export interface SessionMonitorDeps {
  verify: () => Promise<unknown>;
  /** Shows an error toast. */
  notify: (kind: 'ended' | 'verification-failed') => void;
  /** Ends the session in the app and goes to /auth/login. */
  end: () => void;
  intervalMs?: number;
}

/**
 * Asks for a verification now instead of at the next tick: a long-lived call refused with 401/403
 * (the live stream after a revocation) ends the session through the verification's path (its
 * message and toast), not through a plain redirect that happens to come first.
 */
export const SESSION_CHECK_EVENT = 'app:session-check';
export const requestSessionCheck = () => window.dispatchEvent(new Event(SESSION_CHECK_EVENT));

/**
 * SPEC §4: while signed in, the token is re-verified every 15 s. On a failed answer the token
 * and email are removed, the server message (or 'Session expired') becomes the one-time
 * auth_error_message, a toast says the session has ended and the app goes to /auth/login. A
 * network failure shows its own toast and also signs out. Returns a stop function.
 */
export function startSessionMonitor({
  verify,
  notify,
  end,
  intervalMs = SESSION_CHECK_INTERVAL_MS,
}: SessionMonitorDeps): () => void {
  let stopped = false;
  let inFlight = false;

  const tick = async () => {
    if (stopped || inFlight) return;
    inFlight = true;
    try {
      await verify();
    } catch (error) {
      if (stopped) return;
      if ((error as Error)?.name === 'AbortError') return;
      stop();
      session.clearToken();
      if (error instanceof ApiError && !error.isNetworkError) {
        session.setAuthErrorMessage(error.serverMessage || MESSAGES.sessionExpired);
        notify('ended');
      } else {
        notify('verification-failed');
      }
      end();
    } finally {
      inFlight = false;
    }
  };

  const id = setInterval(() => void tick(), intervalMs);
  const now = () => void tick();
  window.addEventListener(SESSION_CHECK_EVENT, now);
  function stop() {
    stopped = true;
    clearInterval(id);
    window.removeEventListener(SESSION_CHECK_EVENT, now);
  }
  return stop;
}
