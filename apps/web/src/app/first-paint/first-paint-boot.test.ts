import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { takePrefetchedBody } from '../../lib/prefetched';
import { dismissFirstPaint } from './dismiss';
import { bootFirstPaint, FIRST_PAINT_WAIT_MS, storedSettings } from './first-paint-boot';

const TOKEN = 'tok-123';
const COPY = '<main data-testid="copy"><h1>Accounts</h1></main>';

function page(path: string) {
  window.history.replaceState({}, '', path);
  document.head.innerHTML =
    '<template id="app-modules"><link rel="modulepreload" data-app-module href="/assets/app.js"></template>';
  document.body.innerHTML = '<div id="splash-screen"></div><div id="root"></div>';
}
const appStarted = () => document.head.querySelector(':scope > link[data-app-module]') !== null;
const copy = () => document.getElementById('first-paint');

function answer(status: number, body: unknown, delayMs = 0) {
  const fetchMock = vi.fn(
    () =>
      new Promise<Response>((resolve) =>
        setTimeout(() => resolve(new Response(JSON.stringify(body), { status })), delayMs),
      ),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('the first-paint boot script', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame'], shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.clearAllTimers();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const signIn = () => {
    localStorage.setItem('access', TOKEN);
    localStorage.setItem('email', 'mia@example.com');
  };

  it('sends the page’s settings but never the session’s token', () => {
    signIn();
    localStorage.setItem('i18nConfig', '{"selectedLang":"ja"}');
    expect(storedSettings()).toEqual({ email: 'mia@example.com', i18nConfig: '{"selectedLang":"ja"}' });
  });

  it.each([
    ['without a session', '/accounts', false],
    ['on another screen under /accounts', '/accounts/account-overview', true],
    ['with a filter in the address', '/accounts?status=active', true],
  ])('starts the app at once %s, asking for nothing', (_label, path, signedIn) => {
    if (signedIn) signIn();
    const fetchMock = answer(200, { html: COPY, bodies: {} });
    page(path);
    bootFirstPaint([]);
    expect(appStarted()).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the server’s page in place of the splash, keeps its reads, then starts the app', async () => {
    signIn();
    localStorage.setItem('kt_theme_mode_menu', 'dark');
    const overview = { account: { id: 'a-1' } };
    const fetchMock = answer(200, { html: COPY, bodies: { '/api/accounts/a-1': overview } });
    page('/accounts');
    bootFirstPaint([]);
    expect(appStarted()).toBe(false);
    await vi.waitFor(() => expect(copy()).not.toBeNull());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/first-paint');
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('authorization')).toBe(`Bearer ${TOKEN}`);
    const sent = JSON.parse(String(init.body));
    expect(sent).toMatchObject({ path: '/accounts', storage: { kt_theme_mode_menu: 'dark' } });
    expect(sent.storage.access).toBeUndefined();
    expect(copy()!.nextElementSibling?.id).toBe('root');
    expect(copy()!.querySelector('h1')?.textContent).toBe('Accounts');
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('dark');
    expect(document.getElementById('splash-screen')).toBeNull();
    // The app's first render starts with the overview the page was drawn from.
    expect(takePrefetchedBody('/api/accounts/a-1', TOKEN)).toEqual(overview);
    // No paint timing here: the app starts after the next frame or the fallback.
    await vi.advanceTimersByTimeAsync(1000);
    expect(appStarted()).toBe(true);
  });

  it('holds a click on the copy and makes it on the app’s own control once it takes over', async () => {
    signIn();
    const controls = '<button>Open</button><a href="/accounts/account-overview">Open</a><button>Open</button>';
    answer(200, { html: `<main>${controls}</main>`, bodies: {} });
    page('/accounts');
    bootFirstPaint([]);
    await vi.waitFor(() => expect(copy()).not.toBeNull());
    const link = copy()!.querySelector('a')!;
    const followed = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(followed);
    // The browser does not follow the copy's link itself.
    expect(followed.defaultPrevented).toBe(true);
    copy()!.querySelectorAll('button')[1]!.click();
    // The app draws the same controls; the second "Open" button is the one pressed.
    const root = document.getElementById('root')!;
    root.innerHTML = `<main>${controls}</main>`;
    const pressed: number[] = [];
    root.querySelectorAll('button').forEach((b, i) => b.addEventListener('click', () => pressed.push(i)));
    dismissFirstPaint();
    expect(copy()).toBeNull();
    await vi.advanceTimersByTimeAsync(0);
    expect(pressed).toEqual([1]);
  });

  it('waits for the page’s stylesheets before showing it', async () => {
    signIn();
    answer(200, { html: COPY, bodies: {} });
    page('/accounts');
    bootFirstPaint(['/assets/member.css']);
    await vi.waitFor(() => expect(document.head.querySelector('link[rel="stylesheet"]')).not.toBeNull());
    await vi.advanceTimersByTimeAsync(50);
    expect(copy()).toBeNull();
    document.head.querySelector('link[rel="stylesheet"]')!.dispatchEvent(new Event('load'));
    await vi.waitFor(() => expect(copy()).not.toBeNull());
  });

  it('starts the app at once when the server draws nothing', async () => {
    signIn();
    answer(404, { code: 'NOT_FOUND', message: 'The requested first paint is not found' });
    page('/accounts');
    bootFirstPaint([]);
    await vi.waitFor(() => expect(appStarted()).toBe(true));
    expect(copy()).toBeNull();
    expect(document.getElementById('splash-screen')).not.toBeNull();
  });

  it('does not wait for a slow server: the app starts, and a late page is never shown', async () => {
    signIn();
    answer(200, { html: COPY, bodies: {} }, FIRST_PAINT_WAIT_MS + 500);
    page('/accounts');
    bootFirstPaint([]);
    await vi.advanceTimersByTimeAsync(FIRST_PAINT_WAIT_MS);
    expect(appStarted()).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(copy()).toBeNull();
    expect(document.head.querySelectorAll(':scope > link[data-app-module]')).toHaveLength(1);
  });
});
