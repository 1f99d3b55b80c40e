import type { MessageId } from '../../../i18n/messages';

/**
 * What each audit action and target type is called in words. The log stores identifiers
 * (`user.status`, `trading_account`); one written here later than the server's shows as it is.
 */
const ACTION_LABELS: Record<string, MessageId> = {
  'account.create': 'AUDIT.ACTION.ACCOUNT_CREATE',
  'account.close': 'AUDIT.ACTION.ACCOUNT_CLOSE',
  'account.reinstate': 'AUDIT.ACTION.ACCOUNT_REINSTATE',
  'account.extend': 'AUDIT.ACTION.ACCOUNT_EXTEND',
  'account.reset': 'AUDIT.ACTION.ACCOUNT_RESET',
  'certificate.issue': 'AUDIT.ACTION.CERTIFICATE_ISSUE',
  'certificate.revoke': 'AUDIT.ACTION.CERTIFICATE_REVOKE',
  'challenge.create': 'AUDIT.ACTION.CHALLENGE_CREATE',
  'challenge.update': 'AUDIT.ACTION.CHALLENGE_UPDATE',
  'challenge.archive': 'AUDIT.ACTION.CHALLENGE_ARCHIVE',
  'challenge.delete': 'AUDIT.ACTION.CHALLENGE_DELETE',
  'connector.create': 'AUDIT.ACTION.CONNECTOR_CREATE',
  'connector.revoke': 'AUDIT.ACTION.CONNECTOR_REVOKE',
  'connector.rotate': 'AUDIT.ACTION.CONNECTOR_ROTATE',
  'discount_code.create': 'AUDIT.ACTION.DISCOUNT_CODE_CREATE',
  'discount_code.activate': 'AUDIT.ACTION.DISCOUNT_CODE_ACTIVATE',
  'discount_code.deactivate': 'AUDIT.ACTION.DISCOUNT_CODE_DEACTIVATE',
  'mail.resend_undelivered': 'AUDIT.ACTION.MAIL_RESEND_UNDELIVERED',
  'news.import': 'AUDIT.ACTION.NEWS_IMPORT',
  'order.mark_paid': 'AUDIT.ACTION.ORDER_MARK_PAID',
  'order.paid_after_close': 'AUDIT.ACTION.ORDER_PAID_AFTER_CLOSE',
  'order.paid_twice': 'AUDIT.ACTION.ORDER_PAID_TWICE',
  'order.cancel': 'AUDIT.ACTION.ORDER_CANCEL',
  'order.refund': 'AUDIT.ACTION.ORDER_REFUND',
  'payout.approve': 'AUDIT.ACTION.PAYOUT_APPROVE',
  'payout.reject': 'AUDIT.ACTION.PAYOUT_REJECT',
  'payout.mark_paid': 'AUDIT.ACTION.PAYOUT_MARK_PAID',
  'user.create': 'AUDIT.ACTION.USER_CREATE',
  'user.update': 'AUDIT.ACTION.USER_UPDATE',
  'user.status': 'AUDIT.ACTION.USER_STATUS',
  'user.anonymise': 'AUDIT.ACTION.USER_ANONYMISE',
  'user.session_revoke': 'AUDIT.ACTION.USER_SESSION_REVOKE',
  'user.mfa_reset': 'AUDIT.ACTION.USER_MFA_RESET',
  'user.mail_resend': 'AUDIT.ACTION.USER_MAIL_RESEND',
  'verdict_review.keep': 'AUDIT.ACTION.VERDICT_REVIEW_KEEP',
  'verdict_review.apply': 'AUDIT.ACTION.VERDICT_REVIEW_APPLY',
};

const TARGET_TYPE_LABELS: Record<string, MessageId> = {
  certificate: 'AUDIT.TARGET.CERTIFICATE',
  challenge: 'AUDIT.TARGET.CHALLENGE',
  connector: 'AUDIT.TARGET.CONNECTOR',
  discount_code: 'AUDIT.TARGET.DISCOUNT_CODE',
  mail: 'AUDIT.TARGET.MAIL',
  news_import: 'AUDIT.TARGET.NEWS_IMPORT',
  order: 'AUDIT.TARGET.ORDER',
  payout: 'AUDIT.TARGET.PAYOUT',
  trading_account: 'AUDIT.TARGET.TRADING_ACCOUNT',
  user: 'AUDIT.TARGET.USER',
};

const own = (labels: Record<string, MessageId>, id: string) =>
  Object.prototype.hasOwnProperty.call(labels, id) ? labels[id] : undefined;

/** The action's message id, or undefined for an action this screen does not know yet. */
export const actionLabelId = (action: string): MessageId | undefined => own(ACTION_LABELS, action);

/** The target type's message id, or undefined for one this screen does not know yet. */
export const targetTypeLabelId = (targetType: string): MessageId | undefined => own(TARGET_TYPE_LABELS, targetType);
