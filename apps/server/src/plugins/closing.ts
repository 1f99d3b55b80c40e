import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';

/**
 * While the server closes, requests still arriving on open keep-alive connections are refused
 * with our 503 (`SERVICE_UNAVAILABLE`, Retry-After, the security headers), so a load balancer
 * tries another instance. Fastify's own `return503OnClosing` answers before every hook, with its
 * raw shape and none of our headers; it is off (app.ts), and this hook runs after the headers'.
 */
export function refuseWhileClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async () => {
    if (closing) {
      throw new AppError('SERVICE_UNAVAILABLE', 503, 'The server is restarting. Please try again.', {
        'retry-after': '1',
      });
    }
  });
}
