import {
  adminOrderDetailSchema,
  adminOrderResponseSchema,
  discountCodeInputSchema,
  discountCodeListQuerySchema,
  discountCodeListResponseSchema,
  discountCodePatchSchema,
  discountCodeResponseSchema,
  markPaidRequestSchema,
  orderActionRequestSchema,
  orderIdParamsSchema,
  orderListQuerySchema,
  orderListResponseSchema,
} from '@app/contracts/commerce';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendCsv } from '../../lib/csv-reply.ts';
import { requirePrincipal } from '../../plugins/access.ts';
import { errorResponses } from '../../plugins/responses.ts';
import type { DiscountCodesService } from './discount-codes.service.ts';
import { sendPdf } from './orders.routes.ts';
import type { OrdersService } from './orders.service.ts';

/** The orders desk: staff read everything (SUPPORT included); only ADMIN changes anything. */
export function registerAdminOrderRoutes(
  fastify: FastifyInstance,
  deps: { orders: OrdersService; discountCodes: DiscountCodesService },
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['orders'];
  const { orders, discountCodes } = deps;
  const params = orderIdParamsSchema;
  const action = { 200: adminOrderResponseSchema, ...errorResponses };

  app.get('/api/admin/orders', {
    config: { access: 'staff' },
    schema: { tags, querystring: orderListQuerySchema, response: { 200: orderListResponseSchema, ...errorResponses } },
    handler: (req) => orders.adminList(req.query),
  });

  app.get('/api/admin/orders.csv', {
    config: { access: 'staff' },
    schema: {
      tags,
      description: 'The filtered order list as CSV (text/csv, UTF-8, RFC 4180), newest first, streamed in chunks.',
      querystring: orderListQuerySchema,
      response: errorResponses,
    },
    handler: async (req, reply) => sendCsv(reply, 'orders.csv', orders.adminCsv(req.query)),
  });

  app.get('/api/admin/orders/:id', {
    config: { access: 'staff' },
    schema: { tags, params, response: { 200: adminOrderDetailSchema, ...errorResponses } },
    handler: (req) => orders.adminDetail(req.params.id),
  });

  app.get('/api/admin/orders/:id/invoice.pdf', {
    config: { access: 'staff' },
    schema: {
      tags,
      description: 'The invoice of a paid or refunded order (application/pdf).',
      params,
      response: errorResponses,
    },
    handler: async (req, reply) => sendPdf(reply, await orders.invoices.pdf('staff', req.params.id)),
  });

  // Bodies are optional: no body at all (null) means no reference or reason.
  app.post('/api/admin/orders/:id/mark-paid', {
    config: { access: 'admin' },
    schema: { tags, params, body: markPaidRequestSchema.nullish(), response: action },
    handler: (req) => orders.staffMarkPaid(requirePrincipal(req), req.params.id, req.body?.reference ?? ''),
  });

  app.post('/api/admin/orders/:id/cancel', {
    config: { access: 'admin' },
    schema: { tags, params, body: orderActionRequestSchema.nullish(), response: action },
    handler: (req) => orders.cancel(requirePrincipal(req), req.params.id, req.body?.reason ?? ''),
  });

  app.post('/api/admin/orders/:id/refund', {
    config: { access: 'admin' },
    schema: { tags, params, body: orderActionRequestSchema.nullish(), response: action },
    handler: (req) => orders.refund(requirePrincipal(req), req.params.id, req.body?.reason ?? ''),
  });

  app.get('/api/admin/discount-codes', {
    config: { access: 'staff' },
    schema: {
      tags,
      querystring: discountCodeListQuerySchema,
      response: { 200: discountCodeListResponseSchema, ...errorResponses },
    },
    handler: (req) => discountCodes.list(req.query),
  });

  app.post('/api/admin/discount-codes', {
    config: { access: 'admin' },
    schema: { tags, body: discountCodeInputSchema, response: { 201: discountCodeResponseSchema, ...errorResponses } },
    handler: async (req, reply) => reply.code(201).send(await discountCodes.create(requirePrincipal(req), req.body)),
  });

  app.patch('/api/admin/discount-codes/:id', {
    config: { access: 'admin' },
    schema: {
      tags,
      params,
      body: discountCodePatchSchema,
      response: { 200: discountCodeResponseSchema, ...errorResponses },
    },
    handler: (req) => discountCodes.setActive(requirePrincipal(req), req.params.id, req.body.active),
  });
}
