const DAY = 86_400_000;
/** The demo's paid payout: far enough back that the 14-day interval has run again since. */
export const PAID_DAYS_AGO = 16;

/**
 * Of the days (newest first, each with its closing balance), the newest that closed with at least
 * `minimumGross` of profit; without one, the newest day at all.
 */
export function payoutDay<D extends { balance: number }>(days: D[], initialCents: number, minimumGross: number) {
  return days.find((d) => d.balance - initialCents >= minimumGross) ?? days[0];
}

/** The demo's paid payout: when, the trader's amount and the profit it takes out (amount and firm's share). */
export interface DemoPayoutPlan {
  paidAtMs: number;
  amountCents: number;
  grossCents: number;
}

/**
 * The demo payout of a funded account whose days (oldest first: UTC midnight, closing balance before
 * any payout) are `days`. Paid on the last day, 16 days back or more, that closed with profit enough
 * for the minimum share: a payout is paid from profit, and one paid while the account was under water
 * would contradict its own history. Without such a day, the latest one (the minimum is paid then).
 * The amount is half the trader's share of the profit of that day (at least the minimum).
 */
export function planDemoPayout(
  days: Array<{ dayMs: number; balance: number }>,
  initialCents: number,
  rules: { profitSplitBps: number | null; minPayoutCents: number | null },
  nowMs: number,
): DemoPayoutPlan | null {
  const split = rules.profitSplitBps ?? 0;
  if (split <= 0) return null;
  const minimum = Math.max(1, rules.minPayoutCents ?? 0);
  const latest = Math.floor((nowMs - PAID_DAYS_AGO * DAY) / DAY) * DAY;
  const minimumGross = Math.ceil((minimum * 10_000) / split);
  const then = payoutDay(days.filter((d) => d.dayMs <= latest).reverse(), initialCents, minimumGross);
  const profitThen = Math.max(0, (then?.balance ?? initialCents) - initialCents);
  const amountCents = Math.max(minimum, Math.floor((profitThen * split) / 10_000 / 2));
  return {
    paidAtMs: (then?.dayMs ?? latest) + 15 * 3_600_000,
    amountCents,
    grossCents: Math.ceil((amountCents * 10_000) / split),
  };
}
