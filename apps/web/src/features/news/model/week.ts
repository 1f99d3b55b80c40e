/**
 * The calendar's weeks: Monday to Monday in the viewer's zone, named in the URL by their Monday
 * (`?week=2026-11-23`). Pure date arithmetic on 'YYYY-MM-DD' keys; instants through Intl.
 */
import { localDateOf, zonedToUtc } from '@app/contracts/time-zones';

const KEY = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isWeekKey(value: string | null): value is string {
  const m = value ? KEY.exec(value) : null;
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!));
  return d.getUTCDate() === +m[3]! && +m[1]! >= 1970 && +m[1]! <= 2200;
}

const keyOf = (d: Date) => d.toISOString().slice(0, 10);
const dateOf = (key: string) => new Date(`${key}T00:00:00Z`);

export function addDays(key: string, days: number): string {
  return keyOf(new Date(dateOf(key).getTime() + days * 86_400_000));
}

/** The Monday of the week holding `key`. */
export function mondayOf(key: string): string {
  const day = dateOf(key).getUTCDay();
  return addDays(key, -((day + 6) % 7));
}

/** Today's date in `timeZone` (or the day `now` falls on there). */
export function todayKey(timeZone: string, now = Date.now()): string {
  return localDateOf(now, timeZone);
}

/** The instant a day starts in `timeZone` (its local midnight). */
export function dayStart(key: string, timeZone: string): number {
  const [y, m, d] = key.split('-').map(Number) as [number, number, number];
  return zonedToUtc(y, m, d, 0, 0, timeZone);
}

/** The week's range as the API takes it: [Monday 00:00, next Monday 00:00) in the zone, and the zone. */
export function weekRange(monday: string, timeZone: string): WeekRange {
  return {
    from: new Date(dayStart(monday, timeZone)).toISOString(),
    to: new Date(dayStart(addDays(monday, 7), timeZone)).toISOString(),
    timeZone,
  };
}

export interface WeekRange {
  from: string;
  to: string;
  /** Where the week's days are read: an event without a time is shown on its date in every zone. */
  timeZone: string;
}
