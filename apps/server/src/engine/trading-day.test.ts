import { describe, expect, it } from 'vitest';
import { addDaysToKey, dayInterval, dayStartFor, nextDailyReset, tradingDayKey } from './trading-day.ts';

const P = 'Europe/Prague';
const t = (iso: string) => Date.parse(iso);
const H = 3_600_000;

describe('tradingDayKey / nextDailyReset in Europe/Prague', () => {
  it('winter (CET, UTC+1): local midnight is 23:00Z', () => {
    expect(tradingDayKey(t('2026-01-14T22:59:59.999Z'), P)).toBe('2026-01-14');
    expect(tradingDayKey(t('2026-01-14T23:00:00.000Z'), P)).toBe('2026-01-15');
    expect(nextDailyReset(t('2026-01-14T12:00:00Z'), P)).toBe(t('2026-01-14T23:00:00Z'));
  });

  it('summer (CEST, UTC+2): local midnight is 22:00Z', () => {
    expect(tradingDayKey(t('2026-07-01T21:59:59.999Z'), P)).toBe('2026-07-01');
    expect(tradingDayKey(t('2026-07-01T22:00:00.000Z'), P)).toBe('2026-07-02');
  });

  it('last Sunday of March (2026-03-29) is a 23-hour day', () => {
    const iv = dayInterval(t('2026-03-29T12:00:00Z'), P);
    expect(iv).toEqual({ key: '2026-03-29', start: t('2026-03-28T23:00:00Z'), end: t('2026-03-29T22:00:00Z') });
    expect(iv.end - iv.start).toBe(23 * H);
    // Just before / after the local midnights that open and close it.
    expect(tradingDayKey(t('2026-03-28T22:59:59.999Z'), P)).toBe('2026-03-28');
    expect(tradingDayKey(t('2026-03-28T23:00:00.000Z'), P)).toBe('2026-03-29');
    expect(tradingDayKey(t('2026-03-29T21:59:59.999Z'), P)).toBe('2026-03-29');
    expect(tradingDayKey(t('2026-03-29T22:00:00.000Z'), P)).toBe('2026-03-30');
    // Around the jump itself (02:00 CET -> 03:00 CEST = 01:00Z) the day does not change.
    expect(tradingDayKey(t('2026-03-29T00:59:59.999Z'), P)).toBe('2026-03-29');
    expect(tradingDayKey(t('2026-03-29T01:00:00.000Z'), P)).toBe('2026-03-29');
  });

  it('last Sunday of October (2026-10-25) is a 25-hour day', () => {
    const iv = dayInterval(t('2026-10-25T12:00:00Z'), P);
    expect(iv).toEqual({ key: '2026-10-25', start: t('2026-10-24T22:00:00Z'), end: t('2026-10-25T23:00:00Z') });
    expect(iv.end - iv.start).toBe(25 * H);
    expect(tradingDayKey(t('2026-10-24T21:59:59.999Z'), P)).toBe('2026-10-24');
    expect(tradingDayKey(t('2026-10-24T22:00:00.000Z'), P)).toBe('2026-10-25');
    expect(tradingDayKey(t('2026-10-25T22:59:59.999Z'), P)).toBe('2026-10-25');
    expect(tradingDayKey(t('2026-10-25T23:00:00.000Z'), P)).toBe('2026-10-26');
  });

  it('the daily reset returned is the local midnight, also across both DST days', () => {
    expect(nextDailyReset(t('2026-03-28T23:00:00Z'), P)).toBe(t('2026-03-29T22:00:00Z'));
    expect(nextDailyReset(t('2026-03-29T21:59:59.999Z'), P)).toBe(t('2026-03-29T22:00:00Z'));
    expect(nextDailyReset(t('2026-03-29T22:00:00Z'), P)).toBe(t('2026-03-30T22:00:00Z'));
    expect(nextDailyReset(t('2026-10-25T01:30:00Z'), P)).toBe(t('2026-10-25T23:00:00Z'));
    for (const iso of ['2026-03-29T22:00:00Z', '2026-10-25T23:00:00Z', '2026-01-14T23:00:00Z']) {
      const local = new Intl.DateTimeFormat('en-GB', {
        timeZone: P,
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(t(iso));
      expect(local).toBe('00:00');
    }
  });

  it('other zones: New York, Kolkata (half-hour offset), UTC', () => {
    expect(dayStartFor('2026-03-08', 'America/New_York')).toBe(t('2026-03-08T05:00:00Z'));
    expect(dayStartFor('2026-03-09', 'America/New_York')).toBe(t('2026-03-09T04:00:00Z'));
    expect(tradingDayKey(t('2026-05-01T18:29:59.999Z'), 'Asia/Kolkata')).toBe('2026-05-01');
    expect(tradingDayKey(t('2026-05-01T18:30:00Z'), 'Asia/Kolkata')).toBe('2026-05-02');
    expect(nextDailyReset(t('2026-05-01T10:00:00Z'), 'UTC')).toBe(t('2026-05-02T00:00:00Z'));
  });

  it('a zone whose midnight is skipped starts the day at its first instant (Santiago 2024-09-08)', () => {
    expect(dayStartFor('2024-09-08', 'America/Santiago')).toBe(t('2024-09-08T04:00:00Z'));
    expect(tradingDayKey(t('2024-09-08T03:59:59.999Z'), 'America/Santiago')).toBe('2024-09-07');
  });

  it('addDaysToKey crosses months and years', () => {
    expect(addDaysToKey('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDaysToKey('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDaysToKey('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('every hour over two years maps into [start, end) of its day', () => {
    let prev = '';
    for (let x = t('2026-01-01T00:00:00Z'); x < t('2028-01-01T00:00:00Z'); x += H) {
      const iv = dayInterval(x, P);
      expect(x >= iv.start && x < iv.end).toBe(true);
      expect(iv.key >= prev).toBe(true);
      prev = iv.key;
    }
  });
});
