import type { DashboardFigures } from '@app/contracts/dashboard';
import type { PeriodSums } from './figures.repository.ts';

/** a ÷ b in basis points, rounded; null when b is 0. */
export const ratioBps = (a: number, b: number): number | null => (b === 0 ? null : Math.round((a * 10_000) / b));

const phaseKey = (e: { phaseKind: string; phaseIndex: number }) => `${e.phaseKind}:${e.phaseIndex}`;

/** The figures of one period from its sums (pure: the rules of every ratio live here). */
export function figuresOf(s: PeriodSums): DashboardFigures {
  const orders = { paidCount: 0, paidNetCents: 0, discountCents: 0, refundCount: 0, refundedCents: 0 };
  for (const c of s.byChallenge) {
    orders.paidCount += c.paidCount;
    orders.paidNetCents += c.paidNetCents;
    orders.discountCents += c.discountCents;
    orders.refundCount += c.refundCount;
    orders.refundedCents += c.refundedCents;
  }
  const revenueCents = orders.paidNetCents - orders.refundedCents;
  const phases = new Map<string, DashboardFigures['passRates'][number]>();
  const rules = new Map<string, number>();
  let opened = 0;
  let passedPhase1 = 0;
  let funded = 0;
  for (const e of s.accountEvents) {
    if (e.event === 'opened') {
      opened += e.count;
      if (e.phaseKind === 'funded') funded += e.count;
      continue;
    }
    const key = phaseKey(e);
    const p = phases.get(key) ?? {
      phaseKind: e.phaseKind,
      phaseIndex: e.phaseIndex,
      passed: 0,
      failed: 0,
      rateBps: null,
    };
    p[e.event] += e.count;
    phases.set(key, p);
    if (e.event === 'passed' && e.phaseKind === 'evaluation' && e.phaseIndex === 0) passedPhase1 += e.count;
    if (e.event === 'failed') rules.set(e.rule, (rules.get(e.rule) ?? 0) + e.count);
  }
  const passRates = [...phases.values()]
    .map((p) => ({ ...p, rateBps: ratioBps(p.passed, p.passed + p.failed) }))
    .sort((a, b) => (a.phaseKind === b.phaseKind ? a.phaseIndex - b.phaseIndex : a.phaseKind === 'funded' ? 1 : -1));
  return {
    revenueCents,
    paidNetCents: orders.paidNetCents,
    discountCents: orders.discountCents,
    refundedCents: orders.refundedCents,
    refunds: orders.refundCount,
    paidOrders: orders.paidCount,
    averageOrderCents: orders.paidCount === 0 ? null : Math.round(orders.paidNetCents / orders.paidCount),
    newMembers: s.members.registered,
    convertedMembers: s.members.converted,
    conversionBps: ratioBps(s.members.converted, s.members.registered),
    accountsOpened: opened,
    passRates,
    failuresByRule: [...rules.entries()]
      .filter(([, count]) => count !== 0)
      .map(([rule, count]) => ({ rule, count }))
      .sort((a, b) => b.count - a.count || a.rule.localeCompare(b.rule)),
    payoutsRequested: { count: s.payouts.requestedCount, amountCents: s.payouts.requestedCents },
    payoutsPaid: { count: s.payouts.paidCount, amountCents: s.payouts.paidCents },
    payoutRatioBps: revenueCents <= 0 ? null : ratioBps(s.payouts.paidCents, revenueCents),
    funnel: {
      registered: s.members.registered,
      bought: s.members.converted,
      passedPhase1,
      funded,
      paidOut: s.payouts.paidCount,
    },
  };
}
