import type { AccountOverview, AccountStatus, TradingAccount } from '@app/contracts/trading';
import { daysUntil } from './account-labels';
import { limitsOf, WARN_BELOW } from './limits';

const STATUS_ORDER: Record<AccountStatus, number> = { active: 0, pending: 1, passed: 2, failed: 3, closed: 4 };
/** A deadline this close is named in the attention strip. */
export const DEADLINE_WARN_DAYS = 5;

/**
 * How close an account is to failing, 0 (at a limit or its deadline) … 1 (nothing near): the least
 * share left of the daily allowance, the max-loss allowance and the phase's days. Open accounts only.
 */
export function pressure(o: AccountOverview | undefined, now: number): number {
  if (!o) return 1;
  const { daily, max } = limitsOf(o);
  let least = Math.min(daily.fraction, max.fraction);
  if (o.deadlineAt && o.rules.maxDays) {
    const daysLeft = (Date.parse(o.deadlineAt) - now) / 86_400_000;
    least = Math.min(least, Math.max(0, daysLeft / o.rules.maxDays));
  }
  return least;
}

/**
 * Most urgent first: active accounts by pressure (closest to a limit or deadline first), then
 * pending, passed, failed, closed; newest first within each.
 */
export function sortByUrgency(
  accounts: TradingAccount[],
  overviews: Map<string, AccountOverview>,
  now: number,
): TradingAccount[] {
  return [...accounts].sort((a, b) => {
    const byStatus = STATUS_ORDER[a.status] - STATUS_ORDER[b.status];
    if (byStatus !== 0) return byStatus;
    if (a.status === 'active') {
      const byPressure = pressure(overviews.get(a.id), now) - pressure(overviews.get(b.id), now);
      if (byPressure !== 0) return byPressure;
    }
    return b.createdAt.localeCompare(a.createdAt);
  });
}

export type Attention =
  | { kind: 'daily'; account: TradingAccount; leftCents: number; currency: string; tone: 'warn' | 'danger' }
  | { kind: 'max'; account: TradingAccount; leftCents: number; currency: string; tone: 'warn' | 'danger' }
  | { kind: 'deadline'; account: TradingAccount; days: number; tone: 'warn' | 'danger' }
  | { kind: 'days_needed'; account: TradingAccount; days: number; tone: 'info' };

/** What needs the trader's attention on active accounts, most pressing first. */
export function attentionItems(
  accounts: TradingAccount[],
  overviews: Map<string, AccountOverview>,
  now: number,
): Attention[] {
  const items: Attention[] = [];
  for (const account of accounts) {
    const o = overviews.get(account.id);
    if (account.status !== 'active' || !o) continue;
    const { daily, max } = limitsOf(o);
    // The tighter of the two limits: the other would break later.
    if (max.fraction < WARN_BELOW && max.leftCents <= daily.leftCents) {
      items.push({ kind: 'max', account, leftCents: max.leftCents, currency: o.currency, tone: tone(max.tone) });
    } else if (daily.fraction < WARN_BELOW) {
      items.push({ kind: 'daily', account, leftCents: daily.leftCents, currency: o.currency, tone: tone(daily.tone) });
    } else if (max.fraction < WARN_BELOW) {
      items.push({ kind: 'max', account, leftCents: max.leftCents, currency: o.currency, tone: tone(max.tone) });
    }
    if (o.deadlineAt) {
      const days = daysUntil(o.deadlineAt, now);
      if (days <= DEADLINE_WARN_DAYS)
        items.push({ kind: 'deadline', account, days, tone: days <= 1 ? 'danger' : 'warn' });
    }
    const target = o.objectives.find((x) => x.rule === 'profit_target');
    const minDays = o.objectives.find((x) => x.rule === 'min_trading_days');
    if (target?.status === 'passed' && minDays && minDays.status !== 'passed') {
      items.push({ kind: 'days_needed', account, days: Math.max(0, minDays.limit - minDays.current), tone: 'info' });
    }
  }
  const rank = { danger: 0, warn: 1, info: 2 } as const;
  return items.sort((a, b) => rank[a.tone] - rank[b.tone]);
}

const tone = (t: 'ok' | 'warn' | 'danger'): 'warn' | 'danger' => (t === 'danger' ? 'danger' : 'warn');
