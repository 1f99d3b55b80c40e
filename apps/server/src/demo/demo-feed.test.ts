import { expect, it } from 'vitest';
import { prng } from '../lib/prng.ts';
import { DemoTrader } from './demo-feed.ts';

it('never gives one account the same ticket twice, however long it trades', () => {
  // 20,000 draws from 90 million tickets: a repeat is all but certain (the birthday bound) unless
  // the trader keeps track. A repeated ticket would be one position closed twice.
  const trader = new DemoTrader('7001', 10_000_000, 10_000_000, prng(42), 'sim');
  const tickets = Array.from({ length: 20_000 }, (_, i) => {
    const event = trader.trade(i * 60_000, i * 60_000 + 30_000, 0, 20);
    return event.type === 'trade' ? String(event.ticket) : '';
  });
  expect(new Set(tickets).size).toBe(tickets.length);
  expect(tickets.every((t) => /^\d{8}$/.test(t))).toBe(true);
});

it('gives a simulation 10-digit tickets, apart from the 8-digit ones of the demo seed', () => {
  const trader = new DemoTrader('7002', 10_000_000, 10_000_000, prng(7), 'sim', 10);
  const event = trader.trade(0, 30_000, 0, 20);
  expect(event.type === 'trade' && String(event.ticket)).toMatch(/^\d{10}$/);
});
