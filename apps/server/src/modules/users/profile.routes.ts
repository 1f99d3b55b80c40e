import { preferencesSchema, profileResponseSchema, updateNameRequestSchema } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../plugins/access.ts';
import { errorResponses } from '../../plugins/responses.ts';
import type { ProfileService } from './profile.service.ts';

export function registerProfileRoutes(fastify: FastifyInstance, deps: { profile: ProfileService }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['profile'];
  const response = { 200: profileResponseSchema, ...errorResponses };

  app.get('/api/user/profile', {
    config: { access: 'member' },
    schema: { tags, response },
    handler: (req) => deps.profile.get(requirePrincipal(req)),
  });

  app.patch('/api/user/profile', {
    config: { access: 'member' },
    schema: { tags, body: updateNameRequestSchema, response },
    handler: (req) => deps.profile.updateName(requirePrincipal(req), req.body.firstName, req.body.lastName),
  });

  app.put('/api/user/preferences', {
    config: { access: 'member' },
    schema: { tags, body: preferencesSchema, response },
    handler: (req) => deps.profile.updatePreferences(requirePrincipal(req), req.body),
  });
}
