import type { Challenge } from '@app/contracts/challenges';
import type { MessageId } from '../../i18n/messages';

type Phase = Challenge['phases'][number];
export interface RuleLine {
  id: MessageId;
  values?: Record<string, string | number>;
}
export interface PhaseRules {
  /** Phase 1, Phase 2, … or Funded. */
  title: RuleLine;
  lines: RuleLine[];
}

/**
 * A phase's rules in plain words, as message ids with their values: the target, how the daily and
 * the overall loss limits are measured, the minimum of trading days, the time limit, the split, the restricted-news window.
 * `pct` formats basis points in the reader's language.
 */
export function phaseRules(phase: Phase, n: number, pct: (bps: number) => string): PhaseRules {
  const lines: RuleLine[] = [];
  if (phase.profitTargetBps !== null)
    lines.push({ id: 'CHECKOUT.RULES.TARGET', values: { pct: pct(phase.profitTargetBps) } });
  lines.push({
    id: phase.dailyLossBase === 'balance' ? 'CHECKOUT.RULES.DAILY_BALANCE' : 'CHECKOUT.RULES.DAILY_MAX_BALANCE_EQUITY',
    values: { pct: pct(phase.maxDailyLossBps) },
  });
  lines.push({
    id: phase.drawdownType === 'static' ? 'CHECKOUT.RULES.MAX_STATIC' : 'CHECKOUT.RULES.MAX_TRAILING',
    values: { pct: pct(phase.maxLossBps) },
  });
  if (phase.kind === 'evaluation') {
    lines.push({ id: 'CHECKOUT.RULES.MIN_DAYS', values: { days: phase.minTradingDays } });
    lines.push(
      phase.maxDays === null
        ? { id: 'CHECKOUT.RULES.NO_TIME_LIMIT' }
        : { id: 'CHECKOUT.RULES.TIME_LIMIT', values: { days: phase.maxDays } },
    );
  }
  if (phase.profitSplitBps !== null)
    lines.push({ id: 'CHECKOUT.RULES.SPLIT', values: { pct: pct(phase.profitSplitBps) } });
  if (phase.restrictedNews)
    lines.push({
      id: 'CHECKOUT.RULES.RESTRICTED_NEWS',
      values: { before: phase.restrictedNews.minutesBefore, after: phase.restrictedNews.minutesAfter },
    });
  return {
    title: phase.kind === 'funded' ? { id: 'CHECKOUT.RULES.FUNDED' } : { id: 'CHECKOUT.RULES.PHASE', values: { n } },
    lines,
  };
}
