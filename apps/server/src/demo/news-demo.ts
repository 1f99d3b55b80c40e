import type { App } from '../app.ts';
import type { Clock } from '../lib/clock.ts';
import { zonedToUtc } from '@app/contracts/time-zones';
import type { ParsedNewsRow } from '../modules/news/index.ts';

type Impact = ParsedNewsRow['impact'];
const WEEK_MS = 7 * 86_400_000;

/** A realistic week: [weekday 0 = Monday, local time, zone, currency, title, impact, forecast, previous]. */
const WEEK: [number, string, string, string, string, Impact, string, string][] = [
  [0, '00:00', 'UTC', 'JPY', 'Bank Holiday', 'holiday', '', ''],
  [0, '10:00', 'Europe/Berlin', 'EUR', 'German Ifo Business Climate', 'medium', '87.5', '87.3'],
  [0, '10:30', 'Europe/London', 'GBP', 'BOE Gov Bailey Speaks', 'high', '', ''],
  [0, '10:00', 'America/New_York', 'USD', 'New Home Sales', 'low', '690K', '676K'],
  [1, '01:30', 'Australia/Sydney', 'AUD', 'Monetary Policy Meeting Minutes', 'medium', '', ''],
  [1, '08:30', 'America/New_York', 'USD', 'Core PPI m/m', 'medium', '0.2%', '0.3%'],
  [1, '10:00', 'America/New_York', 'USD', 'CB Consumer Confidence', 'high', '95.2', '94.6'],
  [1, '09:45', 'America/New_York', 'USD', 'S&P Global Manufacturing PMI', 'low', '48.8', '48.5'],
  [2, '08:30', 'America/New_York', 'USD', 'Prelim GDP q/q', 'high', '2.8%', '3.0%'],
  [2, '08:30', 'America/New_York', 'USD', 'Unemployment Claims', 'medium', '215K', '213K'],
  [2, '08:30', 'America/New_York', 'CAD', 'CPI m/m', 'high', '0.3%', '0.1%'],
  [2, '14:00', 'America/New_York', 'USD', 'FOMC Meeting Minutes', 'high', '', ''],
  [2, '07:00', 'Europe/London', 'GBP', 'CPI y/y', 'high', '2.4%', '2.6%'],
  [3, '09:00', 'Europe/Berlin', 'EUR', 'Spanish Flash CPI y/y', 'low', '2.1%', '2.0%'],
  [3, '15:00', 'Europe/Berlin', 'EUR', 'ECB President Lagarde Speaks', 'high', '', ''],
  [3, '14:00', 'Europe/Berlin', 'EUR', 'German Prelim CPI m/m', 'medium', '-0.1%', '0.2%'],
  [3, '09:30', 'Asia/Tokyo', 'JPY', 'BOJ Gov Ueda Speaks', 'high', '', ''],
  [3, '08:30', 'Asia/Tokyo', 'JPY', 'Tokyo Core CPI y/y', 'medium', '2.2%', '2.1%'],
  [4, '07:00', 'Europe/London', 'GBP', 'Retail Sales m/m', 'high', '0.3%', '-0.3%'],
  [4, '08:30', 'America/New_York', 'USD', 'Non-Farm Employment Change', 'high', '180K', '254K'],
  [4, '08:30', 'America/New_York', 'USD', 'Unemployment Rate', 'high', '4.1%', '4.1%'],
  [4, '10:00', 'America/New_York', 'USD', 'Revised UoM Consumer Sentiment', 'low', '71.7', '71.8'],
  [4, '09:30', 'Europe/Zurich', 'CHF', 'CPI m/m', 'medium', '0.1%', '-0.1%'],
  [4, '00:00', 'UTC', 'ALL', 'G7 Meetings', 'medium', '', ''],
];

/** Monday 00:00 UTC of the week holding `ms`. */
function weekStartUtc(ms: number): number {
  const d = new Date(ms);
  const day = (d.getUTCDay() + 6) % 7;
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - day);
}

function rowsOfWeek(start: number): ParsedNewsRow[] {
  return WEEK.map(([weekday, clock, zone, currency, title, impact, forecast, previous], i) => {
    const day = new Date(start + weekday * 86_400_000);
    const [h, m] = clock.split(':').map(Number) as [number, number];
    const time = zonedToUtc(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate(), h, m, zone);
    const allDay = title === 'Bank Holiday' || title === 'G7 Meetings';
    return {
      line: i + 1,
      time: new Date(time),
      timeKind: allDay ? 'all_day' : 'exact',
      // The clock is read on this day in its own zone: that is the day the event is dated.
      localDate: day.toISOString().slice(0, 10),
      currency,
      title,
      impact,
      forecast,
      previous,
    };
  });
}

/**
 * The high-impact USD event of last week the demo's funded account traded into (trading-demo.ts), so
 * the restricted-news rule has a flagged trade to show: last Friday's Non-Farm Employment Change.
 */
export function demoRestrictedEvent(nowMs: number): { timeMs: number; currency: string } {
  const nfp = rowsOfWeek(weekStartUtc(nowMs) - WEEK_MS).find((r) => r.title === 'Non-Farm Employment Change')!;
  return { timeMs: nfp.time.getTime(), currency: nfp.currency };
}

/**
 * Demo mode: the calendar of last week (the history the demo accounts traded through), this week and
 * the next (so the countdown always has an event), each week seeded once when it has no events yet.
 * Runs at every start of a demo server.
 */
export async function seedNewsDemo(built: App, clock: Clock): Promise<void> {
  const start = weekStartUtc(clock.now().getTime());
  for (const weekStart of [start - WEEK_MS, start, start + WEEK_MS]) {
    const seeded = await built.services.news.seedDemo(
      rowsOfWeek(weekStart),
      new Date(weekStart),
      new Date(weekStart + WEEK_MS),
    );
    if (seeded) built.app.log.info({ week: new Date(weekStart).toISOString().slice(0, 10) }, 'news calendar seeded');
  }
}
