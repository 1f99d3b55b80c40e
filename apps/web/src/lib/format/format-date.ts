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

/** A moment to the second, with its time zone: "23 Nov 2026, 09:05:09 CET" (evidence, breaches, the journal). */
export function formatDateTimeSeconds(value: DateInput, locale: string, timeZone?: string): string {
  return dateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    timeZoneName: 'short',
    timeZone,
  }).format(toDate(value));
}

/** A time of day with its zone: "00:00 CET", or "14:05:09 CET" with seconds. */
export function formatTime(
  value: DateInput,
  locale: string,
  timeZone?: string,
  { seconds = false, zone = true }: { seconds?: boolean; zone?: boolean } = {},
): string {
  return dateTimeFormat(locale, {
    hour: '2-digit',
    minute: '2-digit',
    second: seconds ? '2-digit' : undefined,
    timeZoneName: zone ? 'short' : undefined,
    timeZone,
  }).format(toDate(value));
}

/** The zone's short name at that moment: "CET" in winter, "CEST" in summer, "GMT+1" where none exists. */
export function formatZoneName(value: DateInput, locale: string, timeZone?: string): string {
  const parts = dateTimeFormat(locale, { timeZoneName: 'short', timeZone }).formatToParts(toDate(value));
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? timeZone ?? '';
}

/**
 * For captions that name a zone and its abbreviation ("Europe/Prague (CET)"): 'yes' when the two
 * are the same ("UTC"), so that the message's `same` select writes it once.
 */
export const sameZoneName = (zone: string, abbreviation: string): 'yes' | 'no' =>
  zone === abbreviation ? 'yes' : 'no';

/** The reader's own time zone ("Europe/Berlin"), as the browser reports it. */
export function localTimeZone(): string {
  return dateTimeFormat('en', {}).resolvedOptions().timeZone;
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
