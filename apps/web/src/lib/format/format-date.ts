import { dateTimeFormat, relativeTimeFormat } from './intl-cache';

export type DateInput = string | number | Date;

const toDate = (value: DateInput) => (value instanceof Date ? value : new Date(value));

/**
 * A moment with its time zone, so nobody has to guess whose clock it is: "23 Nov 2026, 14:05 CET".
 * `timeZone` defaults to the reader's own.
 */
export function formatDateTime(value: DateInput, locale: string, timeZone?: string): string {
  return dateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone,
  }).format(toDate(value));
}

/** A calendar day: "23 Nov 2026". */
export function formatDate(value: DateInput, locale: string, timeZone?: string): string {
  return dateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone }).format(toDate(value));
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** How long ago (or how soon) in the largest whole unit: "3 minutes ago", "vor 2 Stunden", "昨日". */
export function formatRelativeTime(value: DateInput, locale: string, now: DateInput = Date.now()): string {
  const seconds = (toDate(value).getTime() - toDate(now).getTime()) / 1000;
  const format = relativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(Math.trunc(seconds), 'second');
}
