import { sessionsResponseSchema, statusResponseSchema } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/app-error.ts';
import { placeOf } from '../../lib/geo-place.ts';
import { requirePrincipal } from '../../plugins/access.ts';
import { errorResponses } from '../../plugins/responses.ts';
import type { SessionService } from './sessions.service.ts';

/** The signed-in person's own sessions: the list, signing one out, signing out all the others. */
export function registerSessionRoutes(fastify: FastifyInstance, deps: { sessions: SessionService }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['sessions'];

  app.get('/api/user/sessions', {
    config: { access: 'member' },
    schema: { tags, response: { 200: sessionsResponseSchema, ...errorResponses } },
    handler: async (req) => {
      const rows = await deps.sessions.listActive(requirePrincipal(req));
      return {
        items: rows.map((r) => ({
          id: r.id,
          userAgent: r.userAgent,
          ip: r.ip,
          place: placeOf(r.geolocation),
          createdAt: r.createdAt.toISOString(),
          lastSeenAt: r.lastSeenAt.toISOString(),
          current: r.current,
        })),
      };
    },
  });

  app.delete('/api/user/sessions/:sessionId', {
    config: { access: 'member' },
    schema: {
      tags,
      params: z.object({ sessionId: z.uuid() }),
      response: { 200: statusResponseSchema, ...errorResponses },
    },
    handler: async (req) => {
      if (!(await deps.sessions.revokeOwn(requirePrincipal(req), req.params.sessionId))) throw notFound('session');
      return { status: 200 as const, message: 'Signed out' };
    },
  });

  app.post('/api/user/sessions/revoke-others', {
    config: { access: 'member' },
    schema: { tags, response: { 200: statusResponseSchema, ...errorResponses } },
    handler: async (req) => {
      const p = requirePrincipal(req);
      await deps.sessions.revokeOthers(p);
      return { status: 200 as const, message: 'Other sessions signed out' };
    },
  });
}
