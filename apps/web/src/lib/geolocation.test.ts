import { afterEach, describe, expect, it, vi } from 'vitest';
import { lookupGeolocation } from './geolocation';

describe('geolocation before login', () => {
  afterEach(() => vi.useRealTimers());

  it('returns the JSON object, asked without credentials', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValue(new Response(JSON.stringify({ country: 'CZ', ip: '1.2.3.4' }), { status: 200 }));
    globalThis.fetch = fetchMock;
    await expect(lookupGeolocation('https://geo.example/json')).resolves.toEqual({ country: 'CZ', ip: '1.2.3.4' });
    expect(fetchMock.mock.calls[0]![1].credentials).toBe('omit');
  });

  it('gives null after 1.5 s when the service does not answer', async () => {
    vi.useFakeTimers();
    globalThis.fetch = vi.fn(
      (_url: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    ) as typeof fetch;
    const result = lookupGeolocation('https://geo.example/json');
    await vi.advanceTimersByTimeAsync(1_500);
    await expect(result).resolves.toBeNull();
  });

  it('gives null on an error status, a non-object or a network failure', async () => {
    globalThis.fetch = vi.fn().mockResolvedValue(new Response('nope', { status: 500 }));
    await expect(lookupGeolocation('https://geo.example/json')).resolves.toBeNull();
    globalThis.fetch = vi.fn().mockResolvedValue(new Response('[1,2]', { status: 200 }));
    await expect(lookupGeolocation('https://geo.example/json')).resolves.toBeNull();
    globalThis.fetch = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(lookupGeolocation('https://geo.example/json')).resolves.toBeNull();
  });

  it('gives null for an answer the login request would refuse: a NUL byte, too deep', async () => {
    globalThis.fetch = vi
      .fn()
      .mockResolvedValue(new Response(JSON.stringify({ city: 'Pra\u0000gue' }), { status: 200 }));
    await expect(lookupGeolocation('https://geo.example/json')).resolves.toBeNull();
    let deep: Record<string, unknown> = { x: 1 };
    for (let i = 0; i < 50; i++) deep = { d: deep };
    globalThis.fetch = vi.fn().mockResolvedValue(new Response(JSON.stringify(deep), { status: 200 }));
    await expect(lookupGeolocation('https://geo.example/json')).resolves.toBeNull();
  });
});
