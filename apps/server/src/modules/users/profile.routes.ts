import {
  changeEmailRequestSchema,
  confirmEmailRequestSchema,
  preferencesInputSchema,
  profileResponseSchema,
  statusResponseSchema,
  updateNameRequestSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../plugins/access.ts';
import { errorResponses } from '../../plugins/responses.ts';
import type { EmailChangeService } from './email-change.service.ts';
import type { ProfileService } from './profile.service.ts';

export function registerProfileRoutes(
  fastify: FastifyInstance,
  deps: { profile: ProfileService; emailChange: EmailChangeService },
): void {
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
    schema: { tags, body: preferencesInputSchema, response },
    handler: (req) => deps.profile.updatePreferences(requirePrincipal(req), req.body),
  });

  app.post('/api/user/email', {
    config: { access: 'member' },
    schema: { tags, body: changeEmailRequestSchema, response: { 200: statusResponseSchema, ...errorResponses } },
    handler: (req) => deps.emailChange.request(requirePrincipal(req), req.body.email, req.body.currentPassword),
  });

  // Opened from the mail, possibly on another device or signed out: the token is the proof.
  app.post('/api/user/email/confirm', {
    config: { access: 'public' },
    schema: { tags, body: confirmEmailRequestSchema, response: { 200: statusResponseSchema, ...errorResponses } },
    handler: (req) => deps.emailChange.confirm(req.body.token),
  });
}
