import type { ErrorBody, ErrorCode } from '@app/contracts/errors';
import { getStoredLocale } from '../i18n/locales';
import { navigateTo } from './navigation';
import { takePrefetched } from './prefetched';
import { session } from './session';

/** An API answer outside 2xx, or no answer at all (status 0). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK_ERROR' | undefined,
    message: string,
    readonly serverMessage: string | undefined,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /**
   * Leave 401/403 to the caller. Used by the sign-in forms (a wrong password is not a lost
   * session) and by the session loop, which has its own texts.
   */
  skipAuthHandling?: boolean;
  /** Statuses outside 2xx whose body is an answer, not an error (a revoked certificate's 410). */
  answerStatuses?: readonly number[];
}

type SessionListener = () => void;
const sessionEndListeners = new Set<SessionListener>();
/** Called whenever the client ends a session because of a 401 or 403. */
export function onSessionEnded(fn: SessionListener): () => void {
  sessionEndListeners.add(fn);
  return () => sessionEndListeners.delete(fn);
}
export function notifySessionEnded(): void {
  for (const fn of sessionEndListeners) fn();
}

/**
 * Builds the headers every request carries (SPEC §7), and the app's language as Accept-Language
 * (not the browser's): the server writes mails, invoices and a new member's stored language in it.
 */
export function buildHeaders(hasBody: boolean): Headers {
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': getStoredLocale() });
  if (hasBody) headers.set('Content-Type', 'application/json');
  const token = session.getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

/**
 * The one API client: JSON in and out, credentials included, bearer token when one is stored.
 * A 401 clears the token and email and goes to /auth/login; a 403 with a message stores the
 * message as the one-time auth_error_message first.
 */
export async function apiRequest<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const hasBody = opts.body !== undefined;
  const hadToken = session.getToken() !== null;
  let response: Response;
  try {
    // The boot script may have sent this GET already (lib/prefetched.ts).
    const prefetched =
      opts.method === undefined || opts.method === 'GET' ? takePrefetched(path, session.getToken()) : undefined;
    response = await (prefetched ??
      fetch(path, {
        method: opts.method ?? 'GET',
        headers: buildHeaders(hasBody),
        body: hasBody ? JSON.stringify(opts.body) : undefined,
        credentials: 'include',
        signal: opts.signal,
      }));
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', 'Network error', undefined);
  }

  const text = await response.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
  }
  if (response.ok || opts.answerStatuses?.includes(response.status)) return data as T;

  // A proxy or a crash may answer without the contract's error body, hence every field optional.
  const body = (data ?? {}) as Partial<ErrorBody>;
  const error = new ApiError(
    response.status,
    body.code,
    body.message ?? response.statusText,
    body.message,
    body.fields,
  );

  if (!opts.skipAuthHandling && hadToken && (response.status === 401 || response.status === 403)) {
    if (response.status === 403 && body.message) session.setAuthErrorMessage(body.message);
    session.clearToken();
    notifySessionEnded();
    navigateTo('/auth/login');
  }
  throw error;
}

/** The default query fetcher: a GET returning the body. */
export const getJson = <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { signal });
