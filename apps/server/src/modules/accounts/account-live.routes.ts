import type { FastifyInstance } from 'fastify';
import { bearerToken, requirePrincipal } from '../../plugins/access.ts';
import { errorResponses } from '../../plugins/responses.ts';
import type { AccountLive } from './account-live.ts';

/** GET /api/accounts/stream: the signed-in member's live updates (server-sent events). */
export function registerAccountLiveRoutes(app: FastifyInstance, deps: { live: AccountLive }): void {
  app.get('/api/accounts/stream', {
    config: { access: 'member' },
    schema: {
      tags: ['accounts'],
      description:
        'Server-sent events (text/event-stream): `event: account` with an AccountStreamMessage whenever one of ' +
        'your accounts changes; a comment line every 15 s. At most 5 per member (429 past that).',
      response: errorResponses,
    },
    handler: async (req, reply) => {
      deps.live.open(reply, requirePrincipal(req), bearerToken(req)!);
      return reply;
    },
  });
}
