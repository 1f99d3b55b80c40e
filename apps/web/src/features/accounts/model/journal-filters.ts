/** The journal's filters as they sit in the URL: `?symbol=EURUSD&side=buy&from=2026-11-01&to=2026-11-20`. */
export interface TradeFilters {
  symbol?: string;
  side?: 'buy' | 'sell';
  /** Calendar days (YYYY-MM-DD) in the reader's time zone, both included. */
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

/** Local midnight of a calendar day (the reader's zone), in epoch ms. */
function localDayStart(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d).getTime();
}

/**
 * The API's query: `from` is the first instant of the from-day, `to` the last millisecond of the
 * to-day (the server's `to` is inclusive), both in the reader's time zone, as the journal shows times.
 */
export function tradeQueryParams(f: TradeFilters): Record<string, string | undefined> {
  let from = f.from ? localDayStart(f.from) : undefined;
  let to = f.to ? nextLocalDay(f.to) - 1 : undefined;
  if (from !== undefined && to !== undefined && from > to)
    [from, to] = [localDayStart(f.to!), nextLocalDay(f.from!) - 1];
  return {
    symbol: f.symbol,
    side: f.side,
    from: from === undefined ? undefined : new Date(from).toISOString(),
    to: to === undefined ? undefined : new Date(to).toISOString(),
  };
}

function nextLocalDay(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d + 1).getTime();
}
