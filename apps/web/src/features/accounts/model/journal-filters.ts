import { dayEnd, dayStart } from '../../../lib/format/day-range';

/** The journal's filters as they sit in the URL: `?symbol=EURUSD&side=buy&from=2026-11-01&to=2026-11-20`. */
export interface TradeFilters {
  symbol?: string;
  side?: 'buy' | 'sell';
  /** Calendar days (YYYY-MM-DD) in the reader's display zone, both included. */
  from?: string;
  to?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const SYMBOL = /^[A-Za-z0-9._#/-]{1,32}$/;

const validDay = (value: string | null): string | undefined =>
  value && DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00`)) ? value : undefined;

/** The filters from the URL; anything malformed is left out rather than sent. */
export function parseTradeFilters(search: URLSearchParams): TradeFilters {
  const symbol = search.get('symbol')?.trim().toUpperCase();
  const side = search.get('side');
  const filters: TradeFilters = {
    symbol: symbol && SYMBOL.test(symbol) ? symbol : undefined,
    side: side === 'buy' || side === 'sell' ? side : undefined,
    from: validDay(search.get('from')),
    to: validDay(search.get('to')),
  };
  // Keys with no value stay out, so equal filters give equal query keys.
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined)) as TradeFilters;
}

export const hasTradeFilters = (f: TradeFilters) => Object.values(f).some((v) => v !== undefined);

/** The API's query for the filters: the days as instants, at the time of asking. */
export type TradeQuery = ReturnType<typeof tradeQueryParams>;

/**
 * The API's query: `from` is the first instant of the from-day, `to` the last millisecond of the
 * to-day (the server's `to` is inclusive: `time <= to`, so the next day's midnight is not sent),
 * both in the reader's display zone (lib/format/day-range), the calendar the journal shows times in.
 * A reversed range is sent as it is (nothing matches); the filters say so on the To field.
 */
export function tradeQueryParams(f: TradeFilters) {
  const end = f.to ? dayEnd(f.to) : undefined;
  return {
    symbol: f.symbol,
    side: f.side,
    from: f.from ? dayStart(f.from) : undefined,
    to: end ? new Date(Date.parse(end) - 1).toISOString() : undefined,
  };
}

/** From after To: both are kept (nothing is silently dropped or swapped) and To says so. */
export const isReversedRange = (f: Pick<TradeFilters, 'from' | 'to'>): boolean => !!f.from && !!f.to && f.from > f.to;
