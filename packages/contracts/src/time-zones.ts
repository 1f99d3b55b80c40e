// Wall-clock times in an IANA zone, shared by the server (the news import reads local times) and
// the web app (a week starts at local midnight): one implementation, so both agree on every DST night.

const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at `ms` (local − UTC), in milliseconds. */
export function zoneOffsetMs(ms: number, timeZone: string): number {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  const local = Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!);
  return local - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant a wall-clock time in `timeZone` names (month 1–12). In a DST gap the clock is read
 * with the offset in force before the jump (02:30 on a spring-forward night is 03:30 local); in an
 * overlap, the first of the two instants.
 */
export function zonedToUtc(y: number, m: number, d: number, hour: number, minute: number, timeZone: string): number {
  const wall = Date.UTC(y, m - 1, d, hour, minute);
  // The offsets a day either side: at most one transition lies between them.
  const before = zoneOffsetMs(wall - DAY_MS, timeZone);
  const after = zoneOffsetMs(wall + DAY_MS, timeZone);
  const names = (t: number) => t + zoneOffsetMs(t, timeZone) === wall;
  const early = wall - Math.max(before, after);
  const late = wall - Math.min(before, after);
  if (names(early)) return early; // the only instant, or the first of an overlap
  if (names(late)) return late;
  return wall - before; // a gap: the clock read with the offset before the jump
}

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (YYYY-MM-DD) an instant falls on in `timeZone`. */
export function localDateOf(ms: number, timeZone: string): string {
  let f = dayFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormatters.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day}`;
}
