import type { NewsEvent } from '@app/contracts/news';
import { todayKey } from './week';

/**
 * The week's events by day, days in order: an event with a time on its day in the viewer's zone, one
 * without (all day, tentative) on the date its source gives, whatever the zone, and first in its day.
 */
export function eventDays(events: NewsEvent[], timeZone: string): [day: string, events: NewsEvent[]][] {
  const byDay = new Map<string, NewsEvent[]>();
  for (const e of events) {
    const day = e.timeKind === 'exact' ? todayKey(timeZone, Date.parse(e.time)) : e.date;
    byDay.set(day, [...(byDay.get(day) ?? []), e]);
  }
  const dated = (e: NewsEvent) => (e.timeKind === 'exact' ? 1 : 0);
  return [...byDay.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, items]) => [
      day,
      [...items].sort((a, b) => dated(a) - dated(b) || Date.parse(a.time) - Date.parse(b.time)),
    ]);
}
