import {
  challengeIdParamsSchema,
  connectorKeyRotationSchema,
  connectorListQuerySchema,
  connectorListResponseSchema,
  connectorResponseSchema,
  createConnectorRequestSchema,
  createConnectorResponseSchema,
  rotateConnectorRequestSchema,
  rotateConnectorResponseSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../plugins/access.ts';
import { errorResponses } from '../../plugins/responses.ts';
import type { ConnectorsService } from './connectors.service.ts';

export function registerConnectorRoutes(fastify: FastifyInstance, deps: { connectors: ConnectorsService }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['connectors'];
  const params = challengeIdParamsSchema;

  app.post('/api/admin/connectors', {
    config: { access: 'admin' },
    schema: {
      tags,
      body: createConnectorRequestSchema,
      response: { 201: createConnectorResponseSchema, ...errorResponses },
    },
    handler: async (req, reply) =>
      reply.code(201).send(await deps.connectors.create(requirePrincipal(req), req.body.name)),
  });

  // Any staff role reads the list (SUPPORT included); only ADMIN creates, rotates or revokes.
  app.get('/api/admin/connectors', {
    config: { access: 'staff' },
    schema: {
      tags,
      querystring: connectorListQuerySchema,
      response: { 200: connectorListResponseSchema, ...errorResponses },
    },
    handler: (req) => deps.connectors.list(req.query),
  });

  app.post('/api/admin/connectors/:id/revoke', {
    config: { access: 'admin' },
    schema: { tags, params, response: { 200: connectorResponseSchema, ...errorResponses } },
    handler: async (req) => ({ connector: await deps.connectors.revoke(requirePrincipal(req), req.params.id) }),
  });

  // The default grace, so the confirmation can say until when the old key will work.
  app.get('/api/admin/connectors/key-rotation', {
    config: { access: 'staff' },
    schema: { tags, response: { 200: connectorKeyRotationSchema, ...errorResponses } },
    handler: () => deps.connectors.keyRotation(),
  });

  // A new key, shown once; the old one works for the grace. The body may be left out entirely.
  app.post('/api/admin/connectors/:id/rotate', {
    config: { access: 'admin' },
    schema: {
      tags,
      params,
      // No body at all (Fastify gives null) takes the default grace.
      body: rotateConnectorRequestSchema.nullish(),
      response: { 200: rotateConnectorResponseSchema, ...errorResponses },
    },
    handler: (req) => deps.connectors.rotate(requirePrincipal(req), req.params.id, req.body?.graceMinutes),
  });

  app.delete('/api/admin/connectors/:id', {
    config: { access: 'admin' },
    schema: { tags, params, response: { 200: connectorResponseSchema, ...errorResponses } },
    handler: async (req) => ({ connector: await deps.connectors.revoke(requirePrincipal(req), req.params.id) }),
  });
}
