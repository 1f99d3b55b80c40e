import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '../../lib/api-client';
import { markAppStarted, PREFETCH_MAX_AGE_MS } from '../../lib/prefetched';
import { prefetchSession, readBootFiles } from './session-prefetch';

/** The server's answer: the path it was asked for. */
const answer = (url: string, _init?: RequestInit) =>
  Promise.resolve(new Response(JSON.stringify({ url }), { status: 200 }));
const fetchMock = vi.fn(answer);
const sent = () => fetchMock.mock.calls.map(([url]) => url);

function resetPrefetch() {
  delete (globalThis as Record<string, unknown>).__sessionPrefetch;
}

function signedInAt(path: string, token = 'tok-1') {
  window.history.replaceState({}, '', path);
  localStorage.setItem('access', token);
  localStorage.setItem('email', 'ann@example.com');
}

describe('session boot prefetch', () => {
  beforeEach(() => {
    localStorage.clear();
    resetPrefetch();
    fetchMock.mockReset().mockImplementation(answer);
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('speaks the stored language from the start (the splash reads <html lang>), signed in or not', () => {
    window.history.replaceState({}, '', '/auth/login');
    localStorage.setItem('i18nConfig', JSON.stringify({ selectedLang: 'ja' }));
    prefetchSession();
    expect(document.documentElement.lang).toBe('ja');
    expect(sent()).toEqual([]);
    localStorage.clear();
    prefetchSession();
    expect(document.documentElement.lang).toBe('en');
  });

  it('sends the check, the user, the config and, on a member screen, the accounts with the bearer token', () => {
    signedInAt('/accounts/');
    prefetchSession();
    expect(sent()).toEqual(['/api/auth/verify-token', '/api/user/ann%40example.com', '/api/config', '/api/accounts']);
    const init = fetchMock.mock.calls[0]![1] as RequestInit;
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer tok-1');
    expect(init.credentials).toBe('include');
  });

  it('on a page the server draws (its HTML says so), sends only the check: the drawing brings the rest', () => {
    signedInAt('/accounts');
    prefetchSession({ member: [], messages: {}, firstPaint: true });
    expect(sent()).toEqual(['/api/auth/verify-token']);
    fetchMock.mockClear();
    resetPrefetch();
    // With a filter in the address the server draws nothing: everything is sent from here.
    signedInAt('/accounts?status=active');
    prefetchSession({ member: [], messages: {}, firstPaint: true });
    expect(sent()).toHaveLength(4);
  });

  it('leaves the accounts out on staff screens, and sends nothing without a session, on /logout or once the app runs', () => {
    signedInAt('/dashboard');
    prefetchSession();
    expect(sent()).not.toContain('/api/accounts');
    expect(sent()).toHaveLength(3);

    fetchMock.mockClear();
    resetPrefetch();
    signedInAt('/logout');
    prefetchSession();
    localStorage.clear();
    window.history.replaceState({}, '', '/accounts');
    prefetchSession();
    signedInAt('/accounts');
    markAppStarted();
    prefetchSession();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('fetches the signed-in area’s files and the messages of English and the stored language', () => {
    const script = document.createElement('script');
    script.dataset.member = '/assets/member-area.js /assets/member-area.css';
    script.dataset.messages = 'de:/assets/de.js en:/assets/en.js fr:/assets/fr.js';
    localStorage.setItem('i18nConfig', JSON.stringify({ selectedLang: 'de' }));
    signedInAt('/accounts');
    document.head.querySelectorAll('link').forEach((l) => l.remove());
    prefetchSession(readBootFiles(script));
    const links = [...document.head.querySelectorAll('link')].map((l) => [l.rel, l.getAttribute('href')]);
    expect(links).toEqual([
      ['modulepreload', '/assets/member-area.js'],
      ['preload', '/assets/member-area.css'],
      ['modulepreload', '/assets/en.js'],
      ['modulepreload', '/assets/de.js'],
    ]);
  });

  it('the API client takes each answer once, for the same token', async () => {
    signedInAt('/accounts');
    prefetchSession();
    fetchMock.mockClear();
    await expect(apiRequest('/api/accounts')).resolves.toEqual({ url: '/api/accounts' });
    expect(fetchMock).not.toHaveBeenCalled();
    // A second read is the app's own request.
    await apiRequest('/api/accounts');
    expect(sent()).toEqual(['/api/accounts']);
    // Signed in as someone else since: the answer for the old token is not used.
    localStorage.setItem('access', 'tok-2');
    await apiRequest('/api/config');
    expect(sent()).toEqual(['/api/accounts', '/api/config']);
  });

  it('does not take an answer for a write or one sent too long ago', async () => {
    signedInAt('/accounts');
    const now = vi.spyOn(performance, 'now').mockReturnValue(1_000);
    prefetchSession();
    fetchMock.mockClear();
    await apiRequest('/api/config', { method: 'POST', body: {} });
    expect(sent()).toEqual(['/api/config']);
    now.mockReturnValue(1_000 + PREFETCH_MAX_AGE_MS + 1);
    await apiRequest('/api/accounts');
    expect(sent()).toEqual(['/api/config', '/api/accounts']);
  });

  it('a prefetch that fails is reported only when the app asks for it, as a network error', async () => {
    signedInAt('/accounts');
    fetchMock.mockImplementation(() => Promise.reject(new TypeError('offline')));
    prefetchSession();
    await expect(apiRequest('/api/auth/verify-token')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });
});
