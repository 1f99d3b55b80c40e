import { CERTIFICATE_KIND_LABELS, MAIL_STATUS_LABELS, PAYOUT_STATUS_LABELS } from '../../../components/status-labels';
import type { MessageId } from '../../../i18n/messages';

/**
 * How a field the server audits reads (the before/after written by each staff write): its label,
 * reused from the screen that edits it where one exists, and what its value is. A field written
 * later than this list shows its name and its value as JSON.
 */
export type FieldKind = 'text' | 'enum' | 'boolean' | 'money' | 'dateTime' | 'bps' | 'number';

export interface FieldSpec {
  label: MessageId;
  kind: FieldKind;
}

const f = (label: MessageId, kind: FieldKind = 'text'): FieldSpec => ({ label, kind });

const FIELDS: Record<string, FieldSpec> = {
  // Users
  email: f('USERS.FIELD.EMAIL'),
  firstName: f('USERS.FIELD.FIRST_NAME'),
  lastName: f('USERS.FIELD.LAST_NAME'),
  role: f('USERS.FIELD.ROLE', 'enum'),
  status: f('USERS.FIELD.STATUS', 'enum'),
  anonymised: f('USERS.STATUS.ANONYMISED', 'boolean'),
  mfaEnabled: f('PROFILE.MFA.TITLE', 'boolean'),
  sessionId: f('AUDIT.FIELD.SESSION_ID'),
  // Identifiers of other records
  id: f('AUDIT.FIELD.ID'),
  userId: f('AUDIT.FIELD.USER_ID'),
  accountId: f('AUDIT.FIELD.ACCOUNT_ID'),
  challengeId: f('AUDIT.FIELD.CHALLENGE_ID'),
  certificateId: f('AUDIT.FIELD.CERTIFICATE_ID'),
  orderId: f('AUDIT.FIELD.ORDER_ID'),
  reviewId: f('AUDIT.FIELD.REVIEW_ID'),
  newAccountId: f('AUDIT.FIELD.NEW_ACCOUNT_ID'),
  previousAccountId: f('AUDIT.FIELD.PREVIOUS_ACCOUNT_ID'),
  accountClosed: f('AUDIT.ACTION.ACCOUNT_CLOSE'),
  // Why, and references
  reason: f('ORDERS.REASON'),
  rejectionReason: f('PAYOUTS.REJECT.REASON'),
  revokedReason: f('AUDIT.FIELD.REVOKED_REASON'),
  closedReason: f('AUDIT.FIELD.CLOSED_REASON'),
  reference: f('BILLING.PAY.REFERENCE'),
  bankReference: f('ORDERS.MARK_PAID.REFERENCE'),
  transferReference: f('PAYOUTS.PAY.REFERENCE'),
  // Money and numbers
  currency: f('CHALLENGES.FIELD.CURRENCY'),
  amountCents: f('PAYOUT.COL.AMOUNT', 'money'),
  grossCents: f('PAYOUT.REVIEW.GROSS', 'money'),
  accountSizeCents: f('CHALLENGES.FIELD.ACCOUNT_SIZE', 'money'),
  priceCents: f('CHALLENGES.FIELD.PRICE', 'money'),
  initialBalanceCents: f('AUDIT.FIELD.INITIAL_BALANCE', 'money'),
  balanceCents: f('ACCOUNTS.FIG.BALANCE', 'money'),
  equityCents: f('ACCOUNTS.FIG.EQUITY', 'money'),
  percentBps: f('DISCOUNTS.FORM.PERCENT', 'bps'),
  leverage: f('CHALLENGES.FIELD.LEVERAGE', 'number'),
  maxDays: f('CHALLENGES.FIELD.MAX_DAYS', 'number'),
  maxUses: f('DISCOUNTS.FORM.MAX_USES', 'number'),
  uses: f('DISCOUNTS.COL.USES', 'number'),
  eventCount: f('AUDIT.FIELD.EVENT_COUNT', 'number'),
  phaseIndex: f('AUDIT.FIELD.PHASE_INDEX', 'number'),
  phaseCount: f('AUDIT.FIELD.PHASE_COUNT', 'number'),
  inserted: f('AUDIT.FIELD.INSERTED', 'number'),
  updated: f('AUDIT.FIELD.UPDATED', 'number'),
  skipped: f('AUDIT.FIELD.SKIPPED', 'number'),
  // Certificates, discount codes, challenges, connectors, accounts, news imports
  kind: f('CERTIFICATES.COL.KIND', 'enum'),
  phaseKind: f('AUDIT.FIELD.PHASE_KIND', 'enum'),
  code: f('DISCOUNTS.COL.CODE'),
  active: f('DISCOUNTS.COL.ACTIVE', 'boolean'),
  challengeName: f('ORDERS.COL.CHALLENGE'),
  name: f('CHALLENGES.FIELD.NAME'),
  slug: f('CHALLENGES.FIELD.SLUG'),
  description: f('CHALLENGES.FIELD.DESCRIPTION'),
  platform: f('CHALLENGES.FIELD.PLATFORM'),
  phases: f('CHALLENGES.FORM.PHASES'),
  program: f('AUDIT.FIELD.PROGRAM'),
  rules: f('AUDIT.FIELD.RULES'),
  breach: f('AUDIT.FIELD.BREACH'),
  verdict: f('AUDIT.FIELD.VERDICT'),
  keyPrefix: f('CONNECTORS.COL.KEY_PREFIX'),
  login: f('ACCOUNTS.CREDENTIALS.LOGIN'),
  server: f('ACCOUNTS.CREDENTIALS.SERVER'),
  tradingDayTz: f('AUDIT.FIELD.TRADING_DAY_TZ'),
  // Mails (sent again)
  mailId: f('AUDIT.FIELD.MAIL_ID'),
  mailIds: f('AUDIT.FIELD.MAIL_IDS'),
  subject: f('USERS.PANEL.SUBJECT'),
  attempts: f('AUDIT.FIELD.ATTEMPTS', 'number'),
  lastError: f('AUDIT.FIELD.LAST_ERROR'),
  count: f('AUDIT.FIELD.COUNT', 'number'),
  writtenSince: f('AUDIT.FIELD.WRITTEN_SINCE', 'dateTime'),
  format: f('NEWS.IMPORT.FORMAT'),
  fileName: f('NEWS.IMPORT.FIELD.FILE'),
  timeZone: f('NEWS.IMPORT.ZONE'),
  // Moments
  createdAt: f('DISCOUNTS.COL.CREATED', 'dateTime'),
  updatedAt: f('AUDIT.FIELD.UPDATED_AT', 'dateTime'),
  issuedAt: f('CERTIFICATES.COL.ISSUED', 'dateTime'),
  revokedAt: f('AUDIT.FIELD.REVOKED_AT', 'dateTime'),
  validFrom: f('DISCOUNTS.FORM.VALID_FROM', 'dateTime'),
  validUntil: f('DISCOUNTS.FORM.VALID_UNTIL', 'dateTime'),
  lastUsedAt: f('CONNECTORS.COL.LAST_USED', 'dateTime'),
  rotatedAt: f('AUDIT.FIELD.ROTATED_AT', 'dateTime'),
  previousKeyExpiresAt: f('AUDIT.FIELD.PREVIOUS_KEY_EXPIRES_AT', 'dateTime'),
  deadlineAt: f('AUDIT.FIELD.DEADLINE_AT', 'dateTime'),
  lastEventAt: f('AUDIT.FIELD.LAST_EVENT_AT', 'dateTime'),
  nextResetAt: f('AUDIT.FIELD.NEXT_RESET_AT', 'dateTime'),
  startedAt: f('AUDIT.FIELD.STARTED_AT', 'dateTime'),
  endedAt: f('AUDIT.FIELD.ENDED_AT', 'dateTime'),
  passedAt: f('AUDIT.FIELD.PASSED_AT', 'dateTime'),
};

/** The same field holds a different set of values on each kind of record. */
const STATUS_BY_TARGET: Record<string, Record<string, MessageId>> = {
  user: { active: 'USERS.STATUS.ACTIVE', suspended: 'USERS.STATUS.SUSPENDED' },
  order: {
    pending: 'ORDERS.STATUS.PENDING',
    paid: 'ORDERS.STATUS.PAID',
    refunded: 'ORDERS.STATUS.REFUNDED',
    cancelled: 'ORDERS.STATUS.CANCELLED',
    failed: 'ORDERS.STATUS.FAILED',
  },
  payout: PAYOUT_STATUS_LABELS,
  trading_account: {
    pending: 'ACCOUNTS.STATUS.PENDING',
    active: 'ACCOUNTS.STATUS.ACTIVE',
    passed: 'ACCOUNTS.STATUS.PASSED',
    failed: 'ACCOUNTS.STATUS.FAILED',
    closed: 'ACCOUNTS.STATUS.CLOSED',
  },
  challenge: { active: 'CHALLENGES.STATUS.ACTIVE', archived: 'CHALLENGES.STATUS.ARCHIVED' },
  mail: MAIL_STATUS_LABELS,
};

/**
 * Actions on one record that write another's state: resending a user's mail records the mail's
 * status, not the user's.
 */
const VALUES_OF_ACTION: Record<string, string> = { 'user.mail_resend': 'mail' };

/** The kind of record an entry's values describe: its target's, unless its action says otherwise. */
export const valuesKindOf = (action: string, targetType: string): string => own(VALUES_OF_ACTION, action) ?? targetType;

const KIND_BY_TARGET: Record<string, Record<string, MessageId>> = {
  certificate: CERTIFICATE_KIND_LABELS,
  discount_code: { percent: 'DISCOUNTS.KIND.PERCENT', fixed: 'DISCOUNTS.KIND.FIXED' },
};

const ENUMS: Record<string, (targetType: string) => Record<string, MessageId> | undefined> = {
  status: (targetType) => own(STATUS_BY_TARGET, targetType),
  kind: (targetType) => own(KIND_BY_TARGET, targetType),
  role: () => ({ USER: 'ROLE.USER', ADMIN: 'ROLE.ADMIN', SUPPORT: 'ROLE.SUPPORT' }),
  phaseKind: () => ({ evaluation: 'AUDIT.VALUE.EVALUATION', funded: 'ACCOUNTS.PHASE.FUNDED' }),
};

function own<T>(record: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** The field's label and kind, or undefined for a field this screen does not know. */
export const fieldSpec = (field: string): FieldSpec | undefined => own(FIELDS, field);

/** The message id of an enumerated value on a kind of record, or undefined when none fits. */
export function enumValueId(field: string, targetType: string, value: string): MessageId | undefined {
  const values = own(ENUMS, field)?.(targetType);
  return values ? own(values, value) : undefined;
}
