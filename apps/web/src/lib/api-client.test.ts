import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../test/render';
import { apiRequest, ApiError, onSessionEnded } from './api-client';
import { registerNavigator } from './navigation';

describe('API client (SPEC §7)', () => {
  afterEach(() => registerNavigator(null));

  it('sends Accept: application/json, credentials and the bearer token', async () => {
    localStorage.setItem('access', 'tok-1');
    const calls = mockFetch({ 'GET /api/thing': () => ({ status: 200, body: { ok: true } }) });
    await expect(apiRequest('/api/thing')).resolves.toEqual({ ok: true });
    const headers = new Headers(calls[0]!.init!.headers);
    expect(headers.get('Accept')).toBe('application/json');
    expect(headers.get('Authorization')).toBe('Bearer tok-1');
    expect(calls[0]!.init!.credentials).toBe('include');
  });

  it('speaks the app’s language to the server (Accept-Language), not the browser’s', async () => {
    localStorage.setItem('i18nConfig', JSON.stringify({ selectedLang: 'ja' }));
    const calls = mockFetch({ 'GET /api/thing': () => ({ status: 200, body: { ok: true } }) });
    await apiRequest('/api/thing');
    expect(new Headers(calls[0]!.init!.headers).get('Accept-Language')).toBe('ja');
    localStorage.removeItem('i18nConfig');
  });

  it('sends no Authorization header without a token', async () => {
    const calls = mockFetch({ 'GET /api/config': () => ({ status: 200, body: {} }) });
    await apiRequest('/api/config');
    expect(new Headers(calls[0]!.init!.headers).has('Authorization')).toBe(false);
  });

  it('a 401 clears token and email and goes to /auth/login', async () => {
    localStorage.setItem('access', 'tok');
    localStorage.setItem('email', 'a@b.co');
    const navigate = vi.fn();
    registerNavigator(navigate);
    const ended = vi.fn();
    const off = onSessionEnded(ended);
    mockFetch({
      'GET /api/user/a%40b.co': () => ({ status: 401, body: { code: 'SESSION_EXPIRED', message: 'Session expired' } }),
    });
    await expect(apiRequest('/api/user/a%40b.co')).rejects.toBeInstanceOf(ApiError);
    expect(localStorage.getItem('access')).toBeNull();
    expect(localStorage.getItem('email')).toBeNull();
    expect(localStorage.getItem('auth_error_message')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/auth/login', { replace: true });
    expect(ended).toHaveBeenCalled();
    off();
  });

  it('a 403 with a message stores it as auth_error_message first', async () => {
    localStorage.setItem('access', 'tok');
    registerNavigator(vi.fn());
    mockFetch({
      'GET /api/x': () => ({
        status: 403,
        body: { code: 'ACCOUNT_SUSPENDED', message: 'Your account has been suspended. Please contact support.' },
      }),
    });
    await expect(apiRequest('/api/x')).rejects.toMatchObject({ status: 403, code: 'ACCOUNT_SUSPENDED' });
    expect(localStorage.getItem('auth_error_message')).toBe('Your account has been suspended. Please contact support.');
    expect(localStorage.getItem('access')).toBeNull();
  });

  it('a network failure becomes an ApiError with status 0', async () => {
    mockFetch({});
    await expect(apiRequest('/api/nowhere')).rejects.toMatchObject({ status: 0, isNetworkError: true });
  });
});
