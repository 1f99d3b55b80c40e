import { z } from 'zod';
import { MAX_MONEY_CENTS } from './constants.ts';
import { safeText } from './text.ts';
import { centsPerSmallestUnit, currencyDecimals } from './currency-units.ts';

/** Percentages are integer basis points (1 % = 100); money is integer cents with a currency. */
export const PHASE_KINDS = ['evaluation', 'funded'] as const;
export const DRAWDOWN_TYPES = ['static', 'eod_trailing'] as const;
export const DAILY_LOSS_BASES = ['balance', 'max_balance_equity'] as const;
export const CHALLENGE_STATUSES = ['active', 'archived'] as const;

const bps = (max = 10_000) => z.number().int().min(1).max(max);
/** The smallest account a challenge may fund (1,000.00): below it the loss limits are pennies. */
export const MIN_ACCOUNT_SIZE_CENTS = 1_000_00;
/** The smallest price (1.00): a challenge is sold, and card payments refuse smaller amounts. */
export const MIN_PRICE_CENTS = 1_00;
/** The `params.rule` of a phase whose daily loss limit is above its overall one. */
export const DAILY_ABOVE_MAX_RULE = 'daily_above_max';
/** The rule that refuses a currency with three decimals: money is held in hundredths. */
export const CURRENCY_DECIMALS_RULE = 'currency_decimals';
/** The rule that refuses a fraction of a unit in a currency without decimals (¥14,999.50). */
export const WHOLE_UNITS_RULE = 'whole_units';
export const WHOLE_UNITS_MESSAGE = 'A price in this currency has no decimals';
/** Whether `cents` can be paid in `currency`: whole units where it has no decimals. */
export const payableIn = (cents: number, currency: string): boolean => cents % centsPerSmallestUnit(currency) === 0;

const currencyCode = safeText()
  .regex(/^[A-Z]{3}$/, 'Use an ISO 4217 code such as USD')
  .refine((c) => currencyDecimals(c) <= 2, {
    message: 'A currency with three decimals is not supported',
    params: { rule: CURRENCY_DECIMALS_RULE },
  });
/** Integer cents from `min` up to the engine's exact bound (MAX_MONEY_CENTS). */
const cents = (min: number) =>
  z.number().int().min(min).max(MAX_MONEY_CENTS, `Out of range: at most ${MAX_MONEY_CENTS} cents`);

/**
 * Trades opened or closed within this many minutes before/after a high-impact event of a traded
 * currency are flagged as violations (the account is not failed).
 */
export const restrictedNewsSchema = z.strictObject({
  minutesBefore: z.number().int().min(0).max(120).default(2),
  minutesAfter: z.number().int().min(0).max(120).default(2),
});

export const phaseRulesSchema = z.strictObject({
  kind: z.enum(PHASE_KINDS),
  // At most 100 %: with accounts up to MAX_MONEY_CENTS the engine stays exact (target% × initial ≤ 9×10¹⁵).
  profitTargetBps: bps(10_000).nullable(),
  maxDailyLossBps: bps(),
  maxLossBps: bps(),
  drawdownType: z.enum(DRAWDOWN_TYPES).default('static'),
  dailyLossBase: z.enum(DAILY_LOSS_BASES).default('balance'),
  minTradingDays: z.number().int().min(0).max(365).default(0),
  maxDays: z.number().int().min(1).max(3650).nullable().default(null),
  profitSplitBps: z.number().int().min(0).max(10_000).nullable().default(null),
  minPayoutCents: cents(0).nullable().default(null),
  payoutIntervalDays: z.number().int().min(1).max(365).nullable().default(null),
  /** Funded phases: the restricted-news rule (null = off, the default). */
  restrictedNews: restrictedNewsSchema.nullable().default(null),
});
export type PhaseRulesInput = z.input<typeof phaseRulesSchema>;
export type PhaseRulesDto = z.output<typeof phaseRulesSchema>;

/** Evaluation phases first, each with a target; exactly one funded phase, last, without a target or a time limit. */
export const phasesSchema = z
  .array(phaseRulesSchema)
  .min(1)
  .max(5)
  .superRefine((phases, ctx) => {
    phases.forEach((p, i) => {
      if (p.kind === 'evaluation' && p.profitTargetBps === null) {
        ctx.addIssue({
          code: 'custom',
          path: [i, 'profitTargetBps'],
          message: 'An evaluation phase needs a profit target',
        });
      }
      if (p.kind === 'funded' && p.profitTargetBps !== null) {
        ctx.addIssue({ code: 'custom', path: [i, 'profitTargetBps'], message: 'A funded phase has no profit target' });
      }
      if (p.kind === 'funded' && p.maxDays !== null) {
        ctx.addIssue({ code: 'custom', path: [i, 'maxDays'], message: 'Funded phases have no time limit' });
      }
      if (p.kind === 'evaluation' && p.restrictedNews) {
        ctx.addIssue({
          code: 'custom',
          path: [i, 'restrictedNews'],
          message: 'The restricted-news rule is a funded-phase option',
        });
      }
      // A daily limit above the overall one could never be the one that ends the account.
      if (p.maxDailyLossBps > p.maxLossBps) {
        ctx.addIssue({
          code: 'custom',
          path: [i, 'maxDailyLossBps'],
          message: 'The daily loss limit cannot be above the maximum loss',
          params: { rule: DAILY_ABOVE_MAX_RULE },
        });
      }
      if (p.kind === 'funded' && i !== phases.length - 1) {
        ctx.addIssue({ code: 'custom', path: [i, 'kind'], message: 'The funded phase must be the last one' });
      }
    });
    if (phases[0]?.kind !== 'evaluation') {
      ctx.addIssue({ code: 'custom', path: [0, 'kind'], message: 'The first phase must be an evaluation phase' });
    }
    // Without a funded phase a trader who passes has nowhere to go: the firm would sell a dead end.
    if (!phases.some((p) => p.kind === 'funded')) {
      ctx.addIssue({
        code: 'custom',
        path: [phases.length - 1, 'kind'],
        message: 'The last phase must be a funded phase',
      });
    }
  });

const slugSchema = safeText()
  .trim()
  .min(2)
  .max(60)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Use lower-case letters, digits and single dashes');

export const createChallengeRequestSchema = z
  .strictObject({
    name: safeText().trim().min(2).max(100),
    slug: slugSchema,
    description: safeText().trim().max(2000).default(''),
    accountSizeCents: cents(MIN_ACCOUNT_SIZE_CENTS),
    currency: currencyCode.default('USD'),
    priceCents: cents(MIN_PRICE_CENTS),
    status: z.enum(CHALLENGE_STATUSES).default('active'),
    platform: safeText().trim().min(1).max(40).default('demo'),
    leverage: z.number().int().min(1).max(1000).default(100),
    phases: phasesSchema,
  })
  .superRefine((c, ctx) => {
    if (!payableIn(c.priceCents, c.currency))
      ctx.addIssue({
        code: 'custom',
        path: ['priceCents'],
        message: WHOLE_UNITS_MESSAGE,
        params: { rule: WHOLE_UNITS_RULE },
      });
  });
export type CreateChallengeRequest = z.input<typeof createChallengeRequestSchema>;

/** Any subset; `phases` replaces the whole list. Running accounts keep their copy of the rules. */
export const updateChallengeRequestSchema = z.strictObject({
  name: safeText().trim().min(2).max(100).optional(),
  slug: slugSchema.optional(),
  description: safeText().trim().max(2000).optional(),
  accountSizeCents: cents(MIN_ACCOUNT_SIZE_CENTS).optional(),
  currency: currencyCode.optional(),
  priceCents: cents(MIN_PRICE_CENTS).optional(),
  status: z.enum(CHALLENGE_STATUSES).optional(),
  platform: safeText().trim().min(1).max(40).optional(),
  leverage: z.number().int().min(1).max(1000).optional(),
  phases: phasesSchema.optional(),
});
export type UpdateChallengeRequest = z.input<typeof updateChallengeRequestSchema>;

export const phaseResponseSchema = z.object({
  index: z.number().int(),
  kind: z.enum(PHASE_KINDS),
  profitTargetBps: z.number().int().nullable(),
  maxDailyLossBps: z.number().int(),
  maxLossBps: z.number().int(),
  drawdownType: z.enum(DRAWDOWN_TYPES),
  dailyLossBase: z.enum(DAILY_LOSS_BASES),
  minTradingDays: z.number().int(),
  maxDays: z.number().int().nullable(),
  profitSplitBps: z.number().int().nullable(),
  minPayoutCents: z.number().int().nullable(),
  payoutIntervalDays: z.number().int().nullable(),
  /** The restricted-news window of a funded phase; null (or absent in older copies) = off. */
  restrictedNews: z.object({ minutesBefore: z.number().int(), minutesAfter: z.number().int() }).nullish(),
});

export const challengeSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  accountSizeCents: z.number().int(),
  currency: z.string(),
  priceCents: z.number().int(),
  status: z.enum(CHALLENGE_STATUSES),
  platform: z.string(),
  leverage: z.number().int(),
  phases: z.array(phaseResponseSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Challenge = z.infer<typeof challengeSchema>;

export const challengeResponseSchema = z.object({ challenge: challengeSchema });
export const challengeListResponseSchema = z.object({ challenges: z.array(challengeSchema) });

/**
 * The staff list adds how many trading accounts (any status) use each challenge, and whether
 * anything (an account or an order) does: DELETE archives such a challenge instead of deleting it.
 */
export const staffChallengeSchema = challengeSchema.extend({ accountsCount: z.number().int(), inUse: z.boolean() });
export type StaffChallenge = z.infer<typeof staffChallengeSchema>;
export const staffChallengeListResponseSchema = z.object({ challenges: z.array(staffChallengeSchema) });

export const challengeListQuerySchema = z.strictObject({
  status: z.enum(CHALLENGE_STATUSES).optional(),
});

/** DELETE answers what happened: a challenge with accounts is archived, an unused one deleted. */
export const challengeDeleteResponseSchema = z.object({
  id: z.string(),
  outcome: z.enum(['deleted', 'archived']),
});

export const challengeIdParamsSchema = z.strictObject({ id: z.uuid('Not a valid id') });
