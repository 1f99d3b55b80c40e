// What the browser receives for the built web app: the build's brotli and gzip copies chosen by
// Accept-Encoding, with the original's content type and `vary: accept-encoding`; hashed assets
// cached for a year as immutable, index.html and other unhashed files revalidated (no-cache).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './test-app.ts';

// A dist laid out as `vite build` writes it (apps/web/vite-plugins.ts: precompress, routeShells).
const dist = mkdtempSync(join(tmpdir(), 'fp-static-'));

const js = `export const answer = ${JSON.stringify('forty-two '.repeat(400))};\n`;
const css = `.card{padding:1rem;color:#333}\n`.repeat(80);
const indexHtml = `<!doctype html><html><head><title>app</title></head><body>${'<!-- index -->'.repeat(80)}</body></html>`;
const authHtml = indexHtml.replace(
  '<title>app</title>',
  '<title>app</title><link rel="modulepreload" href="/assets/app-Ab12Cd34.js">',
);
const files: Record<string, string> = {
  'index.html': indexHtml,
  'auth/index.html': authHtml,
  'assets/app-Ab12Cd34.js': js,
  'assets/index-Ef56Gh78.css': css,
  'assets/tiny-Ij90Kl12.js': 'export{};',
  'media/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
};

let t: TestContext;
beforeAll(async () => {
  for (const [name, body] of Object.entries(files)) {
    const path = join(dist, name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, body);
    if (body.length >= 1024) {
      writeFileSync(`${path}.br`, brotliCompressSync(body));
      writeFileSync(`${path}.gz`, gzipSync(body));
    }
  }
  t = await createTestApp({ deps: { serveWeb: dist } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('static assets', () => {
  it('sends a hashed asset as brotli when the browser takes br, cached as immutable', async () => {
    const res = await get('/assets/app-Ab12Cd34.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript; charset=utf-8$/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.rawPayload.length).toBeLessThan(js.length / 4);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(js);
  });

  it('sends gzip when the browser takes only gzip', async () => {
    const res = await get('/assets/index-Ef56Gh78.css', { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(gunzipSync(res.rawPayload).toString()).toBe(css);
  });

  it('sends the file itself when the browser takes neither, or refuses br', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'deflate' }] as Array<
      Record<string, string>
    >) {
      const res = await get('/assets/app-Ab12Cd34.js', headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.body).toBe(js);
    }
    const noBr = await get('/assets/app-Ab12Cd34.js', { 'accept-encoding': 'br;q=0, gzip' });
    expect(noBr.headers['content-encoding']).toBe('gzip');
  });

  it('sends a small file without compressed copies as it is, still immutable', async () => {
    const res = await get('/assets/tiny-Ij90Kl12.js', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.body).toBe('export{};');
  });

  it('revalidates index.html (no-cache) at / and on client routes, compressed too', async () => {
    for (const url of ['/', '/index.html', '/accounts', '/users/42/edit-user?tab=1']) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.headers.vary, url).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(indexHtml);
    }
    const first = await get('/accounts');
    const again = await get('/accounts', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('answers a path under a route shell with that shell (its preloads), no-cache', async () => {
    for (const url of ['/auth', '/auth/', '/auth/login', '/auth/login/admin']) {
      const res = await get(url, { 'accept-encoding': 'gzip' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(gunzipSync(res.rawPayload).toString(), url).toBe(authHtml);
    }
    expect((await get('/authors')).body).toBe(indexHtml);
  });

  it('revalidates unhashed public files', async () => {
    const res = await get('/media/logo.svg', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-type']).toBe('image/svg+xml');
  });

  it('answers 404 for a hashed asset the build does not have, and for the compressed copies', async () => {
    for (const url of ['/assets/app-OldHash1.js', '/assets/app-Ab12Cd34.js.br', '/assets/app-Ab12Cd34.js.gz']) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code, url).toBe('NOT_FOUND');
    }
  });
});
