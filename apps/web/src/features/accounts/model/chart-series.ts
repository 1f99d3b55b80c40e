import type { AccountOverview } from '@app/contracts/trading';
import { allowanceCents } from './limits';

export interface SeriesPoint {
  /** Seconds since the epoch (the chart's UTCTimestamp). */
  time: number;
  /** Money in major units (the chart's price scale). */
  value: number;
}

export interface ChartSeries {
  equity: SeriesPoint[];
  balance: SeriesPoint[];
  /** Lowest equity inside each downsampled bucket (empty when the series is not downsampled). */
  minEquity: SeriesPoint[];
  dailyLevel: SeriesPoint[];
  maxLevel: SeriesPoint[];
}

interface EquityPoint {
  time: string;
  balanceCents: number;
  equityCents: number;
  minEquityCents: number;
}
export interface DayRow {
  day: string;
  startBalanceCents: number;
  startEquityCents: number;
  endBalanceCents: number;
}

const dayKeyFormats = new Map<string, Intl.DateTimeFormat>();
/** The trading day (YYYY-MM-DD in `timeZone`) an instant falls on. */
export function tradingDayOf(ms: number, timeZone: string): string {
  let f = dayKeyFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayKeyFormats.set(timeZone, f);
  }
  return f.format(ms);
}

/**
 * The chart's lines from the downsampled series, the daily rows and the overview: equity, balance,
 * the bucket minimum, and the two breach levels as they stood on each point's trading day — the
 * daily level from that day's start (balance, or the higher of balance and equity), the max-loss
 * level static or trailing the highest end-of-day balance before the day. Today's levels are the
 * overview's own.
 */
export function chartSeries(
  points: EquityPoint[],
  downsampled: boolean,
  days: readonly DayRow[],
  o: AccountOverview,
): ChartSeries {
  const initial = o.account.initialBalanceCents;
  const dailyAllowance = allowanceCents(o.rules.maxDailyLossBps, initial);
  const maxAllowance = allowanceCents(o.rules.maxLossBps, initial);
  const sortedDays = [...days].sort((a, b) => a.day.localeCompare(b.day));
  const dailyLevelByDay = new Map<string, number>();
  const maxLevelByDay = new Map<string, number>();
  let high = initial;
  for (const d of sortedDays) {
    const base =
      o.rules.dailyLossBase === 'max_balance_equity'
        ? Math.max(d.startBalanceCents, d.startEquityCents)
        : d.startBalanceCents;
    dailyLevelByDay.set(d.day, base - dailyAllowance);
    maxLevelByDay.set(
      d.day,
      o.rules.drawdownType === 'eod_trailing' ? Math.min(initial, high - maxAllowance) : initial - maxAllowance,
    );
    high = Math.max(high, d.endBalanceCents);
  }
  dailyLevelByDay.set(o.tradingDay, o.limits.dailyLoss.levelCents);
  maxLevelByDay.set(o.tradingDay, o.limits.maxLoss.levelCents);

  // A day without a row (nothing traded): it started where the last listed day ended.
  const carried = (day: string): { daily: number; max: number } => {
    let prev: DayRow | undefined;
    for (const d of sortedDays) if (d.day < day) prev = d;
    if (!prev) return { daily: initial - dailyAllowance, max: initial - maxAllowance };
    let hwm = initial;
    for (const d of sortedDays) if (d.day < day) hwm = Math.max(hwm, d.endBalanceCents);
    return {
      daily: prev.endBalanceCents - dailyAllowance,
      max: o.rules.drawdownType === 'eod_trailing' ? Math.min(initial, hwm - maxAllowance) : initial - maxAllowance,
    };
  };

  // The chart needs strictly increasing whole seconds: the last point of a second wins.
  const bySecond = new Map<number, EquityPoint>();
  for (const p of points) bySecond.set(Math.floor(Date.parse(p.time) / 1000), p);
  const ordered = [...bySecond.entries()].sort((a, b) => a[0] - b[0]);

  const out: ChartSeries = { equity: [], balance: [], minEquity: [], dailyLevel: [], maxLevel: [] };
  for (const [time, p] of ordered) {
    const day = tradingDayOf(time * 1000, o.timeZone);
    out.equity.push({ time, value: p.equityCents / 100 });
    out.balance.push({ time, value: p.balanceCents / 100 });
    if (downsampled) out.minEquity.push({ time, value: p.minEquityCents / 100 });
    if (!dailyLevelByDay.has(day)) {
      const c =
        day > o.tradingDay ? { daily: o.limits.dailyLoss.levelCents, max: o.limits.maxLoss.levelCents } : carried(day);
      dailyLevelByDay.set(day, c.daily);
      maxLevelByDay.set(day, c.max);
    }
    out.dailyLevel.push({ time, value: dailyLevelByDay.get(day)! / 100 });
    out.maxLevel.push({ time, value: maxLevelByDay.get(day)! / 100 });
  }
  return out;
}
