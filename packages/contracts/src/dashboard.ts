import { z } from 'zod';
import { MAX_TIME_YEAR, MIN_TIME_YEAR } from './text.ts';
import { newsFeedFailureSchema } from './news.ts';

// The admin dashboard (GET /api/admin/dashboard, staff): the business at a glance for a range and
// the period of the same length before it. Money is integer cents in the firm's currency.

export const DASHBOARD_RANGES = ['today', '7d', '30d', '90d', 'all', 'custom'] as const;
export type DashboardRange = (typeof DASHBOARD_RANGES)[number];
/** The longest custom range, in days. */
export const DASHBOARD_MAX_CUSTOM_DAYS = 3660;

export function isTimeZoneName(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const dateOnly = z.iso.date('A date as YYYY-MM-DD');

export const dashboardQuerySchema = z
  .strictObject({
    range: z.enum(DASHBOARD_RANGES, 'One of today, 7d, 30d, 90d, all, custom').default('30d'),
    /** Custom range: first and last day, inclusive, in `tz`. */
    from: dateOnly.optional(),
    to: dateOnly.optional(),
    /** The viewer's IANA time zone: days start at its midnight. */
    tz: z
      .string()
      .max(64)
      .refine(isTimeZoneName, 'Not a known time zone (IANA name such as Europe/Prague)')
      .default('UTC'),
  })
  .superRefine((q, ctx) => {
    if (q.range !== 'custom') return;
    if (!q.from) ctx.addIssue({ code: 'custom', path: ['from'], message: 'A custom range needs a first day' });
    if (!q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'A custom range needs a last day' });
    if (!q.from || !q.to) return;
    for (const field of ['from', 'to'] as const) {
      const year = Number(q[field]!.slice(0, 4));
      if (year < MIN_TIME_YEAR || year > MAX_TIME_YEAR)
        ctx.addIssue({ code: 'custom', path: [field], message: `A day from ${MIN_TIME_YEAR} to ${MAX_TIME_YEAR}` });
    }
    const days = (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 + 1;
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The last day is before the first' });
    else if (days > DASHBOARD_MAX_CUSTOM_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: `At most ${DASHBOARD_MAX_CUSTOM_DAYS} days` });
  });
export type DashboardQuery = z.input<typeof dashboardQuerySchema>;
export type DashboardParams = z.output<typeof dashboardQuerySchema>;

const count = z.number().int();
const cents = z.number().int();
/** A ratio in basis points (10000 = 100 %); null when its denominator is zero. */
const bps = z.number().int().nullable();
const phaseKind = z.enum(['evaluation', 'funded']);

export const dashboardPhaseRateSchema = z.object({
  phaseKind,
  phaseIndex: count,
  passed: count,
  failed: count,
  rateBps: bps,
});

export const dashboardFiguresSchema = z.object({
  /** Paid net (after discounts, before VAT) minus the net of orders refunded in the period. */
  revenueCents: cents,
  paidNetCents: cents,
  discountCents: cents,
  refundedCents: cents,
  refunds: count,
  paidOrders: count,
  /** Paid net ÷ paid orders. */
  averageOrderCents: cents.nullable(),
  newMembers: count,
  /** Members registered in the period who have paid an order (since). */
  convertedMembers: count,
  conversionBps: bps,
  accountsOpened: count,
  passRates: z.array(dashboardPhaseRateSchema),
  failuresByRule: z.array(z.object({ rule: z.string(), count })),
  payoutsRequested: z.object({ count, amountCents: cents }),
  payoutsPaid: z.object({ count, amountCents: cents }),
  /** Paid payouts ÷ revenue. */
  payoutRatioBps: bps,
  /** Registered → first order paid → passed phase 1 → funded accounts opened → payouts paid. */
  funnel: z.object({ registered: count, bought: count, passedPhase1: count, funded: count, paidOut: count }),
});
export type DashboardFigures = z.infer<typeof dashboardFiguresSchema>;

export const dashboardOrderRowSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  status: z.string(),
  provider: z.string(),
  userId: z.uuid(),
  userName: z.string(),
  challengeName: z.string(),
  totalCents: cents,
  currency: z.string(),
  createdAt: z.iso.datetime(),
});

export const dashboardPayoutRowSchema = z.object({
  id: z.uuid(),
  status: z.string(),
  userId: z.uuid(),
  userName: z.string(),
  amountCents: cents,
  currency: z.string(),
  requestedAt: z.iso.datetime(),
  /** Since the request, in hours (whole). */
  ageHours: count,
});

export const dashboardBreachRowSchema = z.object({
  accountId: z.uuid(),
  login: z.string(),
  userId: z.uuid(),
  userName: z.string(),
  challengeName: z.string(),
  phaseKind,
  phaseIndex: count,
  rule: z.string(),
  endedAt: z.iso.datetime(),
});

export const dashboardResponseSchema = z.object({
  currency: z.string(),
  timeZone: z.string(),
  range: z.object({
    key: z.enum(DASHBOARD_RANGES),
    /** Start (inclusive) and end (exclusive); `from` null for "all" with no data yet. */
    from: z.iso.datetime().nullable(),
    to: z.iso.datetime(),
    previousFrom: z.iso.datetime().nullable(),
    previousTo: z.iso.datetime().nullable(),
    /** The charts' buckets: days in `timeZone`, or months for long ranges. */
    bucket: z.enum(['day', 'month']),
  }),
  current: dashboardFiguresSchema,
  /** The period of the same length just before; null for "all". */
  previous: dashboardFiguresSchema.nullable(),
  now: z.object({
    activeByPhase: z.array(z.object({ phaseKind, phaseIndex: count, count })),
    accountsByStatus: z.array(z.object({ status: z.string(), count })),
    fundedActive: count,
    /** Trader share still withdrawable across funded, active accounts. */
    liabilityCents: cents,
  }),
  needsYou: z.object({
    openPayouts: count,
    oldestPayouts: z.array(dashboardPayoutRowSchema),
    manualOrders: count,
    oldestManualOrders: z.array(dashboardOrderRowSchema),
    /** Payments that failed in the last 7 days (the failures staff can act on today). */
    failedPayments: count,
    latestFailedPayments: z.array(dashboardOrderRowSchema),
    /** The scheduled news feed's fetches that failed since its last good one (0: all is well). */
    newsFeed: z.object({
      failures: count,
      lastFailureAt: z.string().nullable(),
      lastError: z.string().nullable(),
      /** The latest failure's kind, for the reader's language (`lastError` is its English text). */
      lastFailure: newsFeedFailureSchema.nullable(),
      /** The last good fetch: the data members see meanwhile. */
      lastGoodAt: z.string().nullable(),
    }),
    /**
     * Mails the mail server refused until they were given up on, written in the last
     * UNDELIVERED_MAILS_DAYS days (0: all delivered): ADMIN sends them again once it works.
     */
    undeliveredMails: z.object({
      count,
      /** Of them, refused by the recipient's server for good (no such address): not sent again in bulk. */
      refused: count,
      /** When the oldest of them was written. */
      oldestAt: z.string().nullable(),
      /** The mail server's words for the newest one. */
      lastError: z.string().nullable(),
    }),
  }),
  charts: z.object({
    challenges: z.array(z.object({ id: z.uuid(), name: z.string() })),
    /** Revenue per bucket (label YYYY-MM-DD or YYYY-MM) and challenge. */
    revenue: z.array(z.object({ bucket: z.string(), byChallenge: z.record(z.string(), cents) })),
    ordersByChallenge: z.array(
      z.object({ challengeId: z.uuid(), name: z.string(), paidOrders: count, revenueCents: cents }),
    ),
  }),
  lists: z.object({
    latestOrders: z.array(dashboardOrderRowSchema),
    pendingPayouts: z.array(dashboardPayoutRowSchema),
    breachedToday: z.array(dashboardBreachRowSchema),
  }),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;
