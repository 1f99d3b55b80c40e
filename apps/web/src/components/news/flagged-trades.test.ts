import type { NewsViolation } from '@app/contracts/news';
import { describe, expect, it } from 'vitest';
import { flaggedTrades } from './flagged-trades';

const nfp = { id: 'e1', time: '2026-11-06T13:30:00Z', currency: 'USD', title: 'Non-Farm Payrolls' };
const rate = { id: 'e2', time: '2026-11-06T13:31:00Z', currency: 'USD', title: 'Unemployment Rate' };
const v = (ticket: string, side: 'open' | 'close', tradeTime: string, event: typeof nfp): NewsViolation => ({
  ticket,
  symbol: 'EURUSD',
  side,
  tradeTime,
  event,
});

describe('flaggedTrades', () => {
  it('gives each trade once, with each flagged end and the events that flagged it', () => {
    const trades = flaggedTrades([
      v('1', 'open', '2026-11-06T13:29:00Z', nfp),
      v('1', 'open', '2026-11-06T13:29:00Z', rate),
      v('2', 'open', '2026-11-06T13:30:30Z', nfp),
      v('1', 'close', '2026-11-06T13:32:00Z', rate),
    ]);
    expect(trades).toEqual([
      {
        ticket: '1',
        symbol: 'EURUSD',
        ends: [
          { side: 'open', time: '2026-11-06T13:29:00Z', events: [nfp, rate] },
          { side: 'close', time: '2026-11-06T13:32:00Z', events: [rate] },
        ],
      },
      { ticket: '2', symbol: 'EURUSD', ends: [{ side: 'open', time: '2026-11-06T13:30:30Z', events: [nfp] }] },
    ]);
  });

  it('is empty without violations', () => {
    expect(flaggedTrades([])).toEqual([]);
  });
});
