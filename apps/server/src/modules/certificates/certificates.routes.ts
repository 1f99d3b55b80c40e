import { certificateListResponseSchema, userParamsSchema } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../plugins/access.ts';
import { errorResponses } from '../../plugins/responses.ts';
import type { CertificatesService } from './certificates.service.ts';

/** Certificate rows (PDFs and the public verification page come with the certificates issue). */
export function registerCertificateRoutes(fastify: FastifyInstance, deps: { certificates: CertificatesService }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['certificates'];

  app.get('/api/certificates', {
    config: { access: 'member' },
    schema: { tags, response: { 200: certificateListResponseSchema, ...errorResponses } },
    handler: async (req) => ({
      certificates: await deps.certificates.listForUser(requirePrincipal(req).userId),
    }),
  });

  app.get('/api/admin/users/:userId/certificates', {
    config: { access: 'staff' },
    schema: { tags, params: userParamsSchema, response: { 200: certificateListResponseSchema, ...errorResponses } },
    handler: async (req) => ({
      certificates: await deps.certificates.listForUser(req.params.userId),
    }),
  });
}
