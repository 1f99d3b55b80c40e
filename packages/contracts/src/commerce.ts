import { z } from 'zod';
import { MAX_MONEY_CENTS } from './constants.ts';
import { PAYMENT_PROVIDERS, checkoutOptionsSchema, type PaymentProvider } from './checkout-options.ts';
import { COUNTRY_CODES, EU_COUNTRY_CODES } from './countries.ts';
import { listQueryShape, pageOf, searchParam } from './lists.ts';
import { boundedDateTime, safeText } from './text.ts';

export { COUNTRY_CODES, EU_COUNTRY_CODES, PAYMENT_PROVIDERS, checkoutOptionsSchema, type PaymentProvider };

// Commerce: checkout, orders, payments, invoices, discount codes. Money is integer cents with the
// order's currency; prices always come from the server's challenge, never from the client.

export const ORDER_STATUSES = ['pending', 'paid', 'refunded', 'cancelled', 'failed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const DISCOUNT_KINDS = ['percent', 'fixed'] as const;

/** "ORD-000123": the number people quote. */
export const formatOrderNumber = (n: number) => `ORD-${String(n).padStart(6, '0')}`;
/** "INV-2026-000123": gapless per year. */
export const formatInvoiceNumber = (year: number, seq: number) => `INV-${year}-${String(seq).padStart(6, '0')}`;

const money = z.number().int().min(0).max(MAX_MONEY_CENTS);
const line = (max: number) => safeText().trim().max(max);

/** An EU VAT id as written (country prefix, 2–12 letters or digits), spaces and dots removed. */
export const vatIdSchema = safeText()
  .trim()
  .transform((s) => s.replace(/[\s.-]/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{2}[A-Z0-9]{2,12}$/, 'Not a valid VAT id'));

const EU = new Set<string>(EU_COUNTRY_CODES);
/** The prefix an EU country's VAT ids carry: its ISO code, except Greece's (EL). */
export const euVatPrefixOf = (country: string): string | null =>
  EU.has(country) ? (country === 'GR' ? 'EL' : country) : null;
/**
 * A VAT id that can be the buyer's in `country`: outside the EU any (their formats differ); in the
 * EU one that carries the country's prefix, as VIES checks it.
 */
export const vatIdFitsCountry = (vatId: string, country: string): boolean => {
  const prefix = euVatPrefixOf(country);
  return prefix === null || vatId.startsWith(prefix);
};
/** The contracts' texts for the two rules below, which the web words in the buyer's language. */
export const VAT_ID_COUNTRY_MESSAGE = 'The VAT id must carry the prefix of the billing country';
export const COMPANY_WITH_VAT_ID_MESSAGE = 'A company is required with a VAT id';

const billingFieldsSchema = z.strictObject({
  name: line(120).min(1, 'Name is required'),
  email: safeText().trim().toLowerCase().max(254).pipe(z.email('Wrong email format')),
  addressLine1: line(200).min(1, 'Address is required'),
  addressLine2: line(200).default(''),
  city: line(100).min(1, 'City is required'),
  postalCode: line(20).min(1, 'Postal code is required'),
  country: z.enum(COUNTRY_CODES, 'Choose a country'),
  company: line(200).default(''),
  /** Empty: none. */
  vatId: z.union([z.literal(''), vatIdSchema]).default(''),
});

/**
 * The buyer's billing details. A VAT id is a business's (the company it belongs to is named) and
 * of the billing country: it decides whether the sale is reverse-charged, so it must not be any
 * id typed beside any address.
 */
export const billingDetailsSchema = billingFieldsSchema.superRefine((b, ctx) => {
  if (b.vatId === '') return;
  if (!vatIdFitsCountry(b.vatId, b.country))
    ctx.addIssue({ code: 'custom', path: ['vatId'], message: VAT_ID_COUNTRY_MESSAGE });
  if (b.company === '') ctx.addIssue({ code: 'custom', path: ['company'], message: COMPANY_WITH_VAT_ID_MESSAGE });
});
export type BillingDetailsInput = z.input<typeof billingDetailsSchema>;
/**
 * The billing details as stored on an order (the output of billingDetailsSchema): plain fields, so
 * the answer serialises without re-running the input's normalising transforms.
 */
export const billingSnapshotSchema = z.object({
  name: z.string(),
  email: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string(),
  city: z.string(),
  postalCode: z.string(),
  country: z.enum(COUNTRY_CODES),
  company: z.string(),
  vatId: z.string(),
});
export type BillingDetails = z.output<typeof billingDetailsSchema>;

/** POST /api/orders/quote (public): what the order would cost, before anything is stored. */
export const quoteRequestSchema = z.strictObject({
  challengeId: z.uuid('Not a valid id'),
  discountCode: line(40).toUpperCase().default(''),
  country: z.enum(COUNTRY_CODES).optional(),
  vatId: z.union([z.literal(''), vatIdSchema]).default(''),
});
export const quoteSchema = z.object({
  challengeId: z.string(),
  currency: z.string(),
  /** The challenge's price. */
  subtotalCents: money,
  discountCents: money,
  /** The discount code applied, or null (none given). */
  discountCode: z.string().nullable(),
  netCents: money,
  /** VAT rate in basis points (21 % = 2100); 0 where none is configured or under reverse charge. */
  vatRateBps: z.number().int().min(0).max(10_000),
  vatCents: money,
  totalCents: money,
  /** B2B buyer with a VAT id in another EU country than the seller's: no VAT, "Reverse charge". */
  reverseCharge: z.boolean(),
});
export type Quote = z.infer<typeof quoteSchema>;

/** POST /api/orders (member): places an order and starts its payment. */
export const checkoutRequestSchema = z.strictObject({
  challengeId: z.uuid('Not a valid id'),
  billing: billingDetailsSchema,
  discountCode: line(40).toUpperCase().default(''),
  provider: z.enum(PAYMENT_PROVIDERS),
  acceptTerms: z.literal(true, 'You must accept the terms'),
});
export type CheckoutRequest = z.input<typeof checkoutRequestSchema>;

/** What a manual (bank transfer) order shows: where to pay and the reference to quote. */
export const paymentInstructionsSchema = z.object({
  beneficiary: z.string(),
  iban: z.string(),
  bic: z.string(),
  bankName: z.string(),
  reference: z.string(),
  amountCents: money,
  currency: z.string(),
});

export const orderSchema = z.object({
  id: z.string(),
  /** ORD-000123 */
  number: z.string(),
  userId: z.string(),
  challengeId: z.string(),
  challengeName: z.string(),
  status: z.enum(ORDER_STATUSES),
  currency: z.string(),
  subtotalCents: money,
  discountCents: money,
  discountCode: z.string().nullable(),
  netCents: money,
  vatRateBps: z.number().int(),
  vatCents: money,
  totalCents: money,
  reverseCharge: z.boolean(),
  provider: z.enum(PAYMENT_PROVIDERS),
  /** The provider's reference (a Stripe Checkout session id, a bank reference), once known. */
  providerReference: z.string().nullable(),
  billing: billingSnapshotSchema,
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
  failedAt: z.string().nullable(),
  failureReason: z.string().nullable(),
  /** INV-2026-000123, given when the order is paid. */
  invoiceNumber: z.string().nullable(),
  /** The phase-1 account the payment provisioned. */
  accountId: z.string().nullable(),
  accountLogin: z.string().nullable(),
  /** Manual orders while pending: how to pay. */
  paymentInstructions: paymentInstructionsSchema.nullable(),
  /** Stripe orders while pending: where to pay (the Checkout page). */
  checkoutUrl: z.string().nullable(),
});
export type Order = z.infer<typeof orderSchema>;
export const orderResponseSchema = z.object({ order: orderSchema });
export const orderIdParamsSchema = z.strictObject({ id: z.uuid('Not a valid id') });

export const ORDER_SORTS = ['createdAt', 'number', 'totalCents', 'status', 'paidAt'] as const;
const dateFilter = boundedDateTime().optional();
/**
 * The time an order list's date range applies to: created, paid (the dashboard counts paid orders,
 * refunded ones included, at their payment) or refunded.
 */
export const ORDER_DATE_FIELDS = ['createdAt', 'paidAt', 'refundedAt'] as const;
export type OrderDateField = (typeof ORDER_DATE_FIELDS)[number];

/** GET /api/orders (member: their own) and /api/admin/users/{userId}/orders. */
export const myOrdersQuerySchema = z.strictObject({
  ...listQueryShape(ORDER_SORTS, { sort: 'createdAt', order: 'desc' }),
  status: z.enum(ORDER_STATUSES).optional(),
});
export type MyOrdersQuery = z.input<typeof myOrdersQuerySchema>;

/** GET /api/admin/orders and /api/admin/orders.csv: `q` matches the number, the email or the name. */
export const orderListQuerySchema = z.strictObject({
  ...listQueryShape(ORDER_SORTS, { sort: 'createdAt', order: 'desc' }),
  q: searchParam,
  status: z.enum(ORDER_STATUSES).optional(),
  challengeId: z.uuid('Not a valid id').optional(),
  provider: z.enum(PAYMENT_PROVIDERS).optional(),
  /**
   * Which time `from` and `to` bound (absent: createdAt); paid or refunded leaves out the orders that
   * have no such time.
   */
  dateField: z.enum(ORDER_DATE_FIELDS, 'One of createdAt, paidAt, refundedAt').optional(),
  /** At or after / before (exclusive), on `dateField`. */
  from: dateFilter,
  to: dateFilter,
});
export type OrderListQuery = z.input<typeof orderListQuerySchema>;
export type OrderListParams = z.output<typeof orderListQuerySchema>;

/** A staff list row: the order and who placed it. */
export const adminOrderSchema = orderSchema.extend({
  userEmail: z.string(),
  userName: z.string(),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;
export const orderListResponseSchema = pageOf(adminOrderSchema);
/** The answer of a staff action on an order (mark paid, cancel, refund). */
export const adminOrderResponseSchema = z.object({ order: adminOrderSchema });
/** POST /api/webhooks/stripe: the event was taken (or had been before). */
export const webhookReceivedSchema = z.object({ received: z.literal(true) });
export const myOrderListResponseSchema = pageOf(orderSchema);

export const ORDER_TIMELINE_KINDS = [
  'created',
  'paid',
  'account_provisioned',
  'cancelled',
  'failed',
  'refunded',
  /** What became of the accounts the order led to: each phase passed or failed, the next one opened. */
  'account_passed',
  'account_failed',
  'next_phase_opened',
  /** Staff reset an account of the order: a fresh one of the same phase was opened in its place. */
  'account_reset',
  'account_closed',
  'mail_sent',
  /** Money taken for the order once it was closed, or a second time: staff refund it at the provider. */
  'payment_to_refund',
] as const;
/** The detail drawer's timeline, oldest first. */
export const orderTimelineEntrySchema = z.object({
  kind: z.enum(ORDER_TIMELINE_KINDS),
  at: z.string(),
  /** The staff member who did it, when one did. */
  actorEmail: z.string().nullable(),
  /** The login of the trading account the entry is about, when it is about one. */
  account: z.string().nullable(),
  /** A reference, a reason or a mail's subject; `refunded` and `reset` are closing reasons by code. */
  detail: z.string().nullable(),
});
export const adminOrderDetailSchema = z.object({
  order: adminOrderSchema,
  timeline: z.array(orderTimelineEntrySchema),
});

/** POST /api/admin/orders/{id}/mark-paid (ADMIN, manual orders): the bank's reference, if any. */
export const markPaidRequestSchema = z.strictObject({ reference: line(100).default('') });
/** POST /api/admin/orders/{id}/cancel | refund (ADMIN). */
export const orderActionRequestSchema = z.strictObject({ reason: line(300).default('') });

// ---------------------------------------------------------------- discount codes (ADMIN)

export const discountCodeInputSchema = z
  .strictObject({
    code: safeText()
      .trim()
      .toUpperCase()
      .pipe(z.string().regex(/^[A-Z0-9][A-Z0-9_-]{2,39}$/, '3–40 letters, digits, - or _')),
    kind: z.enum(DISCOUNT_KINDS),
    /** percent: basis points, 1–10,000 (100 %). */
    percentBps: z.number().int().min(1).max(10_000).nullable().default(null),
    /** fixed: cents off, in `currency`. */
    amountCents: z.number().int().min(1).max(MAX_MONEY_CENTS).nullable().default(null),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .nullable()
      .default(null),
    validFrom: boundedDateTime().nullable().default(null),
    validUntil: boundedDateTime().nullable().default(null),
    /** null: unlimited. */
    maxUses: z.number().int().min(1).max(1_000_000).nullable().default(null),
    /** null: every challenge. */
    challengeId: z.uuid('Not a valid id').nullable().default(null),
  })
  .superRefine((d, ctx) => {
    if (d.kind === 'percent' && d.percentBps === null)
      ctx.addIssue({ code: 'custom', path: ['percentBps'], message: 'A percent discount needs its percentage' });
    if (d.kind === 'fixed' && (d.amountCents === null || d.currency === null))
      ctx.addIssue({ code: 'custom', path: ['amountCents'], message: 'A fixed discount needs an amount and currency' });
    if (d.validFrom && d.validUntil && Date.parse(d.validUntil) <= Date.parse(d.validFrom))
      ctx.addIssue({ code: 'custom', path: ['validUntil'], message: 'Must be after the start' });
  });
export type DiscountCodeInput = z.input<typeof discountCodeInputSchema>;

export const discountCodeSchema = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  percentBps: z.number().int().nullable(),
  amountCents: z.number().int().nullable(),
  currency: z.string().nullable(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  uses: z.number().int(),
  challengeId: z.string().nullable(),
  challengeName: z.string().nullable(),
  active: z.boolean(),
  createdAt: z.string(),
});
export type DiscountCode = z.infer<typeof discountCodeSchema>;
export const discountCodeResponseSchema = z.object({ discountCode: discountCodeSchema });
export const DISCOUNT_SORTS = ['createdAt', 'code', 'uses', 'validUntil'] as const;
export const discountCodeListQuerySchema = z.strictObject({
  ...listQueryShape(DISCOUNT_SORTS, { sort: 'createdAt', order: 'desc' }),
  q: searchParam,
  active: z.enum(['true', 'false']).optional(),
});
export const discountCodeListResponseSchema = pageOf(discountCodeSchema);
/** PATCH /api/admin/discount-codes/{id}: switch a code off (or on again). */
export const discountCodePatchSchema = z.strictObject({ active: z.boolean() });

/** GET /api/config's commerce part: which providers the checkout offers. */
