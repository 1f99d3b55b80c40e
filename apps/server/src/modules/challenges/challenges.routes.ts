import {
  challengeDeleteResponseSchema,
  challengeIdParamsSchema,
  challengeListQuerySchema,
  challengeListResponseSchema,
  challengeResponseSchema,
  createChallengeRequestSchema,
  staffChallengeListResponseSchema,
  updateChallengeRequestSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../plugins/access.ts';
import { errorResponses } from '../../plugins/responses.ts';
import type { ChallengesService } from './challenges.service.ts';

export function registerChallengeRoutes(fastify: FastifyInstance, deps: { challenges: ChallengesService }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['challenges'];

  app.get('/api/challenges', {
    config: { access: 'public' },
    schema: { tags, response: { 200: challengeListResponseSchema, ...errorResponses } },
    handler: async () => ({ challenges: await deps.challenges.catalogue() }),
  });

  app.get('/api/admin/challenges', {
    config: { access: 'staff' },
    schema: {
      tags,
      querystring: challengeListQuerySchema,
      response: { 200: staffChallengeListResponseSchema, ...errorResponses },
    },
    handler: async (req) => ({ challenges: await deps.challenges.list(req.query.status) }),
  });

  app.post('/api/admin/challenges', {
    config: { access: 'admin' },
    schema: { tags, body: createChallengeRequestSchema, response: { 201: challengeResponseSchema, ...errorResponses } },
    handler: async (req, reply) => {
      const challenge = await deps.challenges.create(requirePrincipal(req), req.body);
      return reply.code(201).send({ challenge });
    },
  });

  app.get('/api/admin/challenges/:id', {
    config: { access: 'staff' },
    schema: { tags, params: challengeIdParamsSchema, response: { 200: challengeResponseSchema, ...errorResponses } },
    handler: async (req) => ({ challenge: await deps.challenges.get(req.params.id) }),
  });

  app.patch('/api/admin/challenges/:id', {
    config: { access: 'admin' },
    schema: {
      tags,
      params: challengeIdParamsSchema,
      body: updateChallengeRequestSchema,
      response: { 200: challengeResponseSchema, ...errorResponses },
    },
    handler: async (req) => ({
      challenge: await deps.challenges.update(requirePrincipal(req), req.params.id, req.body),
    }),
  });

  app.delete('/api/admin/challenges/:id', {
    config: { access: 'admin' },
    schema: {
      tags,
      params: challengeIdParamsSchema,
      response: { 200: challengeDeleteResponseSchema, ...errorResponses },
    },
    handler: (req) => deps.challenges.remove(requirePrincipal(req), req.params.id),
  });
}
