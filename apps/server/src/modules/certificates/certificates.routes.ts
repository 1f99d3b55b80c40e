import { certificateListResponseSchema } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { registerScopedReads, scopedRead } from '../../plugins/scoped-reads.ts';
import type { CertificatesService } from './certificates.service.ts';

/** Certificate rows (PDFs and the public verification page come with the certificates issue). */
export function registerCertificateRoutes(app: FastifyInstance, deps: { certificates: CertificatesService }): void {
  const svc = deps.certificates;
  // Staff reading an unknown user's certificates get an empty list, not a 404.
  const staffScope = async (userId: string) => ({ userId });

  registerScopedReads(app, { tags: ['certificates'], staffScope }, [
    scopedRead({
      path: 'certificates',
      response: certificateListResponseSchema,
      handler: async (scope) => ({ certificates: await svc.listForUser(scope.userId) }),
    }),
  ]);
}
