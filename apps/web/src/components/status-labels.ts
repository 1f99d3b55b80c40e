import type { CertificateKind } from '@app/contracts/certificates';
import type { AccountStatus } from '@app/contracts/trading';
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

/** A trading account's status as a colour (Mantine's), the same on its badge and in the dashboard's bars. */
export const ACCOUNT_STATUS_COLORS: Record<AccountStatus, string> = {
  pending: 'gray',
  active: 'blue',
  passed: 'teal',
  failed: 'red',
  closed: 'dark',
};
