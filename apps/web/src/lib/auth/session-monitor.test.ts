import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api-client';
import { LEAVE_GRACE_MS } from '../page-leaving';
import { requestSessionCheck, startSessionMonitor } from './session-monitor';

describe('session verification loop (SPEC §4)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.setItem('access', 'tok');
    localStorage.setItem('email', 'member@example.com');
    localStorage.setItem('accountId', 'A-1');
  });
  afterEach(() => vi.useRealTimers());

  it('verifies every 15 s while the session is valid', async () => {
    const verify = vi.fn().mockResolvedValue({ status: 200 });
    const notify = vi.fn();
    const end = vi.fn();
    const stop = startSessionMonitor({ verify, notify, end });
    await vi.advanceTimersByTimeAsync(14_999);
    expect(verify).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(verify).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(verify).toHaveBeenCalledTimes(3);
    expect(notify).not.toHaveBeenCalled();
    expect(end).not.toHaveBeenCalled();
    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(verify).toHaveBeenCalledTimes(3);
  });

  it('on a failed answer: removes token and email, stores the server message, toasts, ends', async () => {
    const verify = vi.fn().mockRejectedValue(new ApiError(401, 'UNAUTHORIZED', 'Session revoked', 'Session revoked'));
    const notify = vi.fn();
    const end = vi.fn();
    startSessionMonitor({ verify, notify, end });
    await vi.advanceTimersByTimeAsync(15_000);
    expect(localStorage.getItem('access')).toBeNull();
    expect(localStorage.getItem('email')).toBeNull();
    expect(localStorage.getItem('auth_error_message')).toBe('Session revoked');
    expect(notify).toHaveBeenCalledWith('ended');
    expect(end).toHaveBeenCalledTimes(1);
    // The loop stops after ending the session.
    await vi.advanceTimersByTimeAsync(45_000);
    expect(verify).toHaveBeenCalledTimes(1);
  });

  it("stores 'Session expired' when the server gives no message", async () => {
    const verify = vi.fn().mockRejectedValue(new ApiError(401, undefined, '', undefined));
    startSessionMonitor({ verify, notify: vi.fn(), end: vi.fn() });
    await vi.advanceTimersByTimeAsync(15_000);
    expect(localStorage.getItem('auth_error_message')).toBe('Session expired');
  });

  it('on a network failure shows the verification-failed toast and ends', async () => {
    const verify = vi.fn().mockRejectedValue(new ApiError(0, 'NETWORK_ERROR', 'Network error', undefined));
    const notify = vi.fn();
    const end = vi.fn();
    startSessionMonitor({ verify, notify, end });
    await vi.advanceTimersByTimeAsync(15_000);
    expect(notify).toHaveBeenCalledWith('verification-failed');
    expect(end).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('access')).toBeNull();
    expect(localStorage.getItem('auth_error_message')).toBeNull();
  });
});

describe('a verification cut off as the page is left (a reload)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.setItem('access', 'tok');
    localStorage.setItem('email', 'member@example.com');
  });
  afterEach(() => {
    window.dispatchEvent(new Event('pageshow'));
    vi.useRealTimers();
  });
  const cutOff = () => new ApiError(0, 'NETWORK_ERROR', 'Network error', undefined);

  it('keeps the session for the next page: no sign-out, no toast', async () => {
    const verify = vi.fn().mockRejectedValue(cutOff());
    const notify = vi.fn();
    const end = vi.fn();
    const stop = startSessionMonitor({ verify, notify, end });
    window.dispatchEvent(new Event('beforeunload'));
    await requestSessionCheck();
    window.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(5_000);
    await requestSessionCheck();
    expect(verify).toHaveBeenCalledTimes(2);
    expect(localStorage.getItem('access')).toBe('tok');
    expect(localStorage.getItem('email')).toBe('member@example.com');
    expect(notify).not.toHaveBeenCalled();
    expect(end).not.toHaveBeenCalled();
    stop();
  });

  it('a refusal still ends it while leaving', async () => {
    const verify = vi.fn().mockRejectedValue(new ApiError(401, 'UNAUTHORIZED', 'Session revoked', 'Session revoked'));
    const end = vi.fn();
    startSessionMonitor({ verify, notify: vi.fn(), end });
    window.dispatchEvent(new Event('beforeunload'));
    await requestSessionCheck();
    expect(localStorage.getItem('access')).toBeNull();
    expect(end).toHaveBeenCalledTimes(1);
  });

  it('a page that stayed (back from the cache, or a download) signs out on a network failure again', async () => {
    const verify = vi.fn().mockRejectedValue(cutOff());
    const end = vi.fn();
    startSessionMonitor({ verify, notify: vi.fn(), end });
    window.dispatchEvent(new Event('beforeunload'));
    await vi.advanceTimersByTimeAsync(LEAVE_GRACE_MS);
    await requestSessionCheck();
    expect(end).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('access')).toBeNull();

    localStorage.setItem('access', 'tok');
    const again = vi.fn();
    startSessionMonitor({ verify, notify: vi.fn(), end: again });
    window.dispatchEvent(new Event('pagehide'));
    window.dispatchEvent(new Event('pageshow'));
    await requestSessionCheck();
    expect(again).toHaveBeenCalledTimes(1);
  });
});

describe('a verification asked for now (the live stream ended)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.setItem('access', 'tok');
    localStorage.setItem('email', 'member@example.com');
  });
  afterEach(() => vi.useRealTimers());

  it('runs at once and resolves once answered; with no monitor it resolves at once', async () => {
    await expect(requestSessionCheck()).resolves.toBeUndefined();
    const verify = vi.fn().mockRejectedValue(new ApiError(401, 'UNAUTHORIZED', 'Session revoked', 'Session revoked'));
    const end = vi.fn();
    startSessionMonitor({ verify, notify: vi.fn(), end });
    await requestSessionCheck();
    expect(verify).toHaveBeenCalledTimes(1);
    expect(end).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('auth_error_message')).toBe('Session revoked');
  });

  it('asked while a verification is out, runs once more after it: that one may predate the revocation', async () => {
    let answerFirst!: () => void;
    const verify = vi
      .fn()
      .mockImplementationOnce(() => new Promise<void>((resolve) => (answerFirst = resolve)))
      .mockRejectedValueOnce(new ApiError(401, 'UNAUTHORIZED', 'Session revoked', 'Session revoked'));
    const notify = vi.fn();
    const end = vi.fn();
    startSessionMonitor({ verify, notify, end });
    await vi.advanceTimersByTimeAsync(15_000); // the tick's verification is out
    const asked = requestSessionCheck();
    const alsoAsked = requestSessionCheck(); // requests meanwhile share the one queued verification
    let settled = false;
    void asked.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    answerFirst();
    await Promise.all([asked, alsoAsked]);
    expect(verify).toHaveBeenCalledTimes(2);
    expect(notify).toHaveBeenCalledWith('ended');
    expect(end).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('auth_error_message')).toBe('Session revoked');
  });

  it('the 15 s tick does not pile up behind a slow verification', async () => {
    const verify = vi.fn().mockImplementation(() => new Promise(() => {}));
    const stop = startSessionMonitor({ verify, notify: vi.fn(), end: vi.fn() });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(verify).toHaveBeenCalledTimes(1);
    stop();
    await expect(requestSessionCheck()).resolves.toBeUndefined(); // a stopped monitor is not asked
  });
});
