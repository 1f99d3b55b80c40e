// Certificates beyond the member's list (which stays in trading.ts): the public verification
// answer, the staff desk's list, manual issue and revocation.
import { z } from 'zod';
import { listQueryShape, pageOf, searchParam } from './lists.ts';
import { boundedDateTime, safeText } from './text.ts';
import { CERTIFICATE_KINDS, certificateSchema } from './trading.ts';

export { CERTIFICATE_KINDS } from './trading.ts';
export type CertificateKind = (typeof CERTIFICATE_KINDS)[number];

/** The public code's shape as stored: C7K2-9QXD-M4TB (the CHECK on certificates.code). */
export const CERTIFICATE_CODE_PATTERN = /^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/;

/**
 * GET /api/certificates/verify/{code}, public: what a certificate confirms and nothing else personal
 * (no email, account or user id). 200 while valid; 410 with `revokedAt` once revoked.
 */
export const certificateVerificationSchema = z.object({
  valid: z.boolean(),
  code: z.string(),
  kind: z.enum(CERTIFICATE_KINDS),
  holderName: z.string(),
  issuedAt: z.string(),
  /** Payout certificates only. */
  amountCents: z.number().int().nullable(),
  currency: z.string(),
  /** The challenge and, for a passed phase, its number (1-based); null when no account is named. */
  challengeName: z.string().nullable(),
  phaseNumber: z.number().int().nullable(),
  revokedAt: z.string().nullable(),
});
export type CertificateVerification = z.infer<typeof certificateVerificationSchema>;

/** A member's certificate as the gallery shows it: the row plus what the card prints. */
export const certificateCardSchema = certificateSchema.extend({
  holderName: z.string(),
  challengeName: z.string().nullable(),
  phaseNumber: z.number().int().nullable(),
  /** `<public base>/verify/{code}`: the link a member shares. */
  verifyUrl: z.string(),
});
export type CertificateCard = z.infer<typeof certificateCardSchema>;
export const myCertificatesResponseSchema = z.object({ certificates: z.array(certificateCardSchema) });

export const certificateIdParamsSchema = z.object({ id: z.uuid('Not a valid id') });

export const CERTIFICATE_SORTS = ['issuedAt', 'kind'] as const;
export const REVOKED_FILTERS = ['yes', 'no'] as const;

/** GET /api/admin/certificates: every filter lives in the page's URL too. */
export const certificateListQuerySchema = z.strictObject({
  ...listQueryShape(CERTIFICATE_SORTS, { sort: 'issuedAt', order: 'desc' }),
  /** The member's name, email or the code. */
  q: searchParam,
  kind: z.enum(CERTIFICATE_KINDS).optional(),
  revoked: z.enum(REVOKED_FILTERS).optional(),
  /** Issued at or after / before (exclusive). */
  from: boundedDateTime().optional(),
  to: boundedDateTime().optional(),
});
export type CertificateListQuery = z.input<typeof certificateListQuerySchema>;
export type CertificateListParams = z.output<typeof certificateListQuerySchema>;

export const adminCertificateSchema = certificateCardSchema.extend({
  userEmail: z.string(),
  accountLogin: z.string().nullable(),
});
export type AdminCertificate = z.infer<typeof adminCertificateSchema>;
export const adminCertificateListResponseSchema = pageOf(adminCertificateSchema);
export const adminCertificateResponseSchema = z.object({ certificate: adminCertificateSchema });

const reason = safeText().trim().min(3, 'Give a reason (3 characters or more)').max(300);

/** POST /api/admin/certificates: issued by hand, with the reason kept in the audit log. */
export const issueCertificateRequestSchema = z
  .strictObject({
    userId: z.uuid('Not a valid id'),
    kind: z.enum(CERTIFICATE_KINDS),
    accountId: z.uuid('Not a valid id').nullable().default(null),
    /** Payout certificates only: the amount paid, in cents. */
    amountCents: z.number().int().min(1).max(100_000_000_00).nullable().default(null),
    reason,
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'payout' && v.amountCents === null)
      ctx.addIssue({ code: 'custom', path: ['amountCents'], message: 'A payout certificate needs its amount' });
    if (v.kind !== 'payout' && v.amountCents !== null)
      ctx.addIssue({ code: 'custom', path: ['amountCents'], message: 'Only a payout certificate has an amount' });
    if (v.kind !== 'payout' && v.accountId === null)
      ctx.addIssue({ code: 'custom', path: ['accountId'], message: 'A phase or funded certificate names its account' });
  });
export type IssueCertificateRequest = z.input<typeof issueCertificateRequestSchema>;

/** POST /api/admin/certificates/{id}/revoke */
export const revokeCertificateRequestSchema = z.strictObject({ reason });
export type RevokeCertificateRequest = z.input<typeof revokeCertificateRequestSchema>;

/** GET /api/admin/certificates/members?q=: members to issue to, by name or email (at most 10). */
export const certificateMemberQuerySchema = z.strictObject({ q: searchParam });
export const certificateMemberSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type CertificateMember = z.infer<typeof certificateMemberSchema>;
export const certificateMembersResponseSchema = z.object({ members: z.array(certificateMemberSchema) });
