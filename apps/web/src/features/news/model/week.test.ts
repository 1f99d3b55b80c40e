import { describe, expect, it } from 'vitest';
import { addDays, dayStart, isWeekKey, mondayOf, todayKey, weekRange } from './week';

describe('news calendar weeks', () => {
  it('names a week by its Monday and steps by seven days across months and years', () => {
    expect(mondayOf('2026-11-26')).toBe('2026-11-23');
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(addDays('2026-12-28', 7)).toBe('2027-01-04');
    expect(isWeekKey('2026-02-30')).toBe(false);
    expect(isWeekKey('garbage')).toBe(false);
    expect(isWeekKey(null)).toBe(false);
  });

  it('reads today and the week in the viewer zone, DST weeks included', () => {
    const late = Date.parse('2026-11-22T23:30:00Z'); // Sunday in UTC, Monday in Tokyo
    expect(todayKey('UTC', late)).toBe('2026-11-22');
    expect(todayKey('Asia/Tokyo', late)).toBe('2026-11-23');
    expect(weekRange('2026-11-23', 'Europe/Prague')).toEqual({
      from: '2026-11-22T23:00:00.000Z',
      to: '2026-11-29T23:00:00.000Z',
      timeZone: 'Europe/Prague',
    });
    // The week of the spring change in New York (8 March 2026) is 167 hours long.
    const { from, to } = weekRange('2026-03-02', 'America/New_York');
    expect(from).toBe('2026-03-02T05:00:00.000Z');
    expect(to).toBe('2026-03-09T04:00:00.000Z');
    expect((Date.parse(to) - Date.parse(from)) / 3_600_000).toBe(167);
    expect(dayStart('2026-03-08', 'America/New_York')).toBe(Date.parse('2026-03-08T05:00:00Z'));
  });
});
