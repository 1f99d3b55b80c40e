import { describe, expect, it } from 'vitest';
import { localDateOf, zonedToUtc, zoneOffsetMs } from './time-zones.ts';

const iso = (ms: number) => new Date(ms).toISOString();

describe('wall-clock times in a zone', () => {
  it('reads an ordinary time with the offset in force then', () => {
    expect(iso(zonedToUtc(2026, 11, 20, 8, 30, 'America/New_York'))).toBe('2026-11-20T13:30:00.000Z');
    expect(iso(zonedToUtc(2026, 7, 1, 0, 0, 'Europe/Prague'))).toBe('2026-06-30T22:00:00.000Z');
    expect(iso(zonedToUtc(2026, 1, 1, 0, 0, 'Asia/Tokyo'))).toBe('2025-12-31T15:00:00.000Z');
    expect(iso(zonedToUtc(2026, 3, 1, 12, 0, 'UTC'))).toBe('2026-03-01T12:00:00.000Z');
  });

  it('a time in the spring-forward gap is read with the offset before the jump', () => {
    // 8 March 2026, New York: 02:00 EST jumps to 03:00 EDT; 02:30 does not exist on the clock.
    expect(iso(zonedToUtc(2026, 3, 8, 2, 30, 'America/New_York'))).toBe('2026-03-08T07:30:00.000Z');
    expect(iso(zonedToUtc(2026, 3, 8, 3, 0, 'America/New_York'))).toBe('2026-03-08T07:00:00.000Z');
  });

  it('a time in the fall-back overlap is the first of its two instants', () => {
    // 1 November 2026, New York: 01:30 happens in EDT (05:30 UTC), then again in EST (06:30 UTC).
    expect(iso(zonedToUtc(2026, 11, 1, 1, 30, 'America/New_York'))).toBe('2026-11-01T05:30:00.000Z');
  });

  it('the offset is local minus UTC, whole seconds', () => {
    expect(zoneOffsetMs(Date.parse('2026-07-01T12:00:00.250Z'), 'Europe/Prague')).toBe(2 * 3_600_000);
    expect(zoneOffsetMs(Date.parse('2026-01-01T12:00:00Z'), 'America/New_York')).toBe(-5 * 3_600_000);
    expect(zoneOffsetMs(Date.parse('2026-01-01T12:00:00Z'), 'Asia/Kolkata')).toBe(5.5 * 3_600_000);
  });

  it('names the calendar day an instant falls on in a zone', () => {
    const at = Date.parse('2027-02-03T05:00:00Z'); // New York's midnight
    expect(localDateOf(at, 'America/New_York')).toBe('2027-02-03');
    expect(localDateOf(at, 'America/Los_Angeles')).toBe('2027-02-02');
    expect(localDateOf(at, 'Pacific/Kiritimati')).toBe('2027-02-03');
    expect(localDateOf(Date.parse('2027-02-03T10:00:00Z'), 'Pacific/Kiritimati')).toBe('2027-02-04');
  });
});
