import type { Challenge, PhaseRulesDto } from '@app/contracts';
import type { PhaseRules, RestrictedNewsWindow } from '../../engine/index.ts';
import type { ChallengeWithPhases, PhaseRow } from './challenges.repository.ts';

export function phaseToRules(
  p: PhaseRow | PhaseRulesDto,
): PhaseRules & { restrictedNews: RestrictedNewsWindow | null } {
  return {
    kind: p.kind,
    profitTargetBps: p.profitTargetBps,
    maxDailyLossBps: p.maxDailyLossBps,
    maxLossBps: p.maxLossBps,
    drawdownType: p.drawdownType,
    dailyLossBase: p.dailyLossBase,
    minTradingDays: p.minTradingDays,
    maxDays: p.maxDays,
    profitSplitBps: p.profitSplitBps,
    minPayoutCents: p.minPayoutCents,
    payoutIntervalDays: p.payoutIntervalDays,
    restrictedNews: restrictedNewsOf(p),
  };
}

function restrictedNewsOf(p: PhaseRow | PhaseRulesDto): RestrictedNewsWindow | null {
  if ('restrictedNews' in p) return p.restrictedNews ?? null;
  const { restrictedNewsMinutesBefore: minutesBefore, restrictedNewsMinutesAfter: minutesAfter } = p;
  return minutesBefore === null || minutesAfter === null ? null : { minutesBefore, minutesAfter };
}

export function toChallengeDto(c: ChallengeWithPhases): Challenge {
  return {
    id: c.id,
    name: c.name,
    slug: c.slug,
    description: c.description,
    accountSizeCents: c.accountSizeCents,
    currency: c.currency,
    priceCents: c.priceCents,
    status: c.status,
    platform: c.platform,
    leverage: c.leverage,
    phases: c.phases.map((p) => ({ index: p.position, ...phaseToRules(p) })),
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}
