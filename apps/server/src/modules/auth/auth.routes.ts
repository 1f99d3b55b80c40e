import {
  loginRequestSchema,
  loginResponseSchema,
  recoverRequestSchema,
  registerRequestSchema,
  resetRequestSchema,
  statusResponseSchema,
  verifyTokenResponseSchema,
} from '@app/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { languageAsked, localeOf } from '../../lib/mail-locale.ts';
import { requirePrincipal } from '../../plugins/access.ts';
import { errorResponses } from '../../plugins/responses.ts';
import type { SessionService } from '../sessions/index.ts';
import type { AuthService, ClientMeta } from './auth.service.ts';

const meta = (req: FastifyRequest): ClientMeta => ({ ip: req.ip, userAgent: req.headers['user-agent'] });

export function registerAuthRoutes(
  fastify: FastifyInstance,
  deps: { auth: AuthService; sessions: SessionService },
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];

  app.post('/api/auth/login', {
    config: { access: 'public' },
    schema: { tags, body: loginRequestSchema, response: { 200: loginResponseSchema, ...errorResponses } },
    handler: (req) => deps.auth.login(req.body, meta(req)),
  });

  app.post('/api/auth/register', {
    config: { access: 'public' },
    schema: { tags, body: registerRequestSchema, response: { 200: statusResponseSchema, ...errorResponses } },
    // The language the app speaks to them (its Accept-Language) becomes the new member's, for mails.
    handler: (req) => deps.auth.register(req.body, meta(req), languageAsked(req.headers['accept-language'])),
  });

  app.post('/api/auth/recover', {
    config: { access: 'public' },
    schema: { tags, body: recoverRequestSchema, response: { 200: statusResponseSchema, ...errorResponses } },
    handler: (req) => deps.auth.recover(req.body.email, meta(req), localeOf(req.headers['accept-language'])),
  });

  app.post('/api/auth/reset', {
    config: { access: 'public' },
    schema: { tags, body: resetRequestSchema, response: { 200: statusResponseSchema, ...errorResponses } },
    handler: (req) => deps.auth.reset(req.body.token, req.body.password, meta(req)),
  });

  // Called every 15 s by every open tab: the access hook answers from the session cache, and the
  // heartbeat is not access-logged at info (failures still are, as warnings and errors).
  app.get('/api/auth/verify-token', {
    config: { access: 'member' },
    logLevel: 'warn',
    // The answer is built right here from a typed principal, so the zod schema documents and
    // types it while plain JSON.stringify writes it: encoding through zod cost ~15 % of this
    // route's throughput (decision 005).
    serializerCompiler: () => (data) => JSON.stringify(data),
    schema: { tags, response: { 200: verifyTokenResponseSchema, ...errorResponses } },
    handler: async (req) => {
      const p = requirePrincipal(req);
      return { status: 200 as const, user: { id: p.userId, email: p.email, role: p.role } };
    },
  });

  app.post('/api/auth/logout', {
    config: { access: 'member' },
    schema: { tags, response: { 200: statusResponseSchema, ...errorResponses } },
    handler: async (req) => {
      await deps.sessions.revoke(requirePrincipal(req), 'logout');
      return { status: 200 as const, message: 'Signed out' };
    },
  });
}
