import { changePasswordRequestSchema, statusResponseSchema } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../plugins/access.ts';
import { errorResponses } from '../../plugins/responses.ts';
import type { AccountSecurityService } from './account-security.service.ts';

export function registerAccountSecurityRoutes(
  fastify: FastifyInstance,
  deps: { security: AccountSecurityService },
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/api/user/password', {
    config: { access: 'member' },
    schema: {
      tags: ['users'],
      body: changePasswordRequestSchema,
      response: { 200: statusResponseSchema, ...errorResponses },
    },
    handler: (req) =>
      deps.security.changePassword(requirePrincipal(req), req.body.currentPassword, req.body.newPassword),
  });
}
