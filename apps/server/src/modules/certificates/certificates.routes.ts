import {
  adminCertificateListResponseSchema,
  adminCertificateResponseSchema,
  certificateIdParamsSchema,
  certificateListQuerySchema,
  certificateMemberQuerySchema,
  certificateMembersResponseSchema,
  certificateVerificationSchema,
  issueCertificateRequestSchema,
  myCertificatesResponseSchema,
  revokeCertificateRequestSchema,
} from '@app/contracts/certificates';
import { errorBodySchema } from '@app/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import type { IpRateLimit } from '../../db/ip-rate-limit.ts';
import { mailLocaleOf } from '../../lib/mail-render.ts';
import { requirePrincipal } from '../../plugins/access.ts';
import { errorResponses } from '../../plugins/responses.ts';
import { registerScopedReads, scopedRead } from '../../plugins/scoped-reads.ts';
import type { CertificatesService } from './certificates.service.ts';

/** The reader's language tag ("ja", "en-GB"); an unsupported one falls back to the member's language. */
const langQuery = z.object({ lang: z.string().max(35).optional() });

/** A verification answer may be cached briefly: a revocation shows within a minute everywhere. */
const VERIFY_CACHE = 'public, max-age=60';

function sendPdf(reply: FastifyReply, file: { filename: string; pdf: Buffer }) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .send(file.pdf);
}

/** Members' certificates and PDFs, the public verification, and the staff desk (ADMIN writes). */
export function registerCertificateRoutes(
  fastify: FastifyInstance,
  deps: { certificates: CertificatesService; verifyLimit: IpRateLimit; clock: Clock },
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const svc = deps.certificates;
  const tags = ['certificates'];
  // Staff reading an unknown user's certificates get an empty list, not a 404.
  const staffScope = async (userId: string) => ({ userId });

  registerScopedReads(app, { tags, staffScope }, [
    scopedRead({
      path: 'certificates',
      response: myCertificatesResponseSchema,
      handler: async (scope) => ({ certificates: await svc.listForUser(scope.userId) }),
    }),
  ]);

  // Any string is taken (a wildcard: no length or pattern check, not even the router's parameter
  // length), so a malformed code answers exactly like an unknown one.
  app.get('/api/certificates/verify/*', {
    config: { access: 'public' },
    schema: {
      tags,
      description:
        'Public verification. 200 valid; 410 revoked (with revokedAt); 404 for an unknown or malformed code alike. Throttled per address.',
      params: z.object({ '*': z.string() }),
      response: {
        200: certificateVerificationSchema,
        410: certificateVerificationSchema,
        404: errorBodySchema,
        429: errorBodySchema,
      },
    },
    handler: async (req, reply) => {
      // A shared link opened again is answered from memory; every other request (each guess among
      // them) is counted against the address before the lookup.
      const code = req.params['*'];
      let found = svc.cachedVerification(code) ?? null;
      if (!found) {
        await deps.verifyLimit.hit(req.ip, deps.clock.now().getTime());
        found = await svc.verify(code);
      }
      reply.header('cache-control', VERIFY_CACHE);
      if (!found) return reply.code(404).send({ code: 'NOT_FOUND', message: 'No certificate has this code' });
      return reply.code(found.valid ? 200 : 410).send(found);
    },
  });

  app.get('/api/certificates/:id/pdf', {
    config: { access: 'member' },
    schema: {
      tags,
      description: 'The member’s own certificate as a PDF (application/pdf), in `lang` or the member’s language.',
      params: certificateIdParamsSchema,
      querystring: langQuery,
      response: errorResponses,
    },
    handler: async (req, reply) =>
      sendPdf(reply, await svc.pdf(requirePrincipal(req), req.params.id, mailLocaleOf(req.query.lang))),
  });

  app.get('/api/admin/certificates', {
    config: { access: 'staff' },
    schema: {
      tags,
      querystring: certificateListQuerySchema,
      response: { 200: adminCertificateListResponseSchema, ...errorResponses },
    },
    handler: (req) => svc.adminList(req.query),
  });

  app.get('/api/admin/certificates/members', {
    config: { access: 'staff' },
    schema: {
      tags,
      description: 'Members to issue a certificate to, by name or email (at most 10).',
      querystring: certificateMemberQuerySchema,
      response: { 200: certificateMembersResponseSchema, ...errorResponses },
    },
    handler: (req) => svc.searchMembers(req.query.q),
  });

  app.get('/api/admin/certificates/:id/pdf', {
    config: { access: 'staff' },
    schema: {
      tags,
      description: 'A certificate as a PDF (application/pdf), in `lang` or the member’s language.',
      params: certificateIdParamsSchema,
      querystring: langQuery,
      response: errorResponses,
    },
    handler: async (req, reply) => sendPdf(reply, await svc.pdf('staff', req.params.id, mailLocaleOf(req.query.lang))),
  });

  app.post('/api/admin/certificates', {
    config: { access: 'admin' },
    schema: {
      tags,
      body: issueCertificateRequestSchema,
      response: { 201: adminCertificateResponseSchema, ...errorResponses },
    },
    handler: async (req, reply) => reply.code(201).send(await svc.issueByHand(requirePrincipal(req), req.body)),
  });

  app.post('/api/admin/certificates/:id/revoke', {
    config: { access: 'admin' },
    schema: {
      tags,
      params: certificateIdParamsSchema,
      body: revokeCertificateRequestSchema,
      response: { 200: adminCertificateResponseSchema, ...errorResponses },
    },
    handler: (req) => svc.revoke(requirePrincipal(req), req.params.id, req.body.reason),
  });
}
