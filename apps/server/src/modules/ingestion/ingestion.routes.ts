import { ingestRequestSchema, ingestResponseSchema } from '@app/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bearerToken } from '../../plugins/access.ts';
import { errorResponses } from '../../plugins/responses.ts';
import type { ConnectorsService } from '../connectors/connectors.service.ts';
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
    schema: {
      tags: ['integrations'],
      body: ingestRequestSchema,
      response: { 200: ingestResponseSchema, ...errorResponses },
    },
    handler: (req) => deps.ingestion.ingest(connectorOf.get(req)!, req.body.events),
  });
}
