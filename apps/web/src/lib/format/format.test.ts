import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatRelativeTime } from './format-date';
import { formatMoney, formatNumber, formatPercentBps } from './format-number';

// Intl separates some parts with (narrow) no-break spaces; compare with plain ones.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
const moment = '2026-11-23T13:05:00Z';

describe('dates and times, with their time zone', () => {
  it('English (British conventions)', () => {
    expect(formatDateTime(moment, 'en-GB', 'Europe/Prague')).toBe('23 Nov 2026, 14:05 CET');
    expect(formatDateTime('2026-07-01T08:30:00Z', 'en-GB', 'Europe/Prague')).toBe('1 Jul 2026, 10:30 CEST');
    expect(formatDate(moment, 'en-GB', 'Europe/Prague')).toBe('23 Nov 2026');
  });

  it('German', () => {
    expect(formatDateTime(moment, 'de', 'Europe/Prague')).toBe('23. Nov. 2026, 14:05 MEZ');
    expect(formatDate(moment, 'de', 'UTC')).toBe('23. Nov. 2026');
  });

  it('Japanese', () => {
    expect(formatDateTime(moment, 'ja', 'Asia/Tokyo')).toBe('2026年11月23日 22:05 JST');
    expect(formatDate(moment, 'ja', 'UTC')).toBe('2026年11月23日');
  });

  it('a moment near midnight falls on the day of the zone it is shown in', () => {
    expect(formatDate('2026-11-23T23:30:00Z', 'en-GB', 'Asia/Tokyo')).toBe('24 Nov 2026');
    expect(formatDate('2026-11-23T23:30:00Z', 'en-GB', 'America/New_York')).toBe('23 Nov 2026');
  });
});

describe('relative times', () => {
  const now = Date.parse(moment);
  it('picks the largest whole unit, in the language', () => {
    expect(formatRelativeTime(now - 3 * 60_000, 'en-GB', now)).toBe('3 minutes ago');
    expect(formatRelativeTime(now - 2 * 3_600_000, 'de', now)).toBe('vor 2 Stunden');
    expect(formatRelativeTime(now - 24 * 3_600_000, 'ja', now)).toBe('昨日');
    expect(formatRelativeTime(now - 10_000, 'en-GB', now)).toBe('10 seconds ago');
    expect(formatRelativeTime(now - 400 * 24 * 3_600_000, 'en-GB', now)).toBe('last year');
  });
});

describe('money from integer cents', () => {
  it('English, German, Japanese', () => {
    expect(formatMoney(123456, 'USD', 'en-GB')).toBe('US$1,234.56');
    expect(formatMoney(123456, 'EUR', 'en-GB')).toBe('€1,234.56');
    expect(plain(formatMoney(123456, 'EUR', 'de'))).toBe('1.234,56 €');
    expect(formatMoney(123456, 'USD', 'ja')).toBe('$1,234.56');
  });

  it('negative amounts and whole-unit currencies', () => {
    expect(formatMoney(-5050, 'EUR', 'en-GB')).toBe('-€50.50');
    expect(plain(formatMoney(-5050, 'EUR', 'de'))).toBe('-50,50 €');
    // The yen has no minor unit: 1234.56 rounds to ¥1,235.
    expect(formatMoney(123456, 'JPY', 'ja')).toBe('￥1,235');
  });
});

describe('numbers and percentages', () => {
  it('uses the locale’s marks', () => {
    expect(formatNumber(1234567.891, 'en-GB')).toBe('1,234,567.891');
    expect(formatNumber(1234567.891, 'de')).toBe('1.234.567,891');
    expect(formatNumber(1234567.891, 'ja')).toBe('1,234,567.891');
  });

  it('basis points as percent', () => {
    expect(formatPercentBps(1250, 'en-GB')).toBe('12.5%');
    expect(plain(formatPercentBps(1250, 'de'))).toBe('12,5 %');
    expect(formatPercentBps(-75, 'ja')).toBe('-0.75%');
  });
});
