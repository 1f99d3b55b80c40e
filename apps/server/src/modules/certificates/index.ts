// Certificates: milestones (phase passed, funded) issued once per account, listed per user.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { registerCertificateRoutes } from './certificates.routes.ts';
import { CertificatesService } from './certificates.service.ts';

export { CertificatesService, type CertificateIssue } from './certificates.service.ts';

export function register(app: FastifyInstance, deps: { database: Database }): { certificates: CertificatesService } {
  const certificates = new CertificatesService(deps.database.db);
  registerCertificateRoutes(app, { certificates });
  return { certificates };
}
