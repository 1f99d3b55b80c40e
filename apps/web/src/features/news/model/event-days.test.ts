import type { NewsEvent } from '@app/contracts/news';
import { describe, expect, it } from 'vitest';
import { eventDays } from './event-days';

const event = (id: string, time: string, timeKind: NewsEvent['timeKind'], date: string): NewsEvent => ({
  id,
  time,
  timeKind,
  date,
  currency: 'USD',
  title: id,
  impact: 'medium',
  forecast: '',
  previous: '',
  actual: '',
  restricted: false,
});

// A New York holiday on 3 February (stored at New York's midnight), an event at 10:00 in Los Angeles
// that day, and one at 21:30 in Los Angeles (already the 4th in UTC).
const events = [
  event('holiday', '2027-02-03T05:00:00.000Z', 'all_day', '2027-02-03'),
  event('late', '2027-02-04T05:30:00.000Z', 'exact', '2027-02-04'),
  event('morning', '2027-02-03T18:00:00.000Z', 'exact', '2027-02-03'),
];
const ids = (days: ReturnType<typeof eventDays>) => days.map(([day, items]) => [day, items.map((e) => e.id)]);

describe('news events by day', () => {
  it('puts an event without a time on its own date west of its source, first in the day', () => {
    expect(ids(eventDays(events, 'America/Los_Angeles'))).toEqual([['2027-02-03', ['holiday', 'morning', 'late']]]);
  });

  it('puts events with a time on their day in the viewer zone, the dateless one on its date', () => {
    expect(ids(eventDays(events, 'Asia/Tokyo'))).toEqual([
      ['2027-02-03', ['holiday']],
      ['2027-02-04', ['morning', 'late']],
    ]);
  });
});
