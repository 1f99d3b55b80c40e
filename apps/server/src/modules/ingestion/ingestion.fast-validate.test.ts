import { ingestRequestSchema } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { fastIngestBody } from './ingestion.fast-validate.ts';

function batch(): Array<Record<string, unknown>> {
  const events: Array<Record<string, unknown>> = [];
  for (let i = 0; i < 300; i++) {
    const time = new Date(Date.UTC(2024, 1, 28, 22) + i * 61_123).toISOString();
    if (i % 3 === 0) events.push({ id: `s${i}`, type: 'snapshot', account: '10001', time, balance: 1000.125 - i * 0.37, equity: -12.005, openPositions: i % 2 });
    else if (i % 7 === 0) events.push({ id: `b${i}`, type: 'balance', account: '10001', time: `${time.slice(0, 19)}Z`, amount: 1.005 * i, ...(i % 2 ? { comment: 'x' } : {}) });
    else {
      events.push({
        id: `t${i}`, type: 'trade', account: '10002', ticket: i % 2 ? `k${i}` : i, symbol: 'EURUSD', side: i % 2 ? 'buy' : 'sell', volume: 0.01 * i,
        openTime: time, openPrice: 1.0842, ...(i % 4 ? { closeTime: time, closePrice: 1.0851 } : {}), profit: (i - 150) * 1.2345,
        ...(i % 5 ? { commission: -0.07 * i, swap: 0.125 } : {}),
      });
    }
  }
  return events;
}

describe('ingestion fast validation', () => {
  it('gives exactly what the schema gives for a well-formed batch', () => {
    const body = { events: batch() };
    const fast = fastIngestBody(body);
    expect(fast).not.toBeNull();
    expect(fast).toStrictEqual(ingestRequestSchema.parse(body));
  });

  it('defers to the schema whenever it is not sure', () => {
    const [snapshot, trade] = [batch()[0]!, batch()[1]!];
    const cases: unknown[] = [
      { ...snapshot, time: '2023-02-29T00:00:00.000Z' },
      { ...snapshot, time: '2024-02-01T00:00:00+01:00' },
      { ...snapshot, extra: 1 },
      { ...snapshot, balance: 2e12 },
      { ...snapshot, openPositions: 1.5 },
      { ...trade, symbol: ' EURUSD' },
      { ...trade, closeTime: null },
      { ...trade, openTime: '2030-01-01T00:00:00.000Z' },
      { ...trade, side: 'long' },
      { ...trade, id: '' },
    ];
    for (const e of cases) expect(fastIngestBody({ events: [e] })).toBeNull();
    expect(fastIngestBody({ events: [] })).toBeNull();
    expect(fastIngestBody({ events: [snapshot], more: 1 })).toBeNull();
  });
});
