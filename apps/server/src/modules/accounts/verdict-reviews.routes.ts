import {
  resolveVerdictReviewRequestSchema,
  verdictReviewIdParamsSchema,
  verdictReviewListQuerySchema,
  verdictReviewListResponseSchema,
  verdictReviewResponseSchema,
} from '@app/contracts/reviews';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../plugins/access.ts';
import { errorResponses } from '../../plugins/responses.ts';
import type { VerdictReviewsService } from './verdict-reviews.service.ts';

/** Staff read the reviews (SUPPORT included); only ADMIN resolves one. */
export function registerVerdictReviewRoutes(fastify: FastifyInstance, deps: { reviews: VerdictReviewsService }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['verdict reviews'];

  app.get('/api/admin/verdict-reviews', {
    config: { access: 'staff' },
    schema: {
      tags,
      querystring: verdictReviewListQuerySchema,
      response: { 200: verdictReviewListResponseSchema, ...errorResponses },
    },
    handler: (req) => deps.reviews.list(req.query),
  });

  app.post('/api/admin/verdict-reviews/:id/resolve', {
    config: { access: 'admin' },
    schema: {
      tags,
      params: verdictReviewIdParamsSchema,
      body: resolveVerdictReviewRequestSchema,
      response: { 200: verdictReviewResponseSchema, ...errorResponses },
    },
    handler: async (req) => ({ review: await deps.reviews.resolve(requirePrincipal(req), req.params.id, req.body) }),
  });
}
