import { accountIdParamsSchema, tradesCsvQuerySchema, userAccountParamsSchema } from '@app/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendCsv } from '../../lib/csv-reply.ts';
import { requirePrincipal } from '../../plugins/access.ts';
import { errorResponses } from '../../plugins/responses.ts';
import type { AccountsService } from './accounts.service.ts';

const description =
  'The filtered trade journal as CSV (text/csv, UTF-8, RFC 4180), newest first, streamed from the database in chunks: ' +
  'a header row, times in ISO 8601 UTC, money as decimals in the account currency.';

const csvFile = (reply: FastifyReply, file: { filename: string; body: AsyncIterable<string> }) =>
  sendCsv(reply, file.filename, file.body);

/**
 * GET /api/accounts/:id/trades.csv (a member's own account; anyone else's is a 404) and its staff
 * twin under /api/admin/users/:userId/, as the scoped reads are served (plugins/scoped-reads.ts).
 */
export function registerTradesCsvRoutes(fastify: FastifyInstance, deps: { accounts: AccountsService }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['accounts'];
  const svc = deps.accounts;

  app.get('/api/accounts/:id/trades.csv', {
    config: { access: 'member' },
    schema: {
      tags,
      description,
      params: accountIdParamsSchema,
      querystring: tradesCsvQuerySchema,
      response: errorResponses,
    },
    handler: async (req, reply) =>
      csvFile(reply, await svc.tradesCsv({ userId: requirePrincipal(req).userId }, req.params.id, req.query)),
  });

  app.get('/api/admin/users/:userId/accounts/:id/trades.csv', {
    config: { access: 'staff' },
    schema: {
      tags,
      description,
      params: userAccountParamsSchema,
      querystring: tradesCsvQuerySchema,
      response: errorResponses,
    },
    handler: async (req, reply) =>
      csvFile(reply, await svc.tradesCsv(await svc.staffScope(req.params.userId), req.params.id, req.query)),
  });
}
