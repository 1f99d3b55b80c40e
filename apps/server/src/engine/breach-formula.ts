// The evidence of a breach in numbers: which comparison failed and with what values. Built where
// the breach is found, from the same exact levels, so the text can never disagree with the verdict.
import type { BreachFormula, PhaseRules } from './types.ts';

/** Cents as a plain decimal with thousands separators (locale-free, for the record). */
export function plainMoney(cents: number): string {
  const sign = cents < 0 ? '−' : '';
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${whole}.${String(abs % 100).padStart(2, '0')}`;
}

const pct = (bps: number): string => `${(bps / 100).toFixed(2)} %`;

export function dailyLossFormula(
  equityCents: number,
  dayStartCents: number,
  rules: PhaseRules,
  initialCents: number,
  levelCents: number,
): BreachFormula {
  return {
    base: 'day_start',
    baseCents: dayStartCents,
    limitBps: rules.maxDailyLossBps,
    initialCents,
    text:
      `equity ${plainMoney(equityCents)} < day start ${plainMoney(dayStartCents)} − ${pct(rules.maxDailyLossBps)}` +
      ` × initial ${plainMoney(initialCents)} = ${plainMoney(levelCents)}`,
  };
}

export function maxLossFormula(
  equityCents: number,
  rules: PhaseRules,
  initialCents: number,
  highestEodCents: number,
  levelCents: number,
): BreachFormula {
  const limit = `${pct(rules.maxLossBps)} × initial ${plainMoney(initialCents)}`;
  if (rules.drawdownType === 'static') {
    return {
      base: 'initial',
      baseCents: initialCents,
      limitBps: rules.maxLossBps,
      initialCents,
      text: `equity ${plainMoney(equityCents)} < initial ${plainMoney(initialCents)} − ${limit} = ${plainMoney(levelCents)}`,
    };
  }
  return {
    base: 'highest_eod_balance',
    baseCents: highestEodCents,
    limitBps: rules.maxLossBps,
    initialCents,
    text:
      `equity ${plainMoney(equityCents)} < min(initial ${plainMoney(initialCents)}, highest end-of-day balance ` +
      `${plainMoney(highestEodCents)} − ${limit}) = ${plainMoney(levelCents)}`,
  };
}

export function timeLimitFormula(
  at: { balanceCents: number; openPositions: number; tradingDays: number },
  pass: { targetCents: number; targetBps: number; minTradingDays: number },
  initialCents: number,
): BreachFormula {
  // Each pass condition still unmet at the deadline, in the order the target states them.
  const unmet = [
    at.balanceCents < pass.targetCents
      ? `balance ${plainMoney(at.balanceCents)} < target balance ${plainMoney(pass.targetCents)}`
      : null,
    at.openPositions > 0 ? `${at.openPositions} position(s) open` : null,
    at.tradingDays < pass.minTradingDays ? `trading days ${at.tradingDays} < ${pass.minTradingDays}` : null,
  ].filter((x) => x !== null);
  return {
    base: 'profit_target',
    baseCents: pass.targetCents,
    limitBps: pass.targetBps,
    initialCents,
    text: `not passed by the deadline: ${unmet.join('; ')}`,
  };
}
