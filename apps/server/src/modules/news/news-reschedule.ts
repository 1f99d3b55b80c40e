// Which stored events a re-import moves. The natural key holds the minute, so an event whose time
// changed between two imports (rescheduled, or a tentative one that got its time: the feed re-reads
// its week every 30 minutes) would otherwise be stored twice. Pure: rows and stored events in, moves out.
import type { NewsTimeKind } from '@app/contracts/news';
import { titleKey, type ParsedNewsRow } from './news-parse.ts';

export interface StoredEventKey {
  id: string;
  time: Date;
  currency: string;
  titleKey: string;
  localDate: string;
}

export interface EventMove {
  id: string;
  time: Date;
  timeKind: NewsTimeKind;
  localDate: string;
}

const dayKey = (currency: string, title: string, localDate: string) => `${currency}|${title}|${localDate}`;

/**
 * Per currency, title and day: rows and stored events at the same minute are the same event (the
 * upsert updates them). Of the rest, the n-th earliest row moves the n-th earliest stored event, so
 * two same-titled speeches of one day stay two. Rows left over are new events; stored events left
 * over stay as they are (the file may not list every event). `matched`: rows with a stored event.
 */
export function planReschedules(
  rows: ParsedNewsRow[],
  stored: StoredEventKey[],
): { moves: EventMove[]; matched: number } {
  const storedByDay = new Map<string, StoredEventKey[]>();
  for (const e of stored) {
    const k = dayKey(e.currency, e.titleKey, e.localDate);
    storedByDay.set(k, [...(storedByDay.get(k) ?? []), e]);
  }
  const rowsByDay = new Map<string, ParsedNewsRow[]>();
  for (const r of rows) {
    const k = dayKey(r.currency, titleKey(r.title), r.localDate);
    rowsByDay.set(k, [...(rowsByDay.get(k) ?? []), r]);
  }
  const moves: EventMove[] = [];
  let matched = 0;
  for (const [k, dayRows] of rowsByDay) {
    const events = storedByDay.get(k) ?? [];
    const storedAt = new Set(events.map((e) => e.time.getTime()));
    const rowAt = new Set(dayRows.map((r) => r.time.getTime()));
    matched += dayRows.filter((r) => storedAt.has(r.time.getTime())).length;
    const freeRows = dayRows.filter((r) => !storedAt.has(r.time.getTime())).sort(byTime);
    const freeEvents = events.filter((e) => !rowAt.has(e.time.getTime())).sort(byTime);
    const pairs = Math.min(freeRows.length, freeEvents.length);
    for (let i = 0; i < pairs; i++) {
      const row = freeRows[i]!;
      moves.push({ id: freeEvents[i]!.id, time: row.time, timeKind: row.timeKind, localDate: row.localDate });
    }
    matched += pairs;
  }
  return { moves, matched };
}

const byTime = (a: { time: Date }, b: { time: Date }) => a.time.getTime() - b.time.getTime();
