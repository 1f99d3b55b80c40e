import {
  accountIdParamsSchema, accountListResponseSchema, adminAccountsQuerySchema, closeAccountRequestSchema, accountOverviewResponseSchema, accountResponseSchema,
  createAccountRequestSchema, dailyResponseSchema, equityQuerySchema, equityResponseSchema, tradesQuerySchema,
  tradesResponseSchema, userAccountParamsSchema, userParamsSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../plugins/access.ts';
import { errorResponses } from '../../plugins/responses.ts';
import type { AccountsService } from './accounts.service.ts';

export function registerAccountRoutes(fastify: FastifyInstance, deps: { accounts: AccountsService }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['accounts'];
  const svc = deps.accounts;

  // ---- members: their own accounts only (anyone else's answers 404)
  app.get('/api/accounts', {
    config: { access: 'member' },
    schema: { tags, response: { 200: accountListResponseSchema, ...errorResponses } },
    handler: async (req) => ({ accounts: await svc.list({ userId: requirePrincipal(req).userId }) }),
  });

  app.get('/api/accounts/:id', {
    config: { access: 'member' },
    schema: { tags, params: accountIdParamsSchema, response: { 200: accountOverviewResponseSchema, ...errorResponses } },
    handler: (req) => svc.overview({ userId: requirePrincipal(req).userId }, req.params.id),
  });

  app.get('/api/accounts/:id/trades', {
    config: { access: 'member' },
    schema: {
      tags, params: accountIdParamsSchema, querystring: tradesQuerySchema,
      response: { 200: tradesResponseSchema, ...errorResponses },
    },
    handler: (req) => svc.trades({ userId: requirePrincipal(req).userId }, req.params.id, req.query),
  });

  app.get('/api/accounts/:id/equity', {
    config: { access: 'member' },
    schema: {
      tags, params: accountIdParamsSchema, querystring: equityQuerySchema,
      response: { 200: equityResponseSchema, ...errorResponses },
    },
    handler: (req) => svc.equity({ userId: requirePrincipal(req).userId }, req.params.id, req.query),
  });

  app.get('/api/accounts/:id/daily', {
    config: { access: 'member' },
    schema: { tags, params: accountIdParamsSchema, response: { 200: dailyResponseSchema, ...errorResponses } },
    handler: (req) => svc.daily({ userId: requirePrincipal(req).userId }, req.params.id),
  });

  // ---- staff: any user's accounts, read-only (SUPPORT included)
  app.get('/api/admin/users/:userId/accounts', {
    config: { access: 'staff' },
    schema: { tags, params: userParamsSchema, response: { 200: accountListResponseSchema, ...errorResponses } },
    handler: async (req) => ({ accounts: await svc.list(await svc.staffScope(req.params.userId)) }),
  });

  app.get('/api/admin/users/:userId/accounts/:id', {
    config: { access: 'staff' },
    schema: { tags, params: userAccountParamsSchema, response: { 200: accountOverviewResponseSchema, ...errorResponses } },
    handler: async (req) => svc.overview(await svc.staffScope(req.params.userId), req.params.id),
  });

  app.get('/api/admin/users/:userId/accounts/:id/trades', {
    config: { access: 'staff' },
    schema: {
      tags, params: userAccountParamsSchema, querystring: tradesQuerySchema,
      response: { 200: tradesResponseSchema, ...errorResponses },
    },
    handler: async (req) => svc.trades(await svc.staffScope(req.params.userId), req.params.id, req.query),
  });

  app.get('/api/admin/users/:userId/accounts/:id/equity', {
    config: { access: 'staff' },
    schema: {
      tags, params: userAccountParamsSchema, querystring: equityQuerySchema,
      response: { 200: equityResponseSchema, ...errorResponses },
    },
    handler: async (req) => svc.equity(await svc.staffScope(req.params.userId), req.params.id, req.query),
  });

  app.get('/api/admin/users/:userId/accounts/:id/daily', {
    config: { access: 'staff' },
    schema: { tags, params: userAccountParamsSchema, response: { 200: dailyResponseSchema, ...errorResponses } },
    handler: async (req) => svc.daily(await svc.staffScope(req.params.userId), req.params.id),
  });

  app.get('/api/admin/accounts', {
    config: { access: 'staff' },
    schema: { tags, querystring: adminAccountsQuerySchema, response: { 200: accountListResponseSchema, ...errorResponses } },
    handler: async (req) => ({ accounts: await svc.listAll(req.query) }),
  });

  // ---- admin writes
  app.post('/api/admin/accounts/:id/close', {
    config: { access: 'admin' },
    schema: { tags, params: accountIdParamsSchema, body: closeAccountRequestSchema, response: { 200: accountResponseSchema, ...errorResponses } },
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
}
