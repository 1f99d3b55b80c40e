import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

export const webDistDir = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/** Vite names what it emits under assets/ by its content's hash: a changed file gets a new name. */
const HASHED = 'assets/';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and the public files keep their names across builds: revalidated on every use. */
const REVALIDATE = 'no-cache';
/** Copies the build compresses next to a file (apps/web/vite-plugins.ts: precompress). */
const VARIANTS = ['.br', '.gz'];

/**
 * Serves the built single-page app: real files as they are, any other non-API GET gets the nearest
 * index.html up its path (a route's shell with its preloads, else the app's) so the client router
 * decides. Unknown /api paths answer JSON 404 elsewhere.
 *
 * A file with compressed copies is sent as `<file>.br` or `<file>.gz` when the request's
 * Accept-Encoding takes one (@fastify/static's `preCompressed`, with the original's content type),
 * with `vary: accept-encoding`. Hashed assets are cached for a year as immutable; everything else
 * is revalidated (`no-cache`; ETag and Last-Modified make that a 304).
 */
export async function registerSpa(app: FastifyInstance, distDir = webDistDir): Promise<void> {
  if (!existsSync(distDir)) {
    app.log.warn({ distDir }, 'web app not built: only the API is served');
    return;
  }
  await app.register(fastifyStatic, { root: distDir, serve: false, preCompressed: true });
  // The build does not change while the server runs: list its files once, not per request.
  const listed = readdirSync(distDir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => `${e.parentPath}/${e.name}`.slice(distDir.length + 1))
    // The build's manifest (.vite/) is for tools, not browsers.
    .filter((f) => !f.startsWith('.vite/'));
  const all = new Set(listed);
  const variantOf = (f: string) => VARIANTS.some((ext) => f.endsWith(ext) && all.has(f.slice(0, -ext.length)));
  // The compressed copies are reached through their original only.
  const files = new Set(listed.filter((f) => !variantOf(f)));
  const compressed = new Set(listed.filter(variantOf).map((f) => f.slice(0, -3)));

  /** The nearest `index.html` up the path: a route's own shell (vite-plugins.ts: routeShells) or the app's. */
  const shellFor = (path: string) => {
    for (let dir = path.replace(/\/+$/, ''); dir; dir = dir.slice(0, Math.max(dir.lastIndexOf('/'), 0))) {
      if (files.has(`${dir}/index.html`)) return `${dir}/index.html`;
    }
    return 'index.html';
  };

  const send = (reply: FastifyReply, file: string, cacheControl: string) => {
    reply.header('cache-control', cacheControl);
    if (compressed.has(file)) {
      const vary = reply.getHeader('vary');
      reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
    }
    // cacheControl: false, or send would replace ours with its own `public, max-age=0`.
    return reply.sendFile(file, { cacheControl: false });
  };

  // Files come compressed from the build; none is compressed again on the fly (plugins/compression.ts).
  app.get('/*', { compress: false, config: { access: 'public' }, schema: { hide: true } }, async (req, reply) => {
    const path = decodeURIComponent(req.url.split('?')[0] ?? '/');
    if (path.startsWith('/api/')) {
      return reply.code(404).send({ code: 'NOT_FOUND', message: 'The requested route is not found' });
    }
    const file = path.replace(/^\/+/, '');
    if (files.has(file)) return send(reply, file, file.startsWith(HASHED) ? IMMUTABLE : REVALIDATE);
    // A hashed file this build does not have (a page from an older build asking for its chunks):
    // a 404, not index.html, which the browser would refuse as a script or a stylesheet anyway.
    if (file.startsWith(HASHED)) return reply.callNotFound();
    return send(reply, shellFor(file), REVALIDATE);
  });
}
