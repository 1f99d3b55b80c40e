import {
  adminPayoutDetailSchema,
  adminPayoutResponseSchema,
  eligibilityQuerySchema,
  eligibilityResponseSchema,
  myPayoutListResponseSchema,
  myPayoutsQuerySchema,
  payoutIdParamsSchema,
  payoutListQuerySchema,
  payoutListResponseSchema,
  payoutMarkPaidSchema,
  payoutRejectSchema,
  payoutRequestSchema,
  payoutResponseSchema,
} from '@app/contracts/payouts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { localeOf } from '../../lib/mail-locale.ts';
import { requirePrincipal } from '../../plugins/access.ts';
import { errorResponses } from '../../plugins/responses.ts';
import { registerScopedReads, scopedRead } from '../../plugins/scoped-reads.ts';
import type { PayoutDeskService } from './payout-desk.service.ts';
import type { PayoutsService } from './payouts.service.ts';

/**
 * Members: eligibility, their payouts, request and cancel; staff read the same under
 * /api/admin/users/:userId/. The staff queue: every staff role reads, only ADMIN decides.
 */
export function registerPayoutRoutes(
  fastify: FastifyInstance,
  deps: { payouts: PayoutsService; desk: PayoutDeskService },
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['payouts'];
  const { payouts, desk } = deps;
  const params = payoutIdParamsSchema;

  registerScopedReads(fastify, { tags, staffScope: async (userId) => ({ userId }) }, [
    scopedRead({
      path: 'payouts/eligibility',
      querystring: eligibilityQuerySchema,
      response: eligibilityResponseSchema,
      handler: (scope, { query }) => payouts.eligibility(scope.userId, query.accountId),
    }),
    scopedRead({
      path: 'payouts',
      querystring: myPayoutsQuerySchema,
      response: myPayoutListResponseSchema,
      handler: (scope, { query }) => payouts.listMine(scope.userId, query),
    }),
  ]);

  app.post('/api/payouts', {
    config: { access: 'member' },
    // The answer is built from typed rows (toPayoutDto): the schema documents and types it while
    // plain JSON.stringify writes it, as verify-token does (decision 005).
    serializerCompiler: () => (data) => JSON.stringify(data),
    schema: {
      tags,
      description:
        'Requests a payout of the trader share from a funded account. 400 PAYOUT_ABOVE_AVAILABLE / PAYOUT_BELOW_MINIMUM; 409 PAYOUT_ACCOUNT_NOT_FUNDED, PAYOUT_NOT_ELIGIBLE, PAYOUT_OPEN_REQUEST_EXISTS.',
      body: payoutRequestSchema,
      response: { 201: payoutResponseSchema, ...errorResponses },
    },
    handler: async (req, reply) =>
      reply
        .code(201)
        .send(await payouts.request(requirePrincipal(req), req.body, localeOf(req.headers['accept-language']))),
  });

  app.post('/api/payouts/:id/cancel', {
    config: { access: 'member' },
    schema: { tags, params, response: { 200: payoutResponseSchema, ...errorResponses } },
    handler: (req) => payouts.cancel(requirePrincipal(req), req.params.id),
  });

  app.get('/api/admin/payouts', {
    config: { access: 'staff' },
    schema: {
      tags,
      querystring: payoutListQuerySchema,
      response: { 200: payoutListResponseSchema, ...errorResponses },
    },
    handler: (req) => desk.list(req.query),
  });

  app.get('/api/admin/payouts/:id', {
    config: { access: 'staff' },
    schema: { tags, params, response: { 200: adminPayoutDetailSchema, ...errorResponses } },
    handler: (req) => desk.detail(req.params.id),
  });

  const action = { 200: adminPayoutResponseSchema, ...errorResponses };
  app.post('/api/admin/payouts/:id/approve', {
    config: { access: 'admin' },
    schema: {
      tags,
      description: 'Re-checks eligibility now. 409 PAYOUT_WRONG_STATE names the state another action left it in.',
      params,
      response: action,
    },
    handler: (req) => desk.approve(requirePrincipal(req), req.params.id),
  });

  app.post('/api/admin/payouts/:id/reject', {
    config: { access: 'admin' },
    schema: {
      tags,
      description:
        'Rejects a requested or approved payout with a reason. 409 PAYOUT_ALREADY_WITHDRAWN once the bridge has reported its withdrawal: mark it paid instead.',
      params,
      body: payoutRejectSchema,
      response: action,
    },
    handler: (req) => desk.reject(requirePrincipal(req), req.params.id, req.body.reason),
  });

  app.post('/api/admin/payouts/:id/mark-paid', {
    config: { access: 'admin' },
    schema: {
      tags,
      description:
        "Withdraws the paid profit from the account (a withdrawal balance event), stores the reference and issues the payout certificate. When the account's bridge has reported the payout's withdrawal already (`reportedWithdrawal` on the detail), nothing more is withdrawn.",
      params,
      body: payoutMarkPaidSchema,
      response: action,
    },
    handler: (req) => desk.markPaid(requirePrincipal(req), req.params.id, req.body.reference),
  });
}
