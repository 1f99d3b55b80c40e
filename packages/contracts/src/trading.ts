import { z } from 'zod';
import { PHASE_KINDS, phaseResponseSchema } from './challenges.ts';
import { boundedDateTime, safeText } from './text.ts';

import { ACCOUNT_STATUSES, BREACH_RULES } from './account-states.ts';

export * from './account-states.ts';
export * from './ingestion.ts';
export * from './connectors.ts';

// ---------------------------------------------------------------- trading accounts

/** The rules an account was started with: its phase's rules, copied. */
export const rulesSchema = phaseResponseSchema.omit({ index: true });

/** The comparison a breach failed, with its numbers (money in cents, percentages in basis points). */
export const breachFormulaSchema = z.object({
  base: z.enum(['day_start', 'initial', 'highest_eod_balance', 'profit_target']),
  baseCents: z.number().int(),
  limitBps: z.number().int(),
  initialCents: z.number().int(),
  /** The same in words with its numbers, e.g. "equity 94,999.99 < day start 100,000.00 − 5.00 % × …". */
  text: z.string(),
});

export const breachReportSchema = z.object({
  rule: z.enum(BREACH_RULES),
  at: z.string(),
  equityCents: z.number().int(),
  levelCents: z.number().int(),
  balanceCents: z.number().int(),
  openPositions: z.number().int(),
  dayStartCents: z.number().int().nullable(),
  /** time_limit: the trading days counted by the deadline (absent on other rules and older breaches). */
  tradingDays: z.number().int().nullable().optional(),
  dayKey: z.string(),
  /** Null only on breaches recorded before formulas were kept. */
  formula: breachFormulaSchema.nullable(),
});

/** GET …/accounts/:id/breach: the breach with the equity path of the hours before it. */
export const breachEvidenceResponseSchema = z.object({
  breach: breachReportSchema.nullable(),
  equityPath: z.array(z.object({ time: z.string(), balanceCents: z.number().int(), equityCents: z.number().int() })),
  currency: z.string(),
  timeZone: z.string(),
});

export const createAccountRequestSchema = z.strictObject({
  email: safeText().trim().toLowerCase().pipe(z.email('Wrong email format')),
  challengeId: z.uuid('Not a valid id'),
  /** Phase index, 0-based (0 = phase 1). */
  phase: z.number().int().min(0).max(4).default(0),
});

export const accountSchema = z.object({
  id: z.string(),
  userId: z.string(),
  challengeId: z.string(),
  challengeName: z.string(),
  phaseIndex: z.number().int(),
  phaseCount: z.number().int(),
  /** Evaluation phases of the challenge's program ("Phase 1 of 2"); the funded phase is not one. */
  evaluationPhaseCount: z.number().int(),
  phaseKind: z.enum(PHASE_KINDS),
  platform: z.string(),
  login: z.string(),
  server: z.string(),
  /** Platform password: shown to the owner and staff only. */
  password: z.string(),
  currency: z.string(),
  initialBalanceCents: z.number().int(),
  balanceCents: z.number().int(),
  equityCents: z.number().int(),
  status: z.enum(ACCOUNT_STATUSES),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  passedAt: z.string().nullable(),
  lastEventAt: z.string().nullable(),
  breach: breachReportSchema.nullable(),
  previousAccountId: z.string().nullable(),
  nextAccountId: z.string().nullable(),
  /** The fresh account a staff reset opened in place of this one. */
  replacedById: z.string().nullable(),
  createdAt: z.string(),
});
export type TradingAccount = z.infer<typeof accountSchema>;

export const accountListResponseSchema = z.object({ accounts: z.array(accountSchema) });
export const accountResponseSchema = z.object({ account: accountSchema });

export const objectiveSchema = z.object({
  rule: z.enum(['profit_target', 'min_trading_days', 'max_daily_loss', 'max_loss', 'time_limit']),
  unit: z.enum(['cents', 'days']),
  limit: z.number(),
  current: z.number(),
  status: z.enum(['passed', 'in_progress', 'failed']),
});

export const metricsSchema = z.object({
  balanceCents: z.number().int(),
  equityCents: z.number().int(),
  openPositions: z.number().int(),
  /** Money taken out by withdrawals (paid payouts). */
  withdrawnCents: z.number().int(),
  profitCents: z.number().int(),
  profitBps: z.number().int(),
  todayPnlCents: z.number().int(),
  tradingDays: z.number().int(),
  minTradingDays: z.number().int(),
  trades: z.number().int(),
  wins: z.number().int(),
  losses: z.number().int(),
  winRateBps: z.number().int().nullable(),
  averageWinCents: z.number().nullable(),
  averageLossCents: z.number().nullable(),
  profitFactor: z.number().nullable(),
  expectancyCents: z.number().nullable(),
  lots: z.number(),
  bestTradeCents: z.number().int().nullable(),
  worstTradeCents: z.number().int().nullable(),
  longestWinStreak: z.number().int(),
  longestLossStreak: z.number().int(),
});

const limitSchema = z.object({
  /** Breach when equity goes strictly below this level. */
  levelCents: z.number().int(),
  /** Money that can still be lost before the breach (negative once crossed). */
  roomCents: z.number().int(),
  roomBps: z.number().int(),
});

export const accountOverviewResponseSchema = z.object({
  account: accountSchema,
  rules: rulesSchema,
  objectives: z.array(objectiveSchema),
  metrics: metricsSchema,
  limits: z.object({
    dailyLoss: limitSchema.extend({ dayStartCents: z.number().int() }),
    maxLoss: limitSchema,
    profitTargetBalanceCents: z.number().int().nullable(),
  }),
  timeZone: z.string(),
  tradingDay: z.string(),
  nextDailyResetAt: z.string(),
  deadlineAt: z.string().nullable(),
  currency: z.string(),
});
export type AccountOverview = z.infer<typeof accountOverviewResponseSchema>;

export const tradesQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(500).default(50),
  cursor: safeText().max(200).optional(),
  symbol: safeText().trim().min(1).max(32).optional(),
  side: z.enum(['buy', 'sell']).optional(),
  from: boundedDateTime().optional(),
  to: boundedDateTime().optional(),
});

export const tradeSchema = z.object({
  id: z.string(),
  ticket: z.string(),
  symbol: z.string(),
  side: z.enum(['buy', 'sell']),
  volume: z.number(),
  openTime: z.string(),
  openPrice: z.number(),
  closeTime: z.string().nullable(),
  closePrice: z.number().nullable(),
  profitCents: z.number().int(),
  commissionCents: z.number().int(),
  swapCents: z.number().int(),
  netCents: z.number().int(),
});

export const tradesResponseSchema = z.object({
  trades: z.array(tradeSchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
  currency: z.string(),
});

/** GET …/accounts/:id/trades.csv: the journal's filters, the whole filtered journal (newest first). */
export const tradesCsvQuerySchema = tradesQuerySchema.omit({ limit: true, cursor: true });
/** The CSV's header row: the trades API's fields, money as decimals in the account's currency, times ISO UTC. */
export const TRADES_CSV_COLUMNS = [
  'id',
  'ticket',
  'symbol',
  'side',
  'volume',
  'open_time',
  'open_price',
  'close_time',
  'close_price',
  'profit',
  'commission',
  'swap',
  'net',
  'currency',
] as const;

export const MAX_EQUITY_POINTS = 500;
export const equityQuerySchema = z.strictObject({
  from: boundedDateTime().optional(),
  to: boundedDateTime().optional(),
  points: z.coerce.number().int().min(2).max(MAX_EQUITY_POINTS).default(MAX_EQUITY_POINTS),
});

export const equityPointSchema = z.object({
  time: z.string(),
  balanceCents: z.number().int(),
  equityCents: z.number().int(),
  /** Lowest equity inside the bucket, so a downsampled chart never hides a dip. */
  minEquityCents: z.number().int(),
});

export const equityResponseSchema = z.object({
  points: z.array(equityPointSchema),
  currency: z.string(),
  downsampled: z.boolean(),
});

export const dailyRowSchema = z.object({
  day: z.string(),
  trades: z.number().int(),
  lots: z.number(),
  resultCents: z.number().int(),
  startBalanceCents: z.number().int(),
  endBalanceCents: z.number().int(),
  startEquityCents: z.number().int(),
  endEquityCents: z.number().int(),
  minEquityCents: z.number().int(),
});

export const dailyResponseSchema = z.object({
  days: z.array(dailyRowSchema),
  currency: z.string(),
  timeZone: z.string(),
});

export const accountIdParamsSchema = z.strictObject({ id: z.uuid('Not a valid id') });
export const userAccountParamsSchema = z.strictObject({
  userId: z.uuid('Not a valid id'),
  id: z.uuid('Not a valid id'),
});
export const userParamsSchema = z.strictObject({ userId: z.uuid('Not a valid id') });

export const adminAccountsQuerySchema = z.strictObject({
  status: z.enum(ACCOUNT_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(200),
  offset: z.coerce.number().int().min(0).default(0),
});

export const closeAccountRequestSchema = z.strictObject({ reason: safeText().trim().min(1).max(500) });

// Staff overrides (ADMIN, audit-logged, with a reason).
const overrideReason = safeText().trim().min(1).max(500);
const extraDays = z.number().int().min(1).max(365);
/** A failed account trades again; its breach stays in the history. A time-limit failure needs more days. */
export const reinstateAccountRequestSchema = z.strictObject({
  reason: overrideReason,
  extendDays: extraDays.optional(),
});
/** More days before an open account's time limit. */
export const extendAccountRequestSchema = z.strictObject({ reason: overrideReason, days: extraDays });
/** A fresh account of the same phase (new login, the copied rules); an open old one is closed. */
export const resetAccountRequestSchema = z.strictObject({ reason: overrideReason });
export const resetAccountResponseSchema = z.object({ account: accountSchema, previous: accountSchema });

// ---------------------------------------------------------------- live updates

/**
 * GET /api/accounts/stream: server-sent events for the signed-in member. `event: account` arrives
 * when one of their accounts changed (events stored, a day rolled, a verdict); its `data` is an
 * `AccountStreamMessage` (refetch the figures you show); `event: resync` means changes may have been
 * missed (refetch everything shown). Comment lines (`: …`) are heartbeats; when the stream ends,
 * reconnect with back-off and refetch.
 */
export const ACCOUNT_STREAM_EVENT = 'account';
/** Changes may have been missed (the server's subscription was interrupted): refetch what you show. */
export const ACCOUNT_STREAM_RESYNC_EVENT = 'resync';
export const ACCOUNT_STREAM_HEARTBEAT_SECONDS = 15;
/** A member's open streams per server instance; one more answers 429 RATE_LIMITED. */
export const MAX_ACCOUNT_STREAMS_PER_MEMBER = 5;

export const accountStreamMessageSchema = z.object({
  accountId: z.string(),
  status: z.enum(ACCOUNT_STATUSES),
  breach: breachReportSchema.nullable(),
  passed: z.boolean(),
});
export type AccountStreamMessage = z.infer<typeof accountStreamMessageSchema>;

// ---------------------------------------------------------------- certificates

export const CERTIFICATE_KINDS = ['phase_passed', 'funded', 'payout'] as const;
export const certificateSchema = z.object({
  id: z.string(),
  kind: z.enum(CERTIFICATE_KINDS),
  userId: z.string(),
  accountId: z.string().nullable(),
  amountCents: z.number().int().nullable(),
  currency: z.string(),
  code: z.string(),
  issuedAt: z.string(),
  revokedAt: z.string().nullable(),
  revokedReason: z.string().nullable(),
});
export const certificateListResponseSchema = z.object({ certificates: z.array(certificateSchema) });
