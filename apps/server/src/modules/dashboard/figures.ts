import type { DashboardFigures } from '@app/contracts/dashboard';
import type { AccountEventSum, OrderSums } from './figures.repository.ts';

/** a ÷ b in basis points, rounded; null when b is 0. */
export const ratioBps = (a: number, b: number): number | null => (b === 0 ? null : Math.round((a * 10_000) / b));

export interface FigureSums {
  orders: OrderSums;
  members: { registered: number; converted: number };
  accountEvents: AccountEventSum[];
  payouts: { requestedCount: number; requestedCents: number; paidCount: number; paidCents: number };
}

const phaseKey = (e: { phaseKind: string; phaseIndex: number }) => `${e.phaseKind}:${e.phaseIndex}`;

/** The figures of one period from its sums (pure: the rules of every ratio live here). */
export function figuresOf(s: FigureSums): DashboardFigures {
  const revenueCents = s.orders.paidNetCents - s.orders.refundedCents;
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
    paidNetCents: s.orders.paidNetCents,
    discountCents: s.orders.discountCents,
    refundedCents: s.orders.refundedCents,
    refunds: s.orders.refundCount,
    paidOrders: s.orders.paidCount,
    averageOrderCents: s.orders.paidCount === 0 ? null : Math.round(s.orders.paidNetCents / s.orders.paidCount),
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
