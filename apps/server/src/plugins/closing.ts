import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** From now on every new request is answered 503 (shutdown, before the listener closes). */
    refuseNewRequests(): void;
  }
}

/**
 * While the server closes (and during the drain before it, see main.ts), new requests are refused
 * with our 503 (`SERVICE_UNAVAILABLE`, Retry-After, the security headers), so a load balancer
 * tries another instance. Fastify's own `return503OnClosing` answers before every hook, with its
 * raw shape and none of our headers; it is off (app.ts), and this hook runs after the headers'.
 */
export function refuseWhileClosing(app: FastifyInstance): void {
  let closing = false;
  app.decorate('refuseNewRequests', () => {
    closing = true;
  });
  app.addHook('preClose', async () => {
    closing = true;
  });
  // A callback hook, not an async one: it runs on every request, and an async hook costs a promise each.
  app.addHook('onRequest', (_req, _reply, done) => {
    if (!closing) return done();
    // Connection: close, so a keep-alive client opens its next request elsewhere.
    done(
      new AppError('SERVICE_UNAVAILABLE', 503, 'The server is restarting. Please try again.', {
        'retry-after': '1',
        connection: 'close',
      }),
    );
  });
}
