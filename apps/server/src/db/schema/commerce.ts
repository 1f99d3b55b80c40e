import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { challenges } from './trading.ts';
import { users } from './users.ts';

const cents = (name: string) => bigint(name, { mode: 'number' });
const tstz = (name: string) => timestamp(name, { withTimezone: true });

export const ORDER_STATUSES = ['pending', 'paid', 'refunded', 'cancelled', 'failed'] as const;
export const PAYMENT_PROVIDERS = ['demo', 'manual', 'stripe'] as const;

/** The number people quote (ORD-000123). A sequence: gaps do not matter for order numbers. */
export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 1 });

/** Discount codes (ADMIN): percent or fixed, a validity window, a use limit, one challenge or all. */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Upper case; what buyers type. */
    code: text('code').notNull().unique(),
    kind: text('kind', { enum: ['percent', 'fixed'] }).notNull(),
    percentBps: integer('percent_bps'),
    amountCents: cents('amount_cents'),
    currency: text('currency'),
    validFrom: tstz('valid_from'),
    validUntil: tstz('valid_until'),
    maxUses: integer('max_uses'),
    /** Orders holding the code (pending or paid); a cancelled or failed order gives its use back. */
    uses: integer('uses').notNull().default(0),
    challengeId: uuid('challenge_id').references(() => challenges.id, { onDelete: 'restrict' }),
    active: boolean('active').notNull().default(true),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('discount_codes_code_upper', sql`${t.code} = upper(${t.code})`),
    check(
      'discount_codes_kind_fields',
      sql`(${t.kind} = 'percent' and ${t.percentBps} between 1 and 10000 and ${t.amountCents} is null)
        or (${t.kind} = 'fixed' and ${t.amountCents} > 0 and ${t.currency} is not null and ${t.percentBps} is null)`,
    ),
    /** The use limit holds under any concurrency: the increment fails instead of passing it. */
    check(
      'discount_codes_uses_within_limit',
      sql`${t.uses} >= 0 and (${t.maxUses} is null or ${t.uses} <= ${t.maxUses})`,
    ),
    check(
      'discount_codes_window',
      sql`${t.validFrom} is null or ${t.validUntil} is null or ${t.validUntil} > ${t.validFrom}`,
    ),
  ],
);

/**
 * Orders. Amounts are frozen when the order is placed (prices from the challenge, never the
 * client): total = net + VAT, net = subtotal − discount. `billing` is the buyer's details as given
 * at checkout (BillingDetails of the contracts).
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: bigint('number', { mode: 'number' })
      .notNull()
      .unique()
      .default(sql`nextval('order_number_seq')`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    challengeId: uuid('challenge_id')
      .notNull()
      .references(() => challenges.id, { onDelete: 'restrict' }),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    currency: text('currency').notNull(),
    subtotalCents: cents('subtotal_cents').notNull(),
    discountCents: cents('discount_cents').notNull().default(0),
    discountCodeId: uuid('discount_code_id').references(() => discountCodes.id, { onDelete: 'restrict' }),
    netCents: cents('net_cents').notNull(),
    vatRateBps: integer('vat_rate_bps').notNull().default(0),
    vatCents: cents('vat_cents').notNull().default(0),
    totalCents: cents('total_cents').notNull(),
    reverseCharge: boolean('reverse_charge').notNull().default(false),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    providerReference: text('provider_reference'),
    /** Stripe: the Checkout page while the order is pending. */
    checkoutUrl: text('checkout_url'),
    billing: jsonb('billing').notNull(),
    /** The billed email and name in lower case, for the orders desk's search (trigram index; migration 0022). */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(coalesce(billing ->> 'email', '') || ' ' || coalesce(billing ->> 'name', ''))`,
    ),
    /** The buyer's language when ordering: the order's mails are written in it. */
    locale: text('locale').notNull().default('en'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    paidAt: tstz('paid_at'),
    cancelledAt: tstz('cancelled_at'),
    refundedAt: tstz('refunded_at'),
    failedAt: tstz('failed_at'),
    failureReason: text('failure_reason'),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_status_created_idx').on(t.status, t.createdAt, t.id),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_challenge_created_idx').on(t.challengeId, t.createdAt),
    /** The orders desk's status + challenge filter, newest first, paged without a sort. */
    index('orders_status_challenge_created_idx').on(t.status, t.challengeId, t.createdAt, t.id),
    /** A status sorted by amount, paged without a sort (migration 0026). */
    index('orders_status_total_idx').on(t.status, t.totalCents, t.id),
    /** A provider's reference names one order (a replayed webhook finds the same one). */
    uniqueIndex('orders_provider_reference_uq').on(t.provider, t.providerReference),
    check('orders_status_valid', sql`${t.status} in ('pending', 'paid', 'refunded', 'cancelled', 'failed')`),
    check('orders_provider_valid', sql`${t.provider} in ('demo', 'manual', 'stripe')`),
    check(
      'orders_amounts',
      sql`${t.subtotalCents} >= 0 and ${t.discountCents} >= 0 and ${t.discountCents} <= ${t.subtotalCents}
        and ${t.netCents} = ${t.subtotalCents} - ${t.discountCents} and ${t.vatCents} >= 0
        and ${t.totalCents} = ${t.netCents} + ${t.vatCents} and ${t.vatRateBps} between 0 and 10000`,
    ),
    check('orders_paid_has_time', sql`${t.status} not in ('paid', 'refunded') or ${t.paidAt} is not null`),
    check('orders_refunded_has_time', sql`${t.status} <> 'refunded' or ${t.refundedAt} is not null`),
    check('orders_currency_iso', sql`${t.currency} ~ '^[A-Z]{3}$'`),
  ],
);

/** Gapless invoice numbers per year: the paying transaction takes the next one under the row's lock. */
export const invoiceCounters = pgTable('invoice_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});

/**
 * One invoice per paid order, numbered INV-<year>-<seq> inside the transaction that marks the order
 * paid. Seller and buyer are frozen on it (what the PDF prints, whatever changes later).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'restrict' }),
    year: integer('year').notNull(),
    seq: integer('seq').notNull(),
    number: text('number').notNull().unique(),
    issuedAt: tstz('issued_at').notNull(),
    seller: jsonb('seller').notNull(),
    buyer: jsonb('buyer').notNull(),
    /** The challenge as it was sold: a later rename does not change an issued invoice. */
    challengeName: text('challenge_name').notNull(),
  },
  (t) => [uniqueIndex('invoices_year_seq_uq').on(t.year, t.seq)],
);

/** Provider webhooks already handled, by the provider's event id: a replay changes nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    receivedAt: tstz('received_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);
