import { webhookReceivedSchema } from '@app/contracts/commerce';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/responses.ts';
import type { OrdersService } from './orders.service.ts';
import { parseStripeWebhook } from './stripe-webhook.ts';

/**
 * POST /api/webhooks/stripe: public, authenticated by its signature over the raw body. The raw
 * body parser is registered in this route's own context only; every other route keeps JSON.
 */
export function registerStripeWebhookRoute(
  fastify: FastifyInstance,
  deps: { orders: OrdersService; webhookSecret: string },
): void {
  void fastify.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    scope.withTypeProvider<ZodTypeProvider>().post('/api/webhooks/stripe', {
      config: { access: 'public' },
      schema: {
        tags: ['orders'],
        description:
          'Stripe events (Stripe-Signature verified over the raw body). A replayed event id answers 200 and changes nothing.',
        response: { 200: webhookReceivedSchema, ...errorResponses },
      },
      handler: async (req) => {
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const header = req.headers['stripe-signature'];
        const signature = Array.isArray(header) ? header[0] : header;
        return deps.orders.handleNotice('stripe', parseStripeWebhook(raw, signature, deps.webhookSecret));
      },
    });
  });
}
