// Calendar months in the viewer's time zone, as spans of epoch ms, for charts by month: a month in
// Tokyo starts nine hours before the UTC month does.
import { zonedToUtc } from '@app/contracts/time-zones';

/** Midnight starting the 1st of `month` (1–12) of `year` in `tz`, as epoch ms. */
export const monthStartIn = (year: number, month: number, tz: string): number => zonedToUtc(year, month, 1, 0, 0, tz);

export interface MonthSpan {
  /** YYYY-MM in `tz`. */
  label: string;
  from: number;
  to: number;
}

/** The months `labels` (YYYY-MM) of [from, to) in `tz`, each cut to the range (the first and last may be partial). */
export function monthSpansIn(from: number, to: number, tz: string, labels: string[]): MonthSpan[] {
  return labels.map((label) => {
    const [y, m] = label.split('-').map(Number) as [number, number];
    const start = monthStartIn(y, m, tz);
    const end = m === 12 ? monthStartIn(y + 1, 1, tz) : monthStartIn(y, m + 1, tz);
    return { label, from: Math.max(from, start), to: Math.min(to, end) };
  });
}
