import { firstPaintRequestSchema, firstPaintResponseSchema } from '@app/contracts/first-paint';
import type { User } from '@app/contracts/auth';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, notFound } from '../../lib/app-error.ts';
import { requirePrincipal } from '../../plugins/access.ts';
import { errorResponses } from '../../plugins/responses.ts';
import type { FirstPaintRenderer } from './renderer.ts';

/** Accounts whose overviews the page is drawn with; a member with more gets their figures a moment later. */
const MAX_OVERVIEWS = 12;
/** Pages drawn at once; beyond it the browser draws its own (a render holds the event loop ~20–60 ms). */
const MAX_RENDERING = 2;

/**
 * POST /api/first-paint: the member's page drawn by the web app's own components with their data,
 * so their browser paints it before the app's JavaScript has loaded (decision 037). The data is
 * read through the app's own routes with the caller's session, so it is exactly what the app would
 * be answered, access rules and all.
 */
export function registerFirstPaintRoutes(
  fastify: FastifyInstance,
  deps: { renderer: () => Promise<FirstPaintRenderer | null> },
): void {
  let rendering = 0;

  /** A GET of the app's own API as the caller; a refusal is answered as it was. */
  const read = async (req: FastifyRequest, url: string): Promise<unknown> => {
    const res = await fastify.inject({ method: 'GET', url, headers: { authorization: req.headers.authorization } });
    const body: unknown = res.json();
    if (res.statusCode !== 200) {
      const { code, message } = body as { code: AppError['code']; message: string };
      throw new AppError(code, res.statusCode, message);
    }
    return body;
  };

  fastify.withTypeProvider<ZodTypeProvider>().post('/api/first-paint', {
    config: { access: 'member' },
    schema: {
      tags: ['session'],
      summary: "A signed-in page's first paint, drawn on the server",
      body: firstPaintRequestSchema,
      response: { 200: firstPaintResponseSchema, ...errorResponses },
    },
    handler: async (req) => {
      const principal = requirePrincipal(req);
      // Staff's /accounts sends them to their dashboard: nothing to draw.
      if (principal.role !== 'USER') throw notFound('first paint');
      const renderer = await deps.renderer();
      if (!renderer) throw notFound('first paint');
      if (rendering >= MAX_RENDERING) {
        throw new AppError('SERVICE_UNAVAILABLE', 503, 'Busy drawing other pages; the app draws this one', {
          'retry-after': '1',
        });
      }
      rendering++;
      try {
        const userPath = `/api/user/${encodeURIComponent(principal.email)}`;
        const [userBody, config, accounts] = await Promise.all([
          read(req, userPath),
          read(req, '/api/config'),
          read(req, '/api/accounts'),
        ]);
        const list = (accounts as { accounts: Array<{ id: string; status: string }> }).accounts;
        const overviewPaths = list
          .filter((a) => a.status !== 'pending')
          .slice(0, MAX_OVERVIEWS)
          .map((a) => `/api/accounts/${encodeURIComponent(a.id)}`);
        const overviews = await Promise.all(overviewPaths.map((p) => read(req, p)));
        const bodies = {
          [userPath]: userBody,
          '/api/config': config,
          '/api/accounts': accounts,
          ...Object.fromEntries(overviewPaths.map((p, i) => [p, overviews[i]])),
        };
        const html = await renderer.render({
          path: req.body.path,
          user: (userBody as { user: User }).user,
          bodies,
          storage: req.body.storage,
          timeZone: req.body.timeZone,
          viewportWidth: req.body.viewportWidth,
        });
        return { html, bodies };
      } finally {
        rendering--;
      }
    },
  });
}
