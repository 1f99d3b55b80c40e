import { userEmailParamsSchema, userResponseSchema } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../plugins/access.ts';
import { errorResponses } from '../../plugins/responses.ts';
import type { UsersService } from './users.service.ts';

export function registerUserRoutes(fastify: FastifyInstance, deps: { users: UsersService }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/api/user/:email', {
    config: { access: 'member' },
    schema: {
      tags: ['users'],
      params: userEmailParamsSchema,
      response: { 200: userResponseSchema, ...errorResponses },
    },
    handler: async (req) => ({ user: await deps.users.getByEmail(requirePrincipal(req), req.params.email) }),
  });
}
