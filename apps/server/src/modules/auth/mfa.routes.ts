import {
  adminMfaStatusResponseSchema,
  loginHistoryResponseSchema,
  loginMfaRequestSchema,
  loginMfaResponseSchema,
  mfaConfirmRequestSchema,
  mfaDisableRequestSchema,
  mfaRecoveryCodesResponseSchema,
  mfaSetupResponseSchema,
  statusResponseSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../../plugins/access.ts';
import { errorResponses } from '../../plugins/responses.ts';
import type { AuthService } from './auth.service.ts';
import type { MfaService } from './mfa.service.ts';

/** The login's second step, the person's two-factor settings and login history, and the staff reset. */
export function registerMfaRoutes(fastify: FastifyInstance, deps: { auth: AuthService; mfa: MfaService }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['two-factor'];

  app.post('/api/auth/login/mfa', {
    config: { access: 'public' },
    schema: {
      tags: ['auth'],
      body: loginMfaRequestSchema,
      response: { 200: loginMfaResponseSchema, ...errorResponses },
    },
    handler: (req) =>
      deps.auth.loginMfa(req.body.mfaToken, req.body.code, { ip: req.ip, userAgent: req.headers['user-agent'] }),
  });

  app.get('/api/user/login-history', {
    config: { access: 'member' },
    schema: { tags: ['sessions'], response: { 200: loginHistoryResponseSchema, ...errorResponses } },
    handler: (req) => deps.auth.loginHistory(requirePrincipal(req)),
  });

  app.post('/api/user/mfa/setup', {
    config: { access: 'member' },
    schema: { tags, response: { 200: mfaSetupResponseSchema, ...errorResponses } },
    handler: (req) => deps.mfa.setup(requirePrincipal(req)),
  });

  app.post('/api/user/mfa/confirm', {
    config: { access: 'member' },
    schema: {
      tags,
      body: mfaConfirmRequestSchema,
      response: { 200: mfaRecoveryCodesResponseSchema, ...errorResponses },
    },
    handler: (req) => deps.mfa.confirm(requirePrincipal(req), req.body.code),
  });

  app.post('/api/user/mfa/disable', {
    config: { access: 'member' },
    schema: { tags, body: mfaDisableRequestSchema, response: { 200: statusResponseSchema, ...errorResponses } },
    handler: (req) => deps.mfa.disable(requirePrincipal(req), req.body.currentPassword, req.body.code),
  });

  const params = z.object({ userId: z.uuid() });
  app.get('/api/admin/users/:userId/mfa', {
    config: { access: 'staff' },
    schema: { tags: ['admin users'], params, response: { 200: adminMfaStatusResponseSchema, ...errorResponses } },
    handler: (req) => deps.mfa.status(req.params.userId),
  });

  app.delete('/api/admin/users/:userId/mfa', {
    config: { access: 'admin' },
    schema: { tags: ['admin users'], params, response: { 200: adminMfaStatusResponseSchema, ...errorResponses } },
    handler: (req) => deps.mfa.reset(requirePrincipal(req), req.params.userId),
  });
}
