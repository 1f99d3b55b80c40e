/**
 * GET answers requested before the app's JavaScript has loaded (app/boot/session-prefetch.ts) and
 * handed to the API client when the app asks for the same path with the same token: the start
 * of a signed-in page does not wait for the JavaScript, then for each request in turn.
 * Only a page load's first request for a path takes one, within a few seconds of its start.
 */
export interface Prefetched {
  token: string;
  /** performance.now() when it was sent. */
  sentAt: number;
  response: Promise<Response>;
  /** A 2xx answer's body, once read: screens can start with it instead of waiting a turn. */
  body?: unknown;
}

/** Set by the app once it runs: a boot script that loads later must not send what the app does. */
interface PrefetchGlobal {
  requests: Map<string, Prefetched>;
  appStarted: boolean;
}

/** An answer older than this is read again instead (a tab opened in the background, a slow start). */
export const PREFETCH_MAX_AGE_MS = 10_000;

const KEY = '__sessionPrefetch';

function state(): PrefetchGlobal {
  const g = globalThis as unknown as Record<string, PrefetchGlobal | undefined>;
  return (g[KEY] ??= { requests: new Map(), appStarted: false });
}

/**
 * The boot script: keeps the answer to a request it sent for `path`, and reads a 2xx body. A
 * failure is the API client's to report, and only if the app asks for this answer.
 */
export function keepPrefetched(path: string, entry: Prefetched): void {
  state().requests.set(path, entry);
  entry.response
    .then((r) => (r.ok ? r.clone().json() : undefined))
    .then((body: unknown) => void (entry.body = body))
    .catch(() => undefined);
}

/**
 * A 2xx body already read with another answer (the server-drawn first paint's, app/first-paint),
 * kept as the answer to a GET of `path` sent now.
 */
export function keepBody(path: string, token: string, body: unknown): void {
  const response = Promise.resolve(
    new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
  );
  state().requests.set(path, { token, sentAt: performance.now(), response, body });
}

/** The paths answers were kept for (and not yet taken). */
export function prefetchedPaths(): string[] {
  return [...state().requests.keys()];
}

export function appStarted(): boolean {
  return state().appStarted;
}

/** The app: from now on it sends its own requests. */
export function markAppStarted(): void {
  state().appStarted = true;
}

/**
 * The answer prefetched for `path` with `token`, once; none when it was sent with another token
 * (signed out or in since) or too long ago.
 */
export function takePrefetched(path: string, token: string | null): Promise<Response> | undefined {
  return take(path, token)?.response;
}

/**
 * The 2xx body prefetched for `path` with `token` if it has arrived and been read, once (then the
 * API client does not get it). A query's cache can start with it, so its screen's first render
 * shows the data instead of a skeleton and a second render.
 */
export function takePrefetchedBody(path: string, token: string | null): unknown {
  const entry = state().requests.get(path);
  if (entry?.body === undefined) return undefined;
  return take(path, token)?.body;
}

function take(path: string, token: string | null): Prefetched | undefined {
  const requests = state().requests;
  const entry = requests.get(path);
  if (!entry) return undefined;
  requests.delete(path);
  if (entry.token !== token || performance.now() - entry.sentAt > PREFETCH_MAX_AGE_MS) return undefined;
  return entry;
}
