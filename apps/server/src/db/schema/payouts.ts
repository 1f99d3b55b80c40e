import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { certificates, tradingAccounts } from './trading.ts';
import { users } from './users.ts';

const cents = (name: string) => bigint(name, { mode: 'number' });
const tstz = (name: string) => timestamp(name, { withTimezone: true });

export const PAYOUT_STATUSES = ['requested', 'approved', 'paid', 'rejected', 'cancelled'] as const;
export const PAYOUT_METHODS = ['bank_transfer', 'crypto', 'paypal'] as const;

/**
 * A funded trader's payout request (migration 0012). `amount_cents` is what the trader receives;
 * `gross_cents` the profit withdrawn from the account for it (trader's amount + firm's share).
 * At most one open (requested/approved) request per account: a partial unique index, so racing
 * requests cannot both land whatever the code does.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => tradingAccounts.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amountCents: cents('amount_cents').notNull(),
    grossCents: cents('gross_cents').notNull(),
    splitBps: integer('split_bps').notNull(),
    currency: text('currency').notNull(),
    method: text('method', { enum: PAYOUT_METHODS }).notNull(),
    destination: jsonb('destination').notNull(),
    status: text('status', { enum: PAYOUT_STATUSES }).notNull().default('requested'),
    /** The member's language at request time: the mails about it use it. */
    locale: text('locale').notNull().default('en'),
    rejectionReason: text('rejection_reason'),
    transferReference: text('transfer_reference'),
    reviewerId: uuid('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    certificateId: uuid('certificate_id').references(() => certificates.id, { onDelete: 'restrict' }),
    requestedAt: tstz('requested_at').notNull().defaultNow(),
    approvedAt: tstz('approved_at'),
    rejectedAt: tstz('rejected_at'),
    cancelledAt: tstz('cancelled_at'),
    paidAt: tstz('paid_at'),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payouts_one_open_uq')
      .on(t.accountId)
      .where(sql`${t.status} in ('requested', 'approved')`),
    index('payouts_account_idx').on(t.accountId, t.requestedAt),
    index('payouts_user_idx').on(t.userId, t.requestedAt),
    index('payouts_status_idx').on(t.status, t.requestedAt),
    check('payouts_status_valid', sql`${t.status} in ('requested', 'approved', 'paid', 'rejected', 'cancelled')`),
    check('payouts_method_valid', sql`${t.method} in ('bank_transfer', 'crypto', 'paypal')`),
    check('payouts_destination_method', sql`${t.destination}->>'method' = ${t.method}`),
    check('payouts_amount_positive', sql`${t.amountCents} > 0`),
    check('payouts_gross_covers_amount', sql`${t.grossCents} >= ${t.amountCents}`),
    check('payouts_split_valid', sql`${t.splitBps} between 1 and 10000`),
    check('payouts_currency_iso', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('payouts_locale_valid', sql`${t.locale} in ('en', 'de', 'es', 'fr', 'ja', 'zh')`),
    check('payouts_approved_at', sql`(${t.status} in ('approved', 'paid')) <= (${t.approvedAt} is not null)`),
    check(
      'payouts_rejected',
      sql`(${t.status} = 'rejected') = (${t.rejectedAt} is not null and coalesce(length(trim(${t.rejectionReason})), 0) > 0)`,
    ),
    check('payouts_cancelled', sql`(${t.status} = 'cancelled') = (${t.cancelledAt} is not null)`),
    check(
      'payouts_paid',
      sql`(${t.status} = 'paid') = (${t.paidAt} is not null and coalesce(length(trim(${t.transferReference})), 0) > 0)`,
    ),
  ],
);
