// The API's answers over 1 KB compressed for a client that accepts it (plugins/compression.ts):
// JSON and the streamed CSV export read back the same as uncompressed; small answers and clients
// that accept nothing are sent as they are.
import type { IngestEventInput } from '@app/contracts';
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './test-app.ts';
import { createAccount, ev, ingest, setupWorld, type TradingWorld } from './trading-fixtures.ts';

let t: TestContext;
let w: TradingWorld;
let account: { id: string; login: string };

beforeAll(async () => {
  t = await createTestApp();
  w = await setupWorld(t);
  account = await createAccount(t, w);
  const start = Date.UTC(2026, 2, 2, 8);
  const events: IngestEventInput[] = Array.from({ length: 40 }, (_, n) =>
    ev.trade(
      `z-${n}`,
      account.login,
      new Date(start + n * 600_000).toISOString(),
      new Date(start + n * 600_000 + 120_000).toISOString(),
      n % 2 ? 3.5 : -2.25,
    ),
  );
  expect((await ingest(t, w.connectorKey, events)).statusCode).toBe(200);
});
afterAll(() => t.close());

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { ...w.member.headers, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
  });

describe('compressed API answers', () => {
  it('sends a JSON page as brotli to a browser, the same JSON once decoded', async () => {
    const url = `/api/accounts/${account.id}/trades?limit=40`;
    const plain = await get(url);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await get(url, 'gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
  });

  it('streams the CSV export as gzip to a client that takes only gzip', async () => {
    const url = `/api/accounts/${account.id}/trades.csv`;
    const plain = await get(url);
    const gz = await get(url, 'gzip');
    expect(gz.statusCode).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-type']).toMatch(/^text\/csv/);
    expect(gz.headers['content-disposition']).toBe(plain.headers['content-disposition']);
    const text = gunzipSync(gz.rawPayload).toString();
    expect(text).toBe(plain.body);
    expect(text.trim().split('\n')).toHaveLength(41);
  });

  it('sends small answers, and answers to clients that take neither, as they are', async () => {
    const check = await get('/api/auth/verify-token', 'br, gzip');
    expect(check.statusCode).toBe(200);
    expect(check.headers['content-encoding']).toBeUndefined();
    for (const encoding of ['identity', 'deflate']) {
      const res = await get(`/api/accounts/${account.id}/trades?limit=40`, encoding);
      expect(res.headers['content-encoding'], encoding).toBeUndefined();
      expect(res.json().trades, encoding).toHaveLength(40);
    }
  });

  it('an error answer keeps its shape and security headers', async () => {
    const res = await get(`/api/accounts/${account.id}/trades?limit=abc`, 'br');
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('leaves the live stream as it is, so each event arrives at once', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const head = await new Promise<{ encoding?: string; type?: string; first: string }>((resolve, reject) => {
      const req = http.get(
        {
          host: '127.0.0.1',
          port,
          path: '/api/accounts/stream',
          headers: { ...w.member.headers, accept: 'text/event-stream', 'accept-encoding': 'br, gzip' },
          agent: false,
        },
        (res) => {
          res.once('data', (chunk: Buffer) => {
            resolve({
              encoding: res.headers['content-encoding'],
              type: res.headers['content-type'],
              first: chunk.toString(),
            });
            req.destroy();
          });
        },
      );
      req.on('error', reject);
    });
    expect(head.type).toMatch(/^text\/event-stream/);
    expect(head.encoding).toBeUndefined();
    expect(head.first).toContain(': connected');
  });
});
