import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api-client';
import { startSessionMonitor } from './session-monitor';

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
