// A signed-in page's first paint, drawn on the server by the web app's own components (decision 037).
import type { FastifyInstance } from 'fastify';
import { registerFirstPaintRoutes } from './first-paint.routes.ts';
import { builtRenderer, type FirstPaintInput, type FirstPaintRenderer } from './renderer.ts';

export type { FirstPaintInput, FirstPaintRenderer } from './renderer.ts';

/** Drawn once while the server starts: the first member's page is not the one paying for the load. */
const warmUp = (): FirstPaintInput => ({
  path: '/accounts',
  user: {
    id: 'warm-up',
    email: 'warm-up@example.invalid',
    firstName: 'Warm',
    lastName: 'Up',
    role: 'USER',
    status: 'active',
    createdAt: new Date(0).toISOString(),
  },
  bodies: { '/api/accounts': { accounts: [] } },
  storage: {},
});

export function register(app: FastifyInstance, deps: { renderer?: () => Promise<FirstPaintRenderer | null> }): void {
  const renderer = deps.renderer ?? builtRenderer();
  // In the background once the server is ready (~0.5 s to load, ~0.2 s for a first drawing).
  app.addHook('onReady', () => {
    void renderer()
      .then((r) => r?.render(warmUp()))
      .catch((err: unknown) => app.log.error({ err }, 'first paint: the renderer did not load'));
  });
  registerFirstPaintRoutes(app, { renderer });
}
