import { traderShare } from '@app/contracts/payout-shares';
import type { AccountEligibility, EligibilityCheck } from '@app/contracts/payouts';
import type { PhaseRules } from '../../engine/index.ts';

export const DAY_MS = 86_400_000;

/** What the checklist is computed from: the account as stored and its payout history. */
export interface EligibilityFacts {
  account: {
    id: string;
    login: string;
    challengeName: string;
    currency: string;
    status: string;
    phaseKind: 'evaluation' | 'funded';
    initialBalanceCents: number;
    balanceCents: number;
    openPositions: number;
    rules: PhaseRules;
  };
  firstTradeAt: Date | null;
  lastPaidAt: Date | null;
  /** The account's open request, if any (approval ignores the request being approved). */
  open: { id: string; status: 'requested' | 'approved'; amountCents: number } | null;
  now: Date;
}

/** The checklist of one funded account as of `now`, each item with its figures and what is missing. */
export function eligibilityOf(f: EligibilityFacts): AccountEligibility {
  const a = f.account;
  const now = f.now.getTime();
  const profitCents = Math.max(0, a.balanceCents - a.initialBalanceCents);
  const splitBps = a.rules.profitSplitBps ?? 0;
  const availableCents = traderShare(profitCents, splitBps);
  const minimumCents = Math.max(1, a.rules.minPayoutCents ?? 0);
  const intervalDays = a.rules.payoutIntervalDays ?? 0;

  // The interval counts from the last paid payout, or from the first trade for the first payout.
  const since = f.lastPaidAt ? 'last_payout' : f.firstTradeAt ? 'first_trade' : null;
  const sinceAt = f.lastPaidAt ?? f.firstTradeAt;
  const eligibleAt = sinceAt ? sinceAt.getTime() + intervalDays * DAY_MS : null;
  const intervalOk = intervalDays === 0 || (eligibleAt !== null && now >= eligibleAt);

  const checks: EligibilityCheck[] = [
    {
      key: 'funded_active',
      ok: a.phaseKind === 'funded' && a.status === 'active',
      phaseKind: a.phaseKind,
      status: a.status,
    },
    {
      key: 'interval',
      ok: intervalOk,
      since,
      sinceAt: sinceAt?.toISOString() ?? null,
      daysSince: sinceAt ? Math.floor((now - sinceAt.getTime()) / DAY_MS) : null,
      requiredDays: intervalDays,
      missingDays: intervalOk ? 0 : eligibleAt === null ? intervalDays : Math.ceil((eligibleAt - now) / DAY_MS),
      eligibleAt: eligibleAt === null ? null : new Date(eligibleAt).toISOString(),
    },
    { key: 'no_open_positions', ok: a.openPositions === 0, openPositions: a.openPositions },
    {
      key: 'minimum',
      ok: availableCents >= minimumCents,
      availableCents,
      minimumCents,
      missingCents: Math.max(0, minimumCents - availableCents),
    },
    {
      key: 'no_open_request',
      ok: f.open === null,
      openPayoutId: f.open?.id ?? null,
      openStatus: f.open?.status ?? null,
      openAmountCents: f.open?.amountCents ?? null,
    },
  ];
  return {
    accountId: a.id,
    login: a.login,
    challengeName: a.challengeName,
    currency: a.currency,
    status: a.status,
    initialBalanceCents: a.initialBalanceCents,
    balanceCents: a.balanceCents,
    profitCents,
    splitBps,
    availableCents,
    reservedCents: f.open?.amountCents ?? 0,
    firmShareCents: profitCents - availableCents,
    minimumCents,
    intervalDays,
    eligible: checks.every((c) => c.ok),
    checks,
    asOf: f.now.toISOString(),
  };
}

/** The failing items in words, for an error message (the web words the checklist itself). */
export function describeFailures(e: AccountEligibility): string {
  const words = e.checks
    .filter((c) => !c.ok)
    .map((c) => {
      switch (c.key) {
        case 'funded_active':
          return `the account is not a funded, active account (it is ${c.status})`;
        case 'interval':
          return c.eligibleAt
            ? `${c.missingDays} more day(s) of the ${c.requiredDays}-day interval: eligible on ${c.eligibleAt.slice(0, 10)}`
            : 'no trade yet: the payout interval starts with the first trade';
        case 'no_open_positions':
          return `${c.openPositions} position(s) are open`;
        case 'minimum':
          return `the available share ${c.availableCents} is below the minimum ${c.minimumCents} (cents)`;
        case 'no_open_request':
          return `a request is already ${c.openStatus}`;
      }
    });
  return words.join('; ');
}
