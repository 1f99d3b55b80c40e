// The restricted-news rule at its window's edges and across currencies.
import { describe, expect, it } from 'vitest';
import { restrictedNewsViolations, type RestrictedEvent, type TradeTimes } from './restricted-news.ts';

const NFP = Date.parse('2026-11-27T13:30:00Z');
const MIN = 60_000;
const events: RestrictedEvent[] = [
  { id: 'nfp', time: NFP, currency: 'USD', title: 'Non-Farm Employment Change' },
  { id: 'ecb', time: NFP + 60 * MIN, currency: 'EUR', title: 'ECB President Speaks' },
];
const window = { minutesBefore: 2, minutesAfter: 2 };
const trade = (ticket: string, symbol: string, openTime: number, closeTime: number | null): TradeTimes => ({
  ticket,
  symbol,
  openTime,
  closeTime,
});
const flagged = (trades: TradeTimes[], evs = events, w = window) =>
  restrictedNewsViolations(trades, evs, w).map((v) => `${v.ticket}:${v.side}:${v.event.id}`);

describe('restricted-news violations', () => {
  const far = NFP - 10 * 60 * MIN;

  it('flags an opening inside the window by 1 ms at either edge, not outside by 1 ms', () => {
    expect(flagged([trade('a', 'EURUSD', NFP - 2 * MIN, null)])).toEqual(['a:open:nfp']);
    expect(flagged([trade('b', 'EURUSD', NFP - 2 * MIN + 1, null)])).toEqual(['b:open:nfp']);
    expect(flagged([trade('c', 'EURUSD', NFP - 2 * MIN - 1, null)])).toEqual([]);
    expect(flagged([trade('d', 'EURUSD', NFP + 2 * MIN - 1, null)])).toEqual(['d:open:nfp']);
    expect(flagged([trade('e', 'EURUSD', NFP + 2 * MIN, null)])).toEqual(['e:open:nfp']);
    expect(flagged([trade('f', 'EURUSD', NFP + 2 * MIN + 1, null)])).toEqual([]);
  });

  it('flags a closing inside the window, whenever the trade was opened', () => {
    expect(flagged([trade('g', 'USDJPY', far, NFP + 2 * MIN - 1)])).toEqual(['g:close:nfp']);
    expect(flagged([trade('h', 'USDJPY', far, NFP + 2 * MIN + 1)])).toEqual([]);
    expect(flagged([trade('i', 'USDJPY', far, NFP - 2 * MIN - 1)])).toEqual([]);
    // Held across the event without opening or closing inside: not a violation.
    expect(flagged([trade('j', 'USDJPY', far, NFP + 30 * MIN)])).toEqual([]);
  });

  it('matches the currencies a symbol contains; ALL matches every symbol', () => {
    expect(flagged([trade('k', 'GBPJPY', NFP, NFP)])).toEqual([]);
    expect(flagged([trade('l', 'xauusd.m', NFP, null)])).toEqual(['l:open:nfp']);
    expect(flagged([trade('m', 'EURGBP', NFP + 60 * MIN, null)])).toEqual(['m:open:ecb']);
    expect(flagged([trade('n', 'EURUSD', NFP + 60 * MIN - MIN, NFP + 60 * MIN + MIN)])).toEqual([
      'n:open:ecb',
      'n:close:ecb',
    ]);
    const g7: RestrictedEvent = { id: 'g7', time: NFP, currency: 'ALL', title: 'G7 Statement' };
    expect(flagged([trade('o', 'GBPJPY', NFP + MIN, null)], [...events, g7])).toEqual(['o:open:g7']);
  });

  it('uses the configured window and reports one violation per event in reach', () => {
    const wide = { minutesBefore: 5, minutesAfter: 0 };
    expect(flagged([trade('p', 'EURUSD', NFP - 5 * MIN, null)], events, wide)).toEqual(['p:open:nfp']);
    expect(flagged([trade('q', 'EURUSD', NFP + 1, null)], events, wide)).toEqual([]);
    const twin: RestrictedEvent = { id: 'nfp2', time: NFP, currency: 'USD', title: 'Unemployment Rate' };
    expect(flagged([trade('r', 'EURUSD', NFP, null)], [twin, ...events]).sort()).toEqual(['r:open:nfp', 'r:open:nfp2']);
    expect(flagged([], events)).toEqual([]);
    expect(flagged([trade('s', 'EURUSD', NFP, null)], [])).toEqual([]);
  });
});
