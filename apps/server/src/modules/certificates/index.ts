// Certificates: milestones (phase passed, funded), payouts and those issued by hand; their PDF, the
// "certificate issued" mail, the public verification and the staff desk.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { IpRateLimit } from '../../db/ip-rate-limit.ts';
import type { OutboxService } from '../mail/index.ts';
import { registerCertificateRoutes } from './certificates.routes.ts';
import { CERTIFICATE_ATTACHMENT, CertificatesService } from './certificates.service.ts';

export { CertificatesService, type CertificateIssue } from './certificates.service.ts';
export { normalizeCertificateCode } from './certificate-code.ts';

export function register(
  app: FastifyInstance,
  deps: { config: Config; database: Database; clock: Clock; outbox: OutboxService },
): { certificates: CertificatesService } {
  const { config, clock, outbox } = deps;
  const db = deps.database.db;
  const certificates = new CertificatesService(db, clock, outbox, {
    firmName: config.SELLER_NAME,
    publicUrl: config.publicUrl,
  });
  // The mail's PDF is rendered when the mail is sent, from the certificate as it is then.
  outbox.registerAttachments(CERTIFICATE_ATTACHMENT, (ref) => certificates.attachment(ref.id));
  const verifyLimit = new IpRateLimit(
    db,
    'verify',
    config.RATE_LIMIT_VERIFY_PER_IP,
    config.RATE_LIMIT_WINDOW_SECONDS * 1000,
  );
  registerCertificateRoutes(app, { certificates, verifyLimit, clock });
  return { certificates };
}
