import type { CertificateKind } from '@app/contracts/certificates';
import type { PayoutStatus } from '@app/contracts/payouts';
import type { MessageId } from '../i18n/messages';

/** A payout's status in words, wherever payouts are listed (the member's, the queue, a user's page). */
export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, MessageId> = {
  requested: 'PAYOUT.STATUS.REQUESTED',
  approved: 'PAYOUT.STATUS.APPROVED',
  paid: 'PAYOUT.STATUS.PAID',
  rejected: 'PAYOUT.STATUS.REJECTED',
  cancelled: 'PAYOUT.STATUS.CANCELLED',
};

/** What a certificate is for, in words. */
export const CERTIFICATE_KIND_LABELS: Record<CertificateKind, MessageId> = {
  phase_passed: 'CERTIFICATES.KIND.PHASE_PASSED',
  funded: 'CERTIFICATES.KIND.FUNDED',
  payout: 'CERTIFICATES.KIND.PAYOUT',
};
