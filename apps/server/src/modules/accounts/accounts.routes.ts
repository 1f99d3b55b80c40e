import {
  accountIdParamsSchema,
  accountListResponseSchema,
  adminAccountsQuerySchema,
  closeAccountRequestSchema,
  accountOverviewResponseSchema,
  accountResponseSchema,
  breachEvidenceResponseSchema,
  createAccountRequestSchema,
  extendAccountRequestSchema,
  reinstateAccountRequestSchema,
  resetAccountRequestSchema,
  resetAccountResponseSchema,
  dailyResponseSchema,
  equityQuerySchema,
  equityResponseSchema,
  tradesQuerySchema,
  tradesResponseSchema,
} from '@app/contracts';
import { newsViolationsResponseSchema } from '@app/contracts/news';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../plugins/access.ts';
import { errorResponses } from '../../plugins/responses.ts';
import { registerScopedReads, scopedRead } from '../../plugins/scoped-reads.ts';
import type { AccountsService } from './accounts.service.ts';
import { toAccountDto } from './accounts.dto.ts';
import type { StaffOverrides } from './staff-overrides.ts';

export function registerAccountRoutes(
  fastify: FastifyInstance,
  deps: { accounts: AccountsService; overrides: StaffOverrides },
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['accounts'];
  const svc = deps.accounts;

  // ---- reads: members their own accounts (anyone else's answers 404), staff any user's (SUPPORT included)
  registerScopedReads(fastify, { tags, staffScope: (userId) => svc.staffScope(userId) }, [
    scopedRead({
      path: 'accounts',
      response: accountListResponseSchema,
      handler: async (scope) => ({ accounts: await svc.list(scope) }),
    }),
    scopedRead({
      path: 'accounts/:id',
      params: accountIdParamsSchema,
      response: accountOverviewResponseSchema,
      handler: (scope, { params }) => svc.overview(scope, params.id),
    }),
    scopedRead({
      path: 'accounts/:id/trades',
      params: accountIdParamsSchema,
      querystring: tradesQuerySchema,
      response: tradesResponseSchema,
      handler: (scope, { params, query }) => svc.trades(scope, params.id, query),
    }),
    scopedRead({
      path: 'accounts/:id/equity',
      params: accountIdParamsSchema,
      querystring: equityQuerySchema,
      response: equityResponseSchema,
      handler: (scope, { params, query }) => svc.equity(scope, params.id, query),
    }),
    scopedRead({
      path: 'accounts/:id/breach',
      params: accountIdParamsSchema,
      response: breachEvidenceResponseSchema,
      handler: (scope, { params }) => svc.breachReport(scope, params.id),
    }),
    scopedRead({
      path: 'accounts/:id/news-violations',
      params: accountIdParamsSchema,
      response: newsViolationsResponseSchema,
      handler: (scope, { params }) => svc.newsViolations(scope, params.id),
    }),
    scopedRead({
      path: 'accounts/:id/daily',
      params: accountIdParamsSchema,
      response: dailyResponseSchema,
      handler: (scope, { params }) => svc.daily(scope, params.id),
    }),
  ]);

  // ---- staff: every account
  app.get('/api/admin/accounts', {
    config: { access: 'staff' },
    schema: {
      tags,
      querystring: adminAccountsQuerySchema,
      response: { 200: accountListResponseSchema, ...errorResponses },
    },
    handler: async (req) => ({ accounts: await svc.listAll(req.query) }),
  });

  // ---- admin writes
  app.post('/api/admin/accounts/:id/close', {
    config: { access: 'admin' },
    schema: {
      tags,
      params: accountIdParamsSchema,
      body: closeAccountRequestSchema,
      response: { 200: accountResponseSchema, ...errorResponses },
    },
    handler: async (req) => ({ account: await svc.close(requirePrincipal(req), req.params.id, req.body.reason) }),
  });

  app.post('/api/admin/accounts', {
    config: { access: 'admin' },
    schema: { tags, body: createAccountRequestSchema, response: { 201: accountResponseSchema, ...errorResponses } },
    handler: async (req, reply) => {
      const account = await svc.createForUser(requirePrincipal(req), req.body);
      return reply.code(201).send({ account });
    },
  });

  // ---- admin overrides of the engine's verdicts (each with a reason, audit-logged)
  const overrides = deps.overrides;
  app.post('/api/admin/accounts/:id/reinstate', {
    config: { access: 'admin' },
    schema: {
      tags,
      params: accountIdParamsSchema,
      body: reinstateAccountRequestSchema,
      response: { 200: accountResponseSchema, ...errorResponses },
    },
    handler: async (req) => ({
      account: toAccountDto(await overrides.reinstate(requirePrincipal(req), req.params.id, req.body)),
    }),
  });

  app.post('/api/admin/accounts/:id/extend', {
    config: { access: 'admin' },
    schema: {
      tags,
      params: accountIdParamsSchema,
      body: extendAccountRequestSchema,
      response: { 200: accountResponseSchema, ...errorResponses },
    },
    handler: async (req) => ({
      account: toAccountDto(await overrides.extend(requirePrincipal(req), req.params.id, req.body)),
    }),
  });

  app.post('/api/admin/accounts/:id/reset', {
    config: { access: 'admin' },
    schema: {
      tags,
      params: accountIdParamsSchema,
      body: resetAccountRequestSchema,
      response: { 201: resetAccountResponseSchema, ...errorResponses },
    },
    handler: async (req, reply) => {
      const { account, previous } = await overrides.reset(requirePrincipal(req), req.params.id, req.body);
      return reply.code(201).send({ account: toAccountDto(account), previous: toAccountDto(previous) });
    },
  });
}
