import type { CertificateRow } from './certificates.repository.ts';

export function toCertificateDto(c: CertificateRow) {
  return {
    id: c.id,
    kind: c.kind,
    userId: c.userId,
    accountId: c.accountId,
    amountCents: c.amountCents,
    currency: c.currency,
    code: c.code,
    issuedAt: c.issuedAt.toISOString(),
    revokedAt: c.revokedAt?.toISOString() ?? null,
    revokedReason: c.revokedReason,
  };
}
