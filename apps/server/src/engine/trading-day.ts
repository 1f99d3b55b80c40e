// Trading days: a trading day starts at local midnight in `tz` (DST-correct: days of 23/25 h).
// Intl is the only source of tz data; results are memoised because Intl calls cost ~µs each.

export interface DayInterval {
  key: string; // 'YYYY-MM-DD'
  start: number; // first epoch ms of the day (local midnight, or the first instant of that date)
  end: number; // start of the next trading day (exclusive)
}

const HOUR = 3_600_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(tz, f);
  }
  return f;
}

interface LocalParts {
  y: number;
  m: number;
  d: number;
  h: number;
  mi: number;
  s: number;
}

function localParts(time: number, tz: string): LocalParts {
  const p: LocalParts = { y: 0, m: 0, d: 0, h: 0, mi: 0, s: 0 };
  for (const part of formatter(tz).formatToParts(time)) {
    const v = Number(part.value);
    switch (part.type) {
      case 'year':
        p.y = v;
        break;
      case 'month':
        p.m = v;
        break;
      case 'day':
        p.d = v;
        break;
      case 'hour':
        p.h = v;
        break;
      case 'minute':
        p.mi = v;
        break;
      case 'second':
        p.s = v;
        break;
      default:
        break; // literals and the parts not asked for
    }
  }
  return p;
}

function pad(n: number, w: number): string {
  return String(n).padStart(w, '0');
}

function keyOf(y: number, m: number, d: number): string {
  return `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`;
}

function uncachedKey(time: number, tz: string): string {
  const p = localParts(time, tz);
  return keyOf(p.y, p.m, p.d);
}

/** 'YYYY-MM-DD' shifted by n calendar days. */
export function addDaysToKey(key: string, n: number): string {
  const [y, m, d] = key.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + n));
  return keyOf(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
}

/** Offset (local wall clock − UTC) in ms at instant t. */
function offsetAt(t: number, tz: string): number {
  const p = localParts(t, tz);
  const floorSec = t - (((t % 1000) + 1000) % 1000);
  return Date.UTC(p.y, p.m - 1, p.d, p.h, p.mi, p.s) - floorSec;
}

const startCache = new Map<string, number>();

/** First instant whose local date in tz is >= key: local midnight, or later if midnight is skipped. */
export function dayStartFor(key: string, tz: string): number {
  const cacheKey = `${tz}|${key}`;
  const hit = startCache.get(cacheKey);
  if (hit !== undefined) return hit;
  const [y, m, d] = key.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d);
  // Two fixed-point steps find local midnight whenever it exists...
  let t = wall - offsetAt(wall, tz);
  t = wall - offsetAt(t, tz);
  if (!(uncachedKey(t, tz) >= key && uncachedKey(t - 1, tz) < key)) {
    // ...otherwise (midnight skipped by a DST jump) binary-search the first instant of that date.
    let lo = wall - 15 * HOUR; // local date surely before key (offsets are within ±14 h)
    let hi = wall + 15 * HOUR; // local date surely >= key
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (uncachedKey(mid, tz) >= key) hi = mid;
      else lo = mid;
    }
    t = hi;
  }
  if (startCache.size > 20_000) startCache.clear();
  startCache.set(cacheKey, t);
  return t;
}

// A few recent intervals per tz: events arrive in time order, so the hit rate is ~100 %.
const recent = new Map<string, DayInterval[]>();

/** The trading day containing `time`. */
export function dayInterval(time: number, tz: string): DayInterval {
  let list = recent.get(tz);
  if (!list) {
    list = [];
    recent.set(tz, list);
  }
  for (const iv of list) if (time >= iv.start && time < iv.end) return iv;
  const key = uncachedKey(time, tz);
  const iv: DayInterval = { key, start: dayStartFor(key, tz), end: dayStartFor(addDaysToKey(key, 1), tz) };
  list.unshift(iv);
  if (list.length > 8) list.pop();
  return iv;
}

/** 'YYYY-MM-DD' of the trading day (starting at local midnight in tz) containing `time`. */
export function tradingDayKey(time: number, tz: string): string {
  return dayInterval(time, tz).key;
}

/** The next daily reset after `time`: the start (local midnight) of the next trading day. */
export function nextDailyReset(time: number, tz: string): number {
  return dayInterval(time, tz).end;
}
