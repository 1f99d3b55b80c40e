import { SESSION_CHECK_INTERVAL_MS } from '@app/contracts/constants';
import { MESSAGES } from '@app/contracts/messages';
import { ApiError } from '../api-client';
import { pageIsLeaving } from '../page-leaving';
import { session } from '../session';

export interface SessionMonitorDeps {
  verify: () => Promise<unknown>;
  /** Shows an error toast. */
  notify: (kind: 'ended' | 'verification-failed') => void;
  /** Ends the session in the app and goes to /auth/login. */
  end: () => void;
  intervalMs?: number;
}

/** The running monitor's "verify now", if one runs. */
let checkNow: (() => Promise<void>) | null = null;

/**
 * Asks for a verification now instead of at the next tick, and resolves once it has been answered
 * (at once when no session is monitored). A long-lived call refused with 401/403 (the live stream
 * after a revocation) waits for it, so the session ends through the verification's path (its
 * message and toast), not through a plain 401 redirect of some other call that happens to come first.
 */
export const requestSessionCheck = (): Promise<void> => checkNow?.() ?? Promise.resolve();

/**
 * SPEC §4: while signed in, the token is re-verified every 15 s. On a failed answer the token
 * and email are removed, the server message (or 'Session expired') becomes the one-time
 * auth_error_message, a toast says the session has ended and the app goes to /auth/login. A
 * network failure shows its own toast and also signs out, except while the page is being left: a
 * verification the reload cut off is no failure, and signing out then would sign the next page out
 * too. Returns a stop function.
 */
export function startSessionMonitor({
  verify,
  notify,
  end,
  intervalMs = SESSION_CHECK_INTERVAL_MS,
}: SessionMonitorDeps): () => void {
  let stopped = false;
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;

  const verifyOnce = async () => {
    try {
      await verify();
    } catch (error) {
      if (stopped) return;
      if ((error as Error)?.name === 'AbortError') return;
      const answered = error instanceof ApiError && !error.isNetworkError;
      if (!answered && pageIsLeaving()) return;
      stop();
      session.clearToken();
      if (answered) {
        session.setAuthErrorMessage(error.serverMessage || MESSAGES.sessionExpired);
        notify('ended');
      } else {
        notify('verification-failed');
      }
      end();
    }
  };

  const check = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (!running) {
      running = verifyOnce().finally(() => {
        running = null;
      });
      return running;
    }
    // The verification in flight may have been sent before what prompted this request (a
    // revocation the stream has just seen): one more runs after it.
    queued ??= running.then(() => {
      queued = null;
      return check();
    });
    return queued;
  };

  // The 15 s tick skips a beat while a verification is still out.
  const id = setInterval(() => void (running ?? check()), intervalMs);
  checkNow = check;
  function stop() {
    stopped = true;
    clearInterval(id);
    if (checkNow === check) checkNow = null;
  }
  return stop;
}
