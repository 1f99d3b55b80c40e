import {
  decimalToCents,
  isSafeText,
  MAX_EVENTS_PER_BATCH,
  MAX_MONEY_CENTS,
  MAX_TIME_YEAR,
  MIN_TIME_YEAR,
  type IngestEvent,
} from '@app/contracts';

/**
 * Fast path for the ingestion body: a hand-written check of the common, well-formed batch that
 * yields exactly what `ingestRequestSchema` would. It accepts a subset of what the schema accepts
 * (anything unusual — an offset time, a symbol with spaces, an unknown key — is left to it), and
 * answers `null` whenever it is not sure, so the zod schema then decides and names the index and
 * field of a bad event. The common batch is thus checked without zod's per-field overhead.
 */

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const digit = (s: string, i: number) => s.charCodeAt(i) - 48;
const num2 = (s: string, i: number) => {
  const a = digit(s, i);
  const b = digit(s, i + 1);
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
};

/**
 * A UTC ISO time `YYYY-MM-DDTHH:MM:SS(.sss)?Z` with a valid calendar date in the API's range (years
 * 1970–2200) → ms, or NaN (then the schema decides).
 */
function isoMs(v: unknown): number {
  if (typeof v !== 'string') return NaN;
  const len = v.length;
  if (len !== 24 && len !== 20) return NaN;
  if (v[4] !== '-' || v[7] !== '-' || v[10] !== 'T' || v[13] !== ':' || v[16] !== ':' || v[len - 1] !== 'Z') return NaN;
  const hi = num2(v, 0);
  const lo = num2(v, 2);
  if (hi < 10 || lo < 0) return NaN;
  const year = hi * 100 + lo;
  if (year < MIN_TIME_YEAR || year > MAX_TIME_YEAR) return NaN;
  const month = num2(v, 5);
  const day = num2(v, 8);
  const hour = num2(v, 11);
  const minute = num2(v, 14);
  const second = num2(v, 17);
  if (
    month < 1 ||
    month > 12 ||
    day < 1 ||
    hour < 0 ||
    hour > 23 ||
    minute < 0 ||
    minute > 59 ||
    second < 0 ||
    second > 59
  )
    return NaN;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (day > (month === 2 && leap ? 29 : DAYS[month - 1]!)) return NaN;
  let ms = 0;
  if (len === 24) {
    if (v[19] !== '.') return NaN;
    const a = num2(v, 20);
    const c = digit(v, 22);
    if (a < 0 || c < 0 || c > 9) return NaN;
    ms = a * 10 + c;
  }
  return Date.UTC(year, month - 1, day, hour, minute, second, ms);
}

/**
 * decimalToCents without the text round trip when the amount is, to well within float precision,
 * a whole number of cents (then the decimal text's third fractional digit is 0 or 9 and both agree).
 */
function cents(v: number): number {
  if (Math.abs(v) < 1e7) {
    const x = v * 100;
    const n = Math.round(x);
    if (Math.abs(x - n) < 1e-6) return n === 0 ? 0 : n;
  }
  return decimalToCents(v);
}

/**
 * A money field → its cents, or NaN when it is not a finite number or its cents exceed MAX_MONEY_CENTS
 * either way (the bound is on the rounded cents, as in the schema).
 */
function money(v: unknown): number {
  if (typeof v !== 'number' || !Number.isFinite(v)) return Number.NaN;
  const c = cents(v);
  return Math.abs(c) <= MAX_MONEY_CENTS ? c : Number.NaN;
}
const isText = (v: unknown, max: number): v is string =>
  typeof v === 'string' && v.length >= 1 && v.length <= max && isSafeText(v);
const isNum = (v: unknown, min: number, max: number): v is number =>
  typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max;

const SNAPSHOT_KEYS = new Set(['id', 'type', 'account', 'time', 'balance', 'equity', 'openPositions']);
const TRADE_KEYS = new Set([
  'id',
  'type',
  'account',
  'ticket',
  'symbol',
  'side',
  'volume',
  'openTime',
  'openPrice',
  'closeTime',
  'closePrice',
  'profit',
  'commission',
  'swap',
]);
const BALANCE_KEYS = new Set(['id', 'type', 'account', 'time', 'kind', 'amount', 'comment']);

function onlyKeys(o: Record<string, unknown>, allowed: Set<string>): boolean {
  for (const k in o) {
    if (!Object.prototype.hasOwnProperty.call(o, k)) return false;
    if (!allowed.has(k)) return false;
  }
  return true;
}

function event(raw: unknown): IngestEvent | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const o = raw as Record<string, unknown>;
  if (!isText(o.id, 100) || !isText(o.account, 64)) return null;
  switch (o.type) {
    case 'snapshot': {
      if (!onlyKeys(o, SNAPSHOT_KEYS)) return null;
      const time = isoMs(o.time);
      const balance = money(o.balance);
      const equity = money(o.equity);
      if (Number.isNaN(time) || Number.isNaN(balance) || Number.isNaN(equity)) return null;
      const p = o.openPositions;
      if (typeof p !== 'number' || !Number.isSafeInteger(p) || p < 0 || p > 100_000) return null;
      return {
        id: o.id,
        type: 'snapshot',
        account: o.account,
        time,
        balance,
        equity,
        openPositions: p,
      };
    }
    case 'trade': {
      if (!onlyKeys(o, TRADE_KEYS)) return null;
      let ticket: string;
      if (typeof o.ticket === 'string') {
        if (!isText(o.ticket, 64)) return null;
        ticket = o.ticket;
      } else if (typeof o.ticket === 'number' && Number.isSafeInteger(o.ticket) && o.ticket >= 0) {
        ticket = String(o.ticket);
      } else {
        return null;
      }
      const symbol = o.symbol;
      if (!isText(symbol, 32) || symbol.trim() !== symbol) return null;
      if (o.side !== 'buy' && o.side !== 'sell') return null;
      if (!isNum(o.volume, 0, 100_000) || o.volume <= 0) return null;
      const openTime = isoMs(o.openTime);
      if (Number.isNaN(openTime) || !isNum(o.openPrice, 0, 1e9)) return null;
      let closeTime: number | null = null;
      if (o.closeTime !== undefined && o.closeTime !== null) {
        closeTime = isoMs(o.closeTime);
        if (Number.isNaN(closeTime)) return null;
      }
      let closePrice: number | null = null;
      if (o.closePrice !== undefined && o.closePrice !== null) {
        if (!isNum(o.closePrice, 0, 1e9)) return null;
        closePrice = o.closePrice;
      }
      if ((closeTime === null) !== (closePrice === null)) return null;
      if (closeTime !== null && closeTime < openTime) return null;
      const profit = money(o.profit);
      if (Number.isNaN(profit)) return null;
      let commission = 0;
      if (o.commission !== undefined) {
        commission = money(o.commission);
        if (Number.isNaN(commission)) return null;
      }
      let swap = 0;
      if (o.swap !== undefined) {
        swap = money(o.swap);
        if (Number.isNaN(swap)) return null;
      }
      return {
        id: o.id,
        type: 'trade',
        account: o.account,
        ticket,
        symbol,
        side: o.side,
        volume: o.volume,
        openTime,
        openPrice: o.openPrice,
        closeTime,
        closePrice,
        profit,
        commission,
        swap,
      };
    }
    case 'balance': {
      if (!onlyKeys(o, BALANCE_KEYS)) return null;
      const time = isoMs(o.time);
      const amount = money(o.amount);
      if (Number.isNaN(time) || Number.isNaN(amount)) return null;
      let kind: 'withdrawal' | 'adjustment' = 'adjustment';
      if (o.kind !== undefined) {
        if (o.kind !== 'withdrawal' && o.kind !== 'adjustment') return null;
        kind = o.kind;
      }
      // A withdrawal takes money out: its cents must be negative (the schema names the field).
      if (kind === 'withdrawal' && !(amount < 0)) return null;
      let comment = '';
      if (o.comment !== undefined) {
        if (typeof o.comment !== 'string' || o.comment.length > 200 || !isSafeText(o.comment)) return null;
        comment = o.comment;
      }
      return { id: o.id, type: 'balance', account: o.account, time, kind, amount, comment };
    }
    default:
      return null;
  }
}

/** The parsed request body when the fast path is sure it is valid; `null` to defer to the schema. */
export function fastIngestBody(body: unknown): { events: IngestEvent[] } | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const b = body as Record<string, unknown>;
  for (const k in b) if (k !== 'events' || !Object.prototype.hasOwnProperty.call(b, k)) return null;
  const list = b.events;
  if (!Array.isArray(list) || list.length < 1 || list.length > MAX_EVENTS_PER_BATCH) return null;
  const out: IngestEvent[] = new Array(list.length);
  for (let i = 0; i < list.length; i++) {
    const e = event(list[i]);
    if (!e) return null;
    out[i] = e;
  }
  return { events: out };
}
