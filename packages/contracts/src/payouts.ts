import { z } from 'zod';
import { newsViolationsResponseSchema } from './news.ts';
import { MAX_MONEY_CENTS } from './constants.ts';
import { listQueryShape, pageOf, searchParam } from './lists.ts';
import { boundedDateTime, safeText } from './text.ts';

// Payouts: a funded trader asks for the trader's share of the profit; staff approve, reject or pay.
// Money is integer cents in the account's currency.

export const PAYOUT_STATUSES = ['requested', 'approved', 'paid', 'rejected', 'cancelled'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
/** Requested or approved: an account has at most one (a partial unique index). */
export const OPEN_PAYOUT_STATUSES = ['requested', 'approved'] as const satisfies readonly PayoutStatus[];
export const PAYOUT_METHODS = ['bank_transfer', 'crypto', 'paypal'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];
export const CRYPTO_NETWORKS = ['bitcoin', 'ethereum', 'tron'] as const;
export type CryptoNetwork = (typeof CRYPTO_NETWORKS)[number];

/** IBAN (ISO 13616): country, check digits, 11–30 letters/digits, and mod 97 of the rearranged number = 1. */
export function isValidIban(raw: string): boolean {
  const iban = raw.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return rest === 1;
}

/** BIC (ISO 9362): bank (4 letters), country (2 letters), location (2), optional branch (3). */
export const isValidBic = (raw: string): boolean => /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(raw);

const BASE58 = '[1-9A-HJ-NP-Za-km-z]';
const ADDRESS_FORMATS: Record<CryptoNetwork, RegExp> = {
  // Legacy (1…, 3…) in base58, or bech32 (bc1…).
  bitcoin: new RegExp(`^(?:[13]${BASE58}{25,34}|bc1[02-9ac-hj-np-z]{11,71})$`),
  ethereum: /^0x[0-9a-fA-F]{40}$/,
  tron: new RegExp(`^T${BASE58}{33}$`),
};
export const isValidCryptoAddress = (network: CryptoNetwork, address: string): boolean =>
  ADDRESS_FORMATS[network].test(address);

const compact = (s: string) => s.replace(/\s+/g, '').toUpperCase();

export const bankTransferDestinationSchema = z.strictObject({
  method: z.literal('bank_transfer'),
  accountHolder: safeText().trim().min(1, 'Account holder is required').max(120),
  iban: safeText().max(50).transform(compact).refine(isValidIban, 'Not a valid IBAN (format or check digits)'),
  bic: safeText().max(20).transform(compact).refine(isValidBic, 'Not a valid BIC'),
});
export const cryptoDestinationSchema = z
  .strictObject({
    method: z.literal('crypto'),
    network: z.enum(CRYPTO_NETWORKS, 'Choose a network'),
    address: safeText().trim().max(100),
  })
  .refine((d) => isValidCryptoAddress(d.network, d.address), {
    path: ['address'],
    message: 'Not a valid address for this network',
  });
export const paypalDestinationSchema = z.strictObject({
  method: z.literal('paypal'),
  email: safeText().trim().toLowerCase().max(254).pipe(z.email('Wrong email format')),
});
export const payoutDestinationSchema = z.discriminatedUnion('method', [
  bankTransferDestinationSchema,
  cryptoDestinationSchema,
  paypalDestinationSchema,
]);
export type PayoutDestination = z.infer<typeof payoutDestinationSchema>;

/** POST /api/payouts: the trader's amount, in the account's currency. */
export const payoutRequestSchema = z.strictObject({
  accountId: z.uuid('Not a valid id'),
  amountCents: z.number().int('Whole cents').min(1, 'Must be positive').max(MAX_MONEY_CENTS),
  destination: payoutDestinationSchema,
});
export type PayoutRequest = z.input<typeof payoutRequestSchema>;

export const payoutIdParamsSchema = z.strictObject({ id: z.uuid('Not a valid id') });
export const payoutRejectSchema = z.strictObject({
  reason: safeText().trim().min(1, 'A reason is required').max(500),
});
export const payoutMarkPaidSchema = z.strictObject({
  reference: safeText().trim().min(1, 'The transfer reference is required').max(200),
});

// ---------------------------------------------------------------- eligibility

export const ELIGIBILITY_CHECKS = [
  'funded_active',
  'interval',
  'no_open_positions',
  'minimum',
  'no_open_request',
] as const;
export type EligibilityCheckKey = (typeof ELIGIBILITY_CHECKS)[number];

/** One line of the checklist: whether it holds, and the figures the web words in each language. */
export const eligibilityCheckSchema = z.discriminatedUnion('key', [
  z.object({
    key: z.literal('funded_active'),
    ok: z.boolean(),
    phaseKind: z.enum(['evaluation', 'funded']),
    status: z.string(),
  }),
  z.object({
    key: z.literal('interval'),
    ok: z.boolean(),
    /** What the days count from: the first trade (first payout) or the last paid payout; null: no trade yet. */
    since: z.enum(['first_trade', 'last_payout']).nullable(),
    sinceAt: z.string().nullable(),
    daysSince: z.number().int().nullable(),
    requiredDays: z.number().int(),
    /** Days still missing (0 when ok). */
    missingDays: z.number().int(),
    /** When the interval is met (ISO); null when there is no trade yet. */
    eligibleAt: z.string().nullable(),
  }),
  z.object({ key: z.literal('no_open_positions'), ok: z.boolean(), openPositions: z.number().int() }),
  z.object({
    key: z.literal('minimum'),
    ok: z.boolean(),
    availableCents: z.number().int(),
    minimumCents: z.number().int(),
    missingCents: z.number().int(),
  }),
  z.object({
    key: z.literal('no_open_request'),
    ok: z.boolean(),
    openPayoutId: z.string().nullable(),
    openStatus: z.enum(OPEN_PAYOUT_STATUSES).nullable(),
    /** The open request's amount (reserved until it is paid, rejected or cancelled); null when none. */
    openAmountCents: z.number().int().nullable().optional(),
  }),
]);
export type EligibilityCheck = z.infer<typeof eligibilityCheckSchema>;

export const accountEligibilitySchema = z.object({
  accountId: z.string(),
  login: z.string(),
  challengeName: z.string(),
  currency: z.string(),
  status: z.string(),
  initialBalanceCents: z.number().int(),
  balanceCents: z.number().int(),
  /** balance − initial, never below 0. */
  profitCents: z.number().int(),
  splitBps: z.number().int(),
  /**
   * The trader's share of the profit: what may be requested when no request is open. An open
   * request withdraws nothing until it is paid, so its amount is still inside this figure.
   */
  availableCents: z.number().int(),
  /**
   * The amount of the account's open (requested or approved) request, 0 when none. While it is
   * open nothing more may be requested: an account has at most one open request.
   */
  reservedCents: z.number().int().optional(),
  /** The firm's share of the same profit. */
  firmShareCents: z.number().int(),
  minimumCents: z.number().int(),
  intervalDays: z.number().int(),
  eligible: z.boolean(),
  checks: z.array(eligibilityCheckSchema),
  asOf: z.string(),
});
export type AccountEligibility = z.infer<typeof accountEligibilitySchema>;

/** The firm's typical turnaround: the median time from request to paid of past paid payouts. */
export const payoutTurnaroundSchema = z.object({
  medianHours: z.number().nullable(),
  paidCount: z.number().int(),
});

export const eligibilityQuerySchema = z.strictObject({ accountId: z.uuid('Not a valid id').optional() });
export const eligibilityResponseSchema = z.object({
  accounts: z.array(accountEligibilitySchema),
  turnaround: payoutTurnaroundSchema,
});
export type EligibilityResponse = z.infer<typeof eligibilityResponseSchema>;

// ---------------------------------------------------------------- payouts

export const payoutSchema = z.object({
  id: z.string(),
  accountId: z.string(),
  accountLogin: z.string(),
  userId: z.string(),
  amountCents: z.number().int(),
  grossCents: z.number().int(),
  firmShareCents: z.number().int(),
  splitBps: z.number().int(),
  currency: z.string(),
  method: z.enum(PAYOUT_METHODS),
  destination: z.record(z.string(), z.string()),
  status: z.enum(PAYOUT_STATUSES),
  rejectionReason: z.string().nullable(),
  transferReference: z.string().nullable(),
  certificateCode: z.string().nullable(),
  requestedAt: z.string(),
  approvedAt: z.string().nullable(),
  rejectedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  paidAt: z.string().nullable(),
});
export type Payout = z.infer<typeof payoutSchema>;
export const payoutResponseSchema = z.object({ payout: payoutSchema });

export const PAYOUT_SORTS = ['requestedAt', 'amountCents', 'status'] as const;
export const myPayoutsQuerySchema = z.strictObject({
  ...listQueryShape(PAYOUT_SORTS, { sort: 'requestedAt', order: 'desc' }),
  accountId: z.uuid('Not a valid id').optional(),
});
export type MyPayoutsQuery = z.input<typeof myPayoutsQuerySchema>;
/**
 * A member's request as listed: `withdrawnAt` is when the account's bridge reported the payout's
 * withdrawal from the trading account while the payout is approved and not yet paid; else null.
 */
export const myPayoutSchema = payoutSchema.extend({ withdrawnAt: z.string().nullable() });
export type MyPayout = z.infer<typeof myPayoutSchema>;
export const myPayoutListResponseSchema = pageOf(myPayoutSchema);

const amountFilter = z.coerce.number().int().min(0).max(MAX_MONEY_CENTS).optional();
/** The time a payout list's date range applies to (the dashboard counts paid payouts at their payment). */
export const PAYOUT_DATE_FIELDS = ['requestedAt', 'paidAt'] as const;
export type PayoutDateField = (typeof PAYOUT_DATE_FIELDS)[number];
/** GET /api/admin/payouts: `q` matches the member's email or name. */
export const payoutListQuerySchema = z.strictObject({
  ...listQueryShape(PAYOUT_SORTS, { sort: 'requestedAt', order: 'asc' }),
  q: searchParam,
  status: z.enum(PAYOUT_STATUSES).optional(),
  method: z.enum(PAYOUT_METHODS).optional(),
  /** Which time `from` and `to` bound: the request (absent too), or the payment (only paid payouts have one). */
  dateField: z.enum(PAYOUT_DATE_FIELDS, 'One of requestedAt, paidAt').optional(),
  /** At or after / before (exclusive), on `dateField`. */
  from: boundedDateTime().optional(),
  to: boundedDateTime().optional(),
  /** The trader's amount, in cents, inclusive. */
  minAmount: amountFilter,
  maxAmount: amountFilter,
});
export type PayoutListQuery = z.input<typeof payoutListQuerySchema>;
export type PayoutListParams = z.output<typeof payoutListQuerySchema>;

export const adminPayoutSchema = payoutSchema.extend({
  userEmail: z.string(),
  userName: z.string(),
  reviewerEmail: z.string().nullable(),
});
export type AdminPayout = z.infer<typeof adminPayoutSchema>;
export const payoutListResponseSchema = pageOf(adminPayoutSchema);
export const adminPayoutResponseSchema = z.object({ payout: adminPayoutSchema });

/** The staff detail: the request, the account now, its checklist now, the member's history, its breaches. */
export const adminPayoutDetailSchema = z.object({
  payout: adminPayoutSchema,
  eligibility: accountEligibilitySchema,
  history: z.array(payoutSchema),
  breach: z.object({ rule: z.string(), at: z.string(), text: z.string() }).nullable(),
  /** Open or decided reviews of the account's verdict (late data that disagreed). */
  verdictReviews: z.number().int(),
  /** Trades flagged by the restricted-news rule (the firm decides, e.g. to exclude their profit). */
  newsViolations: newsViolationsResponseSchema,
  /**
   * An approved payout whose withdrawal the account's bridge has reported from the trading server
   * already (the event naming it, and its time): the money is out, so it is marked paid, not rejected.
   */
  reportedWithdrawal: z.object({ eventId: z.string(), at: z.string() }).nullable(),
});
export type AdminPayoutDetail = z.infer<typeof adminPayoutDetailSchema>;
