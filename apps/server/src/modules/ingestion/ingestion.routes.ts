import { ingestQuerySchema, ingestRequestSchema, ingestResponseSchema } from '@app/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { bearerToken } from '../../plugins/access.ts';
import { errorResponses } from '../../plugins/responses.ts';
import type { ConnectorsService } from '../connectors/index.ts';
import { fastIngestBody } from './ingestion.fast-validate.ts';
import type { IngestionService } from './ingestion.service.ts';

const BATCH_BODY_LIMIT = 4 * 1024 * 1024;

export function registerIngestionRoutes(
  fastify: FastifyInstance,
  deps: { ingestion: IngestionService; connectors: ConnectorsService },
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const connectorOf = new WeakMap<FastifyRequest, string>();

  app.post('/api/integrations/trading/events', {
    config: { access: 'connector' },
    bodyLimit: BATCH_BODY_LIMIT,
    // The key is checked before the body is read: an unknown caller gets 401, never a validation answer.
    onRequest: async (req) => {
      const connector = await deps.connectors.authenticate(bearerToken(req));
      connectorOf.set(req, connector.id);
    },
    // The common well-formed batch is checked by hand (same result as the schema); anything the fast
    // path is not sure of goes through the zod schema, which names the index and field of a bad event.
    validatorCompiler: (route) => {
      const viaSchema = validatorCompiler(route as unknown as Parameters<typeof validatorCompiler>[0]);
      if (route.httpPart !== 'body') return viaSchema;
      return (data: unknown) => {
        const value = fastIngestBody(data);
        return value ? { value } : viaSchema(data);
      };
    },
    schema: {
      tags: ['integrations'],
      description:
        'A batch of trading events (trade, snapshot, balance) from a bridge, authenticated by a connector key ' +
        '(Authorization: Bearer …). Money is decimal in the account currency; a snapshot sets balance, equity and ' +
        'open positions; an event id is kept once per account, a closed trade once per account and ticket (the ' +
        'closing deal), a withdrawal once per payout it names. A balance event is a withdrawal (a payout, ' +
        'negative) or an adjustment (the default: a correction counted as a result, toward the target too); ' +
        'do not forward the trading server’s initial-balance or top-up deals. The batch is stored whole or not at all: a bad ' +
        'event answers 400 naming its index and field. With ?dryRun=true nothing is kept: the answer says what ' +
        'would have been accepted and what each account would become.',
      querystring: ingestQuerySchema,
      body: ingestRequestSchema,
      response: { 200: ingestResponseSchema, ...errorResponses },
    },
    handler: (req) => deps.ingestion.ingest(connectorOf.get(req)!, req.body.events, { dryRun: req.query.dryRun }),
  });
}
