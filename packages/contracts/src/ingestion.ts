// The integration API's contract: the events a bridge posts and the answer it gets. Money is
// decimal here, as bridges send it, and becomes integer cents once, at this edge.
import { z } from 'zod';
import { MAX_MONEY_CENTS } from './constants.ts';
import { boundedDateTime, safeText } from './text.ts';
import { ACCOUNT_STATUSES, BREACH_RULES } from './account-states.ts';

export const MAX_EVENTS_PER_BATCH = 1000;
export const BALANCE_KINDS = ['withdrawal', 'adjustment'] as const;
export type BalanceKind = (typeof BALANCE_KINDS)[number];

/**
 * Decimal money → integer cents, once, at the edge. Rounds half away from zero on the decimal text
 * of the number (so 1.005 → 101 and -0.125 → -13): bridges send doubles such as 12.340000000001.
 */
export function decimalToCents(value: number): number {
  const text = String(Math.abs(value));
  let cents: number;
  if (/e/i.test(text)) {
    cents = Math.round(Math.abs(value) * 100);
  } else {
    const [whole = '0', frac = ''] = text.split('.');
    const padded = (frac + '000').slice(0, 3);
    cents = Number(whole) * 100 + Number(padded.slice(0, 2)) + (Number(padded[2]) >= 5 ? 1 : 0);
  }
  return value < 0 && cents !== 0 ? -cents : cents;
}

export const centsToDecimal = (cents: number): number => cents / 100;

/** The bound as decimal text with thousands separators: 9,000,000,000.00. */
const MAX_MONEY_TEXT = (MAX_MONEY_CENTS / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
export const MONEY_RANGE_MESSAGE = `Out of range: at most ${MAX_MONEY_TEXT} in absolute value`;

/**
 * Decimal money → cents, refused when the cents (after rounding) exceed MAX_MONEY_CENTS either way:
 * the bound is on what the engine receives, so 9,000,000,000.004 is taken and 9,000,000,000.005 is not.
 */
const money = z.number({ error: 'Expected a decimal number' }).transform((v, ctx) => {
  const cents = Number.isFinite(v) ? decimalToCents(v) : Number.NaN;
  if (!(Math.abs(cents) <= MAX_MONEY_CENTS)) {
    ctx.issues.push({ code: 'custom', message: MONEY_RANGE_MESSAGE, input: v });
    return z.NEVER;
  }
  return cents;
});

/** Also bounded to 1970–2200: a year 0000 or 9999 is a 400 naming the field, not a database error. */
const isoTime = boundedDateTime({ error: 'Expected an ISO 8601 time with Z or an offset' }).transform((s) =>
  Date.parse(s),
);

const eventId = safeText({ error: 'Expected a string id' }).min(1).max(100);
const login = safeText({ error: 'Expected the account login' }).min(1).max(64);

export const snapshotEventSchema = z.strictObject({
  id: eventId,
  type: z.literal('snapshot'),
  account: login,
  time: isoTime,
  balance: money,
  equity: money,
  openPositions: z.number().int().min(0).max(100_000),
});

export const tradeEventSchema = z
  .strictObject({
    id: eventId,
    type: z.literal('trade'),
    account: login,
    ticket: z.union([safeText().min(1).max(64), z.number().int().nonnegative().transform(String)]),
    symbol: safeText().trim().min(1).max(32),
    side: z.enum(['buy', 'sell']),
    volume: z.number().positive().max(100_000),
    openTime: isoTime,
    openPrice: z.number().nonnegative().max(1e9),
    closeTime: isoTime.nullable().default(null),
    closePrice: z.number().nonnegative().max(1e9).nullable().default(null),
    profit: money,
    commission: money.default(0),
    swap: money.default(0),
  })
  .superRefine((t, ctx) => {
    if ((t.closeTime === null) !== (t.closePrice === null)) {
      ctx.addIssue({ code: 'custom', path: ['closePrice'], message: 'closeTime and closePrice come together' });
    }
    if (t.closeTime !== null && t.closeTime < t.openTime) {
      ctx.addIssue({ code: 'custom', path: ['closeTime'], message: 'closeTime is before openTime' });
    }
  });

export const WITHDRAWAL_NOT_NEGATIVE_MESSAGE = "A withdrawal's amount must be negative";
export const PAYOUT_NOT_WITHDRAWAL_MESSAGE = 'Only a withdrawal pays a payout';

export const balanceEventSchema = z
  .strictObject({
    id: eventId,
    type: z.literal('balance'),
    account: login,
    time: isoTime,
    /**
     * withdrawal: money taken out (a payout, amount < 0); adjustment (the default): a correction
     * that counts like a trade's result, toward the target too. There is no deposit: an account's
     * starting balance is the platform's, so a bridge must not forward the trading server's
     * initial-balance or top-up deals (as adjustments they would count as profit).
     */
    kind: z.enum(BALANCE_KINDS).default('adjustment'),
    amount: money,
    comment: safeText().max(200).default(''),
    /**
     * The platform's payout this withdrawal pays out. The platform books a paid payout's withdrawal
     * itself; a bridge that reports the same withdrawal from the trading server names the payout,
     * and the withdrawal is then counted once, whichever arrives first.
     */
    // Lower case: the id is compared as stored, and a UUID means the same in either case.
    payout: z
      .uuid('Expected the payout id')
      .transform((id) => id.toLowerCase())
      .optional(),
  })
  .superRefine((b, ctx) => {
    // In cents, after rounding: -0.004 is 0 cents, not a withdrawal.
    if (b.kind === 'withdrawal' && typeof b.amount === 'number' && !(b.amount < 0)) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: WITHDRAWAL_NOT_NEGATIVE_MESSAGE });
    }
    if (b.payout !== undefined && b.kind !== 'withdrawal') {
      ctx.addIssue({ code: 'custom', path: ['payout'], message: PAYOUT_NOT_WITHDRAWAL_MESSAGE });
    }
  });

export const ingestEventSchema = z.discriminatedUnion('type', [
  snapshotEventSchema,
  tradeEventSchema,
  balanceEventSchema,
]);
export type IngestEvent = z.output<typeof ingestEventSchema>;
export type IngestEventInput = z.input<typeof ingestEventSchema>;

export const ingestRequestSchema = z.strictObject({
  events: z
    .array(ingestEventSchema)
    .min(1)
    .max(MAX_EVENTS_PER_BATCH, `At most ${MAX_EVENTS_PER_BATCH} events per batch`),
});

/** Money in the integration API is decimal, like the input. */
export const ingestBreachSchema = z.object({
  rule: z.enum(BREACH_RULES),
  at: z.string(),
  equity: z.number(),
  level: z.number(),
});

/**
 * `?dryRun=true`: the batch is checked and evaluated exactly as it would be, and nothing is kept:
 * the answer says what would be accepted and what each account would become (a first call, a test).
 */
export const ingestQuerySchema = z.object({
  dryRun: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

export const ingestResponseSchema = z.object({
  /** Present (true) when the call was a dry run: nothing was stored. */
  dryRun: z.literal(true).optional(),
  accepted: z.number().int(),
  duplicates: z.number().int(),
  accounts: z.array(
    z.object({
      account: z.string(),
      status: z.enum(ACCOUNT_STATUSES),
      breach: ingestBreachSchema.nullable(),
      passed: z.boolean(),
    }),
  ),
});
export type IngestResponse = z.infer<typeof ingestResponseSchema>;
