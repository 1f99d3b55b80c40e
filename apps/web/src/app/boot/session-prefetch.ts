// A signed-in page's first requests, sent as soon as the HTML is parsed instead of after the app's
// JavaScript has loaded and run (decision 033): the session's check and its user, the runtime
// config, and on the member's screens their accounts; and the signed-in area's modules and the
// language's messages, fetched alongside the entry instead of after it has run. An async classic
// script in every page's head (vite-session-prefetch.ts); the API client takes each answer once
// (lib/prefetched.ts). The app still acts on them in the order the SPEC gives: the user only once
// the token verified.
import { getStoredLocale } from '../../i18n/locales';
import { buildHeaders } from '../../lib/api-client';
import { appStarted, keepPrefetched } from '../../lib/prefetched';
import { session } from '../../lib/session';
import { drawnByServer } from '../first-paint/drawn';

/** The member's screens: each shows the selected account in its header, read from the list. */
const MEMBER_PATHS = ['/accounts', '/billing', '/payout', '/help-support', '/certificates', '/news-calendar'];

const VERIFY_TOKEN = '/api/auth/verify-token';

/** What the app requests first at `path` for the signed-in `email`. */
export function firstRequests(path: string, email: string): string[] {
  const paths = [VERIFY_TOKEN, `/api/user/${encodeURIComponent(email)}`, '/api/config'];
  if (MEMBER_PATHS.some((p) => path === p || path.startsWith(`${p}/`))) paths.push('/api/accounts');
  return paths;
}

/** What the build wrote on the script's tag: the signed-in area's files and each language's messages. */
export interface BootFiles {
  member: string[];
  messages: Record<string, string>;
  /** The page's HTML has the server-drawn first paint (vite-first-paint.ts). */
  firstPaint?: boolean;
}

export function readBootFiles(script: HTMLOrSVGScriptElement | null): BootFiles {
  const words = (name: string) => (script?.getAttribute(name) ?? '').split(' ').filter(Boolean);
  return {
    firstPaint: script?.hasAttribute('data-first-paint') ?? false,
    member: words('data-member'),
    messages: Object.fromEntries(
      words('data-messages').map((w) => [w.slice(0, w.indexOf(':')), w.slice(w.indexOf(':') + 1)]),
    ),
  };
}

/** Fetched now, run (or applied) when the app imports them. */
export function preload(files: string[]): void {
  for (const href of files) {
    const link = document.createElement('link');
    if (href.endsWith('.css')) Object.assign(link, { rel: 'preload', as: 'style' });
    else link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}

export function prefetchSession(files: BootFiles = { member: [], messages: {} }): void {
  // The splash's "Loading…" (index.html) in the stored language, signed in or not.
  document.documentElement.lang = getStoredLocale();
  const token = session.getToken();
  const email = session.getEmail();
  const path = location.pathname.replace(/\/+$/, '');
  // /logout ends the session without checking it; an app already running sends its own.
  if (!token || !email || path === '/logout' || appStarted()) return;
  // A page the server draws gets the user, the config and its data with its drawing
  // (app/first-paint): only the session's check is sent from here.
  const drawn = files.firstPaint === true && drawnByServer(location.pathname, location.search);
  const urls = firstRequests(path, email);
  for (const url of drawn ? urls.filter((u) => u === VERIFY_TOKEN) : urls) {
    // As the API client sends it, so that its answer can stand for the client's.
    const response = fetch(url, { headers: buildHeaders(false), credentials: 'include' });
    keepPrefetched(url, { token, sentAt: performance.now(), response });
  }
  preloadAppFiles(files);
}

/**
 * The signed-in area's modules and the messages of English and the stored language, fetched now
 * (here alongside the entry; on a page the server drew, when its modules start).
 */
export function preloadAppFiles(files: BootFiles): void {
  // English fills any gap in another language (i18n/messages.ts), so it is always loaded.
  const locale = getStoredLocale();
  const messages = [...new Set([files.messages.en, files.messages[locale]])].filter((f) => f !== undefined);
  preload([...files.member, ...messages]);
}
