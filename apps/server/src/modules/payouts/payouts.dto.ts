import type { AdminPayout, Payout } from '@app/contracts/payouts';
import type { PayoutRow, PayoutView } from './payouts.repository.ts';

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function toPayoutDto(p: PayoutView): Payout {
  return {
    id: p.id,
    accountId: p.accountId,
    accountLogin: p.accountLogin,
    userId: p.userId,
    amountCents: p.amountCents,
    grossCents: p.grossCents,
    firmShareCents: p.grossCents - p.amountCents,
    splitBps: p.splitBps,
    currency: p.currency,
    method: p.method,
    destination: p.destination as Record<string, string>,
    status: p.status,
    rejectionReason: p.rejectionReason,
    transferReference: p.transferReference,
    certificateCode: p.certificateCode,
    requestedAt: p.requestedAt.toISOString(),
    approvedAt: iso(p.approvedAt),
    rejectedAt: iso(p.rejectedAt),
    cancelledAt: iso(p.cancelledAt),
    paidAt: iso(p.paidAt),
  };
}

export function toAdminPayoutDto(p: PayoutView): AdminPayout {
  return {
    ...toPayoutDto(p),
    userEmail: p.userEmail,
    userName: `${p.userFirstName} ${p.userLastName}`.trim(),
    reviewerEmail: p.reviewerEmail,
  };
}

/** What the audit log keeps of a request before and after a decision. */
export const auditView = (p: PayoutRow) => ({
  status: p.status,
  // The money's currency travels with it, so the log can write the amounts as money.
  currency: p.currency,
  amountCents: p.amountCents,
  grossCents: p.grossCents,
  rejectionReason: p.rejectionReason,
  transferReference: p.transferReference,
  certificateId: p.certificateId,
});
