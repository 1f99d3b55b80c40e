import { zonedToUtc } from '@app/contracts/time-zones';
import { getDisplayTimeZone } from './display-zone';
import { dateTimeFormat } from './intl-cache';
import { localTimeZone } from './format-date';

/**
 * The date filters' days (yyyy-mm-dd) as the instants the API filters on, in the reader's display
 * zone (chosen on their profile, else the browser's) — the calendar the lists show their times in:
 * `from` is the start of the first day, `to` the start of the day after the last (exclusive).
 */
const readerZone = () => getDisplayTimeZone() ?? localTimeZone();

const parseDay = (day: string): [number, number, number] | null => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const check = new Date(Date.UTC(y, mo - 1, d));
  return check.getUTCMonth() === mo - 1 && check.getUTCDate() === d ? [y, mo, d] : null;
};

const midnight = ([y, m, d]: [number, number, number], timeZone: string): string =>
  new Date(zonedToUtc(y, m, d, 0, 0, timeZone)).toISOString();

export function dayStart(day: string, timeZone = readerZone()): string | undefined {
  const parsed = parseDay(day);
  return parsed ? midnight(parsed, timeZone) : undefined;
}

export function dayEnd(day: string, timeZone = readerZone()): string | undefined {
  const parsed = parseDay(day);
  if (!parsed) return undefined;
  const next = new Date(Date.UTC(parsed[0], parsed[1] - 1, parsed[2] + 1));
  return midnight([next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate()], timeZone);
}

/** The day (yyyy-mm-dd) an instant falls on in `timeZone`: today's by default. */
export function dayKeyIn(timeZone: string, at: string | number | Date = Date.now()): string {
  const parts = dateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(
    new Date(at),
  );
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** Back to the input's day; for an exclusive end, the day before it. */
export function toDayInput(iso: string | undefined, exclusiveEnd = false, timeZone = readerZone()): string {
  if (!iso) return '';
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  const key = dayKeyIn(timeZone, ms);
  if (!exclusiveEnd) return key;
  const [y, m, d] = parseDay(key)!;
  return new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
}
