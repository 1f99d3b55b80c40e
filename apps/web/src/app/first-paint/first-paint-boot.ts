// /accounts' first paint (decision 037), as an async classic script in the head of the page's HTML
// (vite-first-paint.ts): with a stored session, the page drawn by the server (POST /api/first-paint)
// is shown before the app's modules have loaded, then the modules start; React draws the same page
// and takes its place (app/first-paint/dismiss.ts). Without a session, on another path, or when
// the server draws nothing, the modules start at once.
// Types only from the contract: its schemas (zod) would weigh more than the rest of this script.
import type { FirstPaintResponse } from '@app/contracts/first-paint';
import { FIRST_PAINT_MAX_STORED, FIRST_PAINT_MAX_STORED_CHARS, STORAGE_KEYS } from '@app/contracts/constants';
import { buildHeaders } from '../../lib/api-client';
import { keepBody } from '../../lib/prefetched';
import { session } from '../../lib/session';
import { applyTheme, getStoredThemeMode, resolveTheme } from '../../lib/theme/theme';
import { afterPainted } from '../boot/after-painted';
import { preload, preloadAppFiles, type BootFiles } from '../boot/session-prefetch';
import { FIRST_PAINT_ID } from './dismiss';
import { drawnByServer } from './drawn';
import { describeClick, holdClick } from './held-click';

/** However the drawing goes, the app starts by then (a slow server must not hold it back). */
export const FIRST_PAINT_WAIT_MS = 2500;

/** The browser's storage but the session's token: the page's settings. */
export function storedSettings(storage: Storage = localStorage): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < storage.length && Object.keys(out).length < FIRST_PAINT_MAX_STORED; i++) {
    const key = storage.key(i);
    if (key === null || key === STORAGE_KEYS.access || key.length > 64) continue;
    const value = storage.getItem(key);
    if (value !== null && value.length <= FIRST_PAINT_MAX_STORED_CHARS) out[key] = value;
  }
  return out;
}

/** The page drawn by the server for this visitor, or null when there is none to show. */
async function fetchFirstPaint(path: string): Promise<FirstPaintResponse | null> {
  const response = await fetch('/api/first-paint', {
    method: 'POST',
    headers: buildHeaders(true),
    credentials: 'include',
    body: JSON.stringify({
      path,
      storage: storedSettings(),
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      viewportWidth: window.innerWidth,
    }),
  });
  return response.ok ? ((await response.json()) as FirstPaintResponse) : null;
}

/** Resolves once `href` has loaded as a stylesheet of the page (or failed to). */
function linkStylesheet(href: string): Promise<void> {
  const links = document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]');
  if ([...links].some((l) => l.getAttribute('href') === href)) return Promise.resolve();
  return new Promise((resolve) => {
    const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', crossOrigin: '', href });
    link.addEventListener('load', () => resolve());
    link.addEventListener('error', () => resolve());
    document.head.append(link);
  });
}

const domReady = () =>
  document.readyState === 'loading'
    ? new Promise<void>((r) => document.addEventListener('DOMContentLoaded', () => r(), { once: true }))
    : Promise.resolve();

/**
 * Shows the page the server drew: its stylesheets linked first, then the markup before #root, in
 * the stored theme, over nothing (the splash goes). It has no behaviour: a click on it is held
 * and made on the app's page once that replaces it (held-click.ts, dismiss.ts); the browser does
 * not follow its links itself.
 */
async function showFirstPaint(
  path: string,
  styles: string[],
  token: string,
  tooLate: () => boolean,
): Promise<Element | null> {
  const answering = fetchFirstPaint(path).catch(() => null);
  // The stylesheets download alongside the request, not after its answer; preloaded, not linked,
  // so that nothing on screen meanwhile (the splash) waits for them.
  preload(styles);
  const answer = await answering;
  if (!answer) return null;
  await Promise.all([...styles.map(linkStylesheet), domReady()]);
  const root = document.getElementById('root');
  // Too late: the app is starting and draws the page itself.
  if (!root || tooLate()) return null;
  for (const [p, body] of Object.entries(answer.bodies)) keepBody(p, token, body);
  const copy = document.createElement('div');
  copy.id = FIRST_PAINT_ID;
  copy.innerHTML = answer.html;
  copy.addEventListener(
    'click',
    (event) => {
      event.preventDefault();
      event.stopImmediatePropagation();
      holdClick(describeClick(copy, event.target as Element | null));
    },
    { capture: true },
  );
  const theme = resolveTheme(getStoredThemeMode());
  document.documentElement.setAttribute('data-mantine-color-scheme', theme);
  applyTheme(theme);
  root.before(copy);
  document.getElementById('splash-screen')?.remove();
  return copy;
}

/**
 * The app's modules, from the template the build moved them to, and the signed-in area's files
 * and messages (vite-first-paint.ts took them off the session boot script's tag, so that nothing
 * but the page's own requests goes before its paint).
 */
function startApp(files: BootFiles): void {
  const modules = document.getElementById('app-modules') as HTMLTemplateElement | null;
  if (modules) document.head.append(document.importNode(modules.content, true));
  preloadAppFiles(files);
}

export function bootFirstPaint(styles: string[], files: BootFiles = { member: [], messages: {} }): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    startApp(files);
  };
  const path = location.pathname.replace(/\/+$/, '');
  const token = session.getToken();
  if (!drawnByServer(location.pathname, location.search) || !token || !session.getEmail()) return start();
  setTimeout(start, FIRST_PAINT_WAIT_MS);
  void showFirstPaint(path, styles, token, () => started)
    .catch(() => null)
    .then((copy) => {
      if (copy) afterPainted(copy, start, 1000);
      else start();
    });
}
