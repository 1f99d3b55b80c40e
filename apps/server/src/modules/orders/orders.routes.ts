import {
  checkoutRequestSchema,
  myOrderListResponseSchema,
  myOrdersQuerySchema,
  orderIdParamsSchema,
  orderResponseSchema,
  quoteRequestSchema,
  quoteSchema,
} from '@app/contracts/commerce';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock.ts';
import { requirePrincipal } from '../../plugins/access.ts';
import { errorResponses } from '../../plugins/responses.ts';
import { registerScopedReads, scopedRead } from '../../plugins/scoped-reads.ts';
import { localeOf } from './mail-texts.ts';
import type { OrdersService } from './orders.service.ts';
import type { IpRateLimit } from '../../db/ip-rate-limit.ts';

/** An invoice PDF as a download named after its number. */
export function sendPdf(reply: FastifyReply, file: { filename: string; pdf: Buffer }) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .send(file.pdf);
}

/** Buying (quote, checkout, retry) and a member's orders; staff read the same under /api/admin/users/:userId/. */
export function registerOrderRoutes(
  fastify: FastifyInstance,
  deps: { orders: OrdersService; quoteLimit: IpRateLimit; clock: Clock },
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['orders'];
  const { orders } = deps;

  // Public (the catalogue shows prices before signing in), throttled per address.
  app.post('/api/orders/quote', {
    config: { access: 'public' },
    schema: { tags, body: quoteRequestSchema, response: { 200: quoteSchema, ...errorResponses } },
    handler: async (req) => {
      await deps.quoteLimit.hit(req.ip, deps.clock.now().getTime());
      return orders.quote(req.body);
    },
  });

  app.post('/api/orders', {
    config: { access: 'member' },
    schema: {
      tags,
      description:
        'Places an order and starts its payment. 503 PAYMENT_PROVIDER_UNAVAILABLE: the order is stored as pending; retry with POST /api/orders/{id}/retry.',
      body: checkoutRequestSchema,
      response: { 201: orderResponseSchema, ...errorResponses },
    },
    handler: async (req, reply) => {
      const order = await orders.checkout(requirePrincipal(req), req.body, localeOf(req.headers['accept-language']));
      return reply.code(201).send({ order });
    },
  });

  app.post('/api/orders/:id/retry', {
    config: { access: 'member' },
    schema: { tags, params: orderIdParamsSchema, response: { 200: orderResponseSchema, ...errorResponses } },
    handler: async (req) => ({ order: await orders.retry(requirePrincipal(req), req.params.id) }),
  });

  app.get('/api/orders/:id/invoice.pdf', {
    config: { access: 'member' },
    schema: {
      tags,
      description: 'The invoice of a paid or refunded order (application/pdf).',
      params: orderIdParamsSchema,
      response: errorResponses,
    },
    handler: async (req, reply) =>
      sendPdf(reply, await orders.invoices.pdf({ userId: requirePrincipal(req).userId }, req.params.id)),
  });

  registerScopedReads(fastify, { tags, staffScope: (userId) => orders.staffScope(userId) }, [
    scopedRead({
      path: 'orders',
      querystring: myOrdersQuerySchema,
      response: myOrderListResponseSchema,
      handler: (scope, { query }) => orders.listMine(scope, query),
    }),
    scopedRead({
      path: 'orders/:id',
      params: orderIdParamsSchema,
      response: orderResponseSchema,
      handler: (scope, { params }) => orders.getMine(scope, params.id),
    }),
  ]);
}
