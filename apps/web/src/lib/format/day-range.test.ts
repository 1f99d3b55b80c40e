import { describe, expect, it } from 'vitest';
import { dayEnd, dayKeyIn, dayStart, toDayInput } from './day-range';
import { setDisplayTimeZone } from './display-zone';

// The test runner's browser zone is UTC; the display zone below differs from it.
describe('date filters count days in the reader’s display zone', () => {
  it('a chosen zone: its midnights bound the days, and read back as the same days', () => {
    setDisplayTimeZone('Asia/Tokyo');
    const from = dayStart('2026-11-01')!;
    const to = dayEnd('2026-11-30')!;
    expect(from).toBe('2026-10-31T15:00:00.000Z');
    expect(to).toBe('2026-11-30T15:00:00.000Z');
    expect(toDayInput(from)).toBe('2026-11-01');
    expect(toDayInput(to, true)).toBe('2026-11-30');
  });

  it('no chosen zone: the browser’s', () => {
    expect(dayStart('2026-11-01')).toBe('2026-11-01T00:00:00.000Z');
    expect(dayEnd('2026-12-31')).toBe('2027-01-01T00:00:00.000Z');
  });

  it('a 23-hour day ends at the next local midnight; impossible days are no day', () => {
    expect(dayStart('2026-03-29', 'Europe/Prague')).toBe('2026-03-28T23:00:00.000Z');
    expect(dayEnd('2026-03-29', 'Europe/Prague')).toBe('2026-03-29T22:00:00.000Z');
    expect(dayStart('2026-02-30')).toBeUndefined();
    expect(toDayInput('not a date')).toBe('');
  });

  it('today is the zone’s own date', () => {
    const at = '2026-11-23T20:00:00Z';
    expect(dayKeyIn('Asia/Tokyo', at)).toBe('2026-11-24');
    expect(dayKeyIn('America/New_York', at)).toBe('2026-11-23');
  });
});
