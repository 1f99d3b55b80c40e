import type { MailStatus } from '@app/contracts/admin-users';
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

/** A mail's delivery in words: a user's Mails tab, the audit log of a mail sent again. */
export const MAIL_STATUS_LABELS: Record<MailStatus, MessageId> = {
  pending: 'USERS.MAIL_STATUS.pending',
  sent: 'USERS.MAIL_STATUS.sent',
  logged: 'USERS.MAIL_STATUS.logged',
  failed: 'USERS.MAIL_STATUS.failed',
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

/** A rule of a challenge by its engine name, in words: breaches, objectives, the payout review. */
export const RULE_LABELS: Record<string, MessageId> = {
  daily_loss: 'ACCOUNTS.RULE.DAILY_LOSS',
  max_loss: 'ACCOUNTS.RULE.MAX_LOSS',
  time_limit: 'ACCOUNTS.RULE.TIME_LIMIT',
  max_daily_loss: 'ACCOUNTS.RULE.DAILY_LOSS',
  profit_target: 'ACCOUNTS.RULE.PROFIT_TARGET',
  min_trading_days: 'ACCOUNTS.RULE.MIN_TRADING_DAYS',
};
