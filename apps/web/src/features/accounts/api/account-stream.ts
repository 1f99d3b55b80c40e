import type {
  ACCOUNT_STREAM_EVENT,
  ACCOUNT_STREAM_HEARTBEAT_SECONDS,
  ACCOUNT_STREAM_RESYNC_EVENT,
  AccountStreamMessage,
} from '@app/contracts/trading';
import { createParser } from 'eventsource-parser';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { buildHeaders } from '../../../lib/api-client';
import { session } from '../../../lib/session';
import { requestSessionCheck } from '../../../lib/auth/session-monitor';

/**
 * GET /api/accounts/stream: the member's server-sent events, one `event: account` each time one of
 * their accounts changed, `event: resync` when changes may have been missed, a comment line as a
 * heartbeat every 15 s. EventSource cannot send the bearer token, so this reads the
 * stream with fetch and parses it with eventsource-parser. One connection per tab, shared by the
 * screens that show it; reconnects with back-off; while it is down, the screens' queries fall
 * back to refetching every FALLBACK_REFETCH_MS.
 */
export const STREAM_PATH = '/api/accounts/stream';
// The contracts' values, typed by them (a change there fails the build here) without downloading
// the trading schemas with this screen.
const ACCOUNT_EVENT: typeof ACCOUNT_STREAM_EVENT = 'account';
const RESYNC_EVENT: typeof ACCOUNT_STREAM_RESYNC_EVENT = 'resync';
const HEARTBEAT_SECONDS: typeof ACCOUNT_STREAM_HEARTBEAT_SECONDS = 15;
export const FALLBACK_REFETCH_MS = 15_000;
const RETRY_MIN_MS = 1_000;
const RETRY_MAX_MS = 30_000;
/** No byte (not even a heartbeat) for three heartbeats: the connection is dead even if TCP says otherwise. */
const IDLE_TIMEOUT_MS = 3 * HEARTBEAT_SECONDS * 1000;
/** A screen change (overview → trading overview) keeps the connection. */
const LINGER_MS = 5_000;

export type StreamStatus = 'connecting' | 'live' | 'offline';

/** What the screens need of an `account` message (AccountStreamMessage in the contracts). */
export interface AccountStreamEvent {
  accountId: string;
  status: AccountStreamMessage['status'];
  breach: { rule?: string; at?: string } | null;
  passed: boolean;
}

/** An account changed, or (null) changes may have been missed: refetch everything shown. */
type Handler = (event: AccountStreamEvent | null) => void;

// Until the stream has been tried, it is on its way, not down: a page's first paint (the server's
// copy of it too, decision 037) says "Connecting", not "Offline".
let status: StreamStatus = 'connecting';
const statusListeners = new Set<() => void>();
const handlers = new Set<Handler>();
let users = 0;
let controller: AbortController | null = null;
let lingerTimer: ReturnType<typeof setTimeout> | null = null;

function setStatus(next: StreamStatus) {
  if (next === status) return;
  status = next;
  for (const fn of statusListeners) fn();
}

export const getStreamStatus = () => status;

/** Parses one message's data; null when it is not an account event we understand. */
export function parseAccountEvent(data: string): AccountStreamEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.accountId !== 'string' || typeof v.status !== 'string') return null;
  const breach = typeof v.breach === 'object' && v.breach !== null ? (v.breach as Record<string, unknown>) : null;
  return {
    accountId: v.accountId,
    status: v.status as AccountStreamMessage['status'],
    breach: breach
      ? {
          rule: typeof breach.rule === 'string' ? breach.rule : undefined,
          at: typeof breach.at === 'string' ? breach.at : undefined,
        }
      : null,
    passed: v.passed === true,
  };
}

/** Back-off before attempt n (0-based): 1 s, 2 s, 4 s … 30 s, with jitter so tabs do not reconnect in step. */
export function retryDelay(attempt: number, random = Math.random): number {
  const base = Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** attempt);
  return Math.round(base * (0.5 + random() / 2));
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/** One connection, until it ends or fails. Resolves true if it was live for a while. */
async function connectOnce(signal: AbortSignal): Promise<boolean> {
  const attempt = new AbortController();
  const abort = () => attempt.abort();
  signal.addEventListener('abort', abort, { once: true });
  let idle: ReturnType<typeof setTimeout> | null = null;
  const touch = () => {
    if (idle) clearTimeout(idle);
    idle = setTimeout(abort, IDLE_TIMEOUT_MS);
  };
  const openedAt = Date.now();
  try {
    const headers = buildHeaders(false);
    headers.set('Accept', 'text/event-stream');
    const response = await fetch(STREAM_PATH, {
      headers,
      credentials: 'include',
      cache: 'no-store',
      signal: attempt.signal,
    });
    // A missing endpoint, an expired session or an HTML fallback: not a stream.
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok || !response.body || !type.includes('text/event-stream')) {
      await response.body?.cancel().catch(() => {});
      return false;
    }
    setStatus('live');
    touch();
    const parser = createParser({
      onEvent: (message) => {
        if (message.event === RESYNC_EVENT) {
          for (const fn of handlers) fn(null);
          return;
        }
        if (message.event !== ACCOUNT_EVENT) return;
        const event = parseAccountEvent(message.data);
        if (event) for (const fn of handlers) fn(event);
      },
    });
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      touch();
      parser.feed(decoder.decode(value, { stream: true }));
    }
  } catch {
    // Network error, abort or idle timeout: reconnect below.
  } finally {
    if (idle) clearTimeout(idle);
    signal.removeEventListener('abort', abort);
  }
  return Date.now() - openedAt > 10_000;
}

/** How long a stream that ended waits at most for the session check before falling back to refetching. */
const SESSION_CHECK_WAIT_MS = 10_000;

async function run(signal: AbortSignal) {
  let failures = 0;
  setStatus('connecting');
  while (!signal.aborted) {
    const wasLive = session.getToken() !== null && (await connectOnce(signal));
    if (signal.aborted) break;
    // The stream ended or was refused: perhaps the session did (revoked, suspended). The session
    // check verifies at once and, if so, ends it the SPEC way (its toast and message) before the
    // 'offline' fallback refetches anything and a plain 401 redirect gets there first.
    await Promise.race([requestSessionCheck(), sleep(SESSION_CHECK_WAIT_MS, signal)]);
    if (signal.aborted) break;
    setStatus('offline');
    failures = wasLive ? 0 : failures + 1;
    await sleep(retryDelay(failures), signal);
  }
}

function acquire() {
  users += 1;
  if (lingerTimer) {
    clearTimeout(lingerTimer);
    lingerTimer = null;
  }
  if (!controller) {
    controller = new AbortController();
    void run(controller.signal);
  }
}

function release() {
  users -= 1;
  if (users > 0) return;
  lingerTimer = setTimeout(() => {
    lingerTimer = null;
    controller?.abort();
    controller = null;
    setStatus('offline');
  }, LINGER_MS);
}

/** Closes the stream at once and forgets its state: a test's starting point (the module is shared). */
export function resetAccountStream(): void {
  if (lingerTimer) clearTimeout(lingerTimer);
  lingerTimer = null;
  controller?.abort();
  controller = null;
  users = 0;
  handlers.clear();
  status = 'connecting';
}

function subscribeStatus(fn: () => void) {
  statusListeners.add(fn);
  return () => statusListeners.delete(fn);
}

/** The stream's state, for the "live" indicator and the fallback refetch. */
export const useStreamStatus = (): StreamStatus => useSyncExternalStore(subscribeStatus, getStreamStatus, () => status);

/** Refetch interval for the account queries: none while the stream is live, else the fallback. */
export const useFallbackRefetch = (): number | false => (useStreamStatus() === 'live' ? false : FALLBACK_REFETCH_MS);

/** Keeps the stream open while the calling screen is mounted and hands it each account event. */
export function useAccountStream(onEvent: Handler): StreamStatus {
  const latest = useRef(onEvent);
  useEffect(() => {
    latest.current = onEvent;
  });
  useEffect(() => {
    const handler: Handler = (event) => latest.current(event);
    handlers.add(handler);
    acquire();
    return () => {
      handlers.delete(handler);
      release();
    };
  }, []);
  return useStreamStatus();
}
