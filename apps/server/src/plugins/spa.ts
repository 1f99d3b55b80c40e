import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const webDistDir = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/**
 * Serves the built single-page app: real files as they are, any other non-API GET gets
 * index.html so the client router decides. Unknown /api paths answer JSON 404 elsewhere.
 */
export async function registerSpa(app: FastifyInstance, distDir = webDistDir): Promise<void> {
  if (!existsSync(distDir)) {
    app.log.warn({ distDir }, 'web app not built: only the API is served');
    return;
  }
  await app.register(fastifyStatic, { root: distDir, serve: false });
  // The build does not change while the server runs: list its files once, not per request.
  const files = new Set(
    readdirSync(distDir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => `${e.parentPath}/${e.name}`.slice(distDir.length + 1)),
  );
  app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, async (req, reply) => {
    const path = decodeURIComponent(req.url.split('?')[0] ?? '/');
    if (path.startsWith('/api/')) {
      return reply.code(404).send({ code: 'NOT_FOUND', message: 'The requested route is not found' });
    }
    const file = path.replace(/^\/+/, '');
    if (files.has(file)) {
      const immutable = file.startsWith('assets/');
      return reply.sendFile(file, { maxAge: immutable ? '365d' : 0, immutable });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
