// GET /api/accounts/{id} p99 with 100,000 trades on the account, target ≤ 20 ms: the overview is
// computed from the running aggregates stored on the account row, never from a scan of trades.
// PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (or only it, with opts.databaseUrl).
import type { AddressInfo } from 'node:net';
import type { IngestEventInput } from '@app/contracts';
import { load } from './lib/load.ts';
import type { BenchFigure } from './lib/result.ts';
import { setupTradingBench } from './lib/trading-setup.ts';

const TRADES = 100_000;
const BATCH = 1000;

async function leg(databaseUrl: string | undefined, seconds: number, trades: number): Promise<BenchFigure[]> {
  const b = await setupTradingBench(databaseUrl);
  try {
    const account = await b.services.accounts.createForUser(null, {
      email: b.memberEmail,
      challengeId: b.challengeId,
      phase: 0,
    });
    const start = Date.now() - 200 * 24 * 3_600_000;
    const filled = performance.now();
    for (let k = 0; k < trades / BATCH; k++) {
      const events: IngestEventInput[] = [];
      for (let i = 0; i < BATCH; i++) {
        const n = k * BATCH + i;
        const close = start + n * 60_000;
        // Alternating small wins and losses: the account stays active through 100,000 trades.
        events.push({
          id: `t${n}`,
          type: 'trade',
          account: account.login,
          ticket: String(n),
          symbol: n % 3 ? 'EURUSD' : 'XAUUSD',
          side: n % 2 ? 'buy' : 'sell',
          volume: 0.5,
          openTime: new Date(close - 30_000).toISOString(),
          openPrice: 1.08,
          closeTime: new Date(close).toISOString(),
          closePrice: 1.081,
          profit: n % 2 ? 12.5 : -9.25,
          commission: -3.5,
          swap: 0,
        });
      }
      const res = await b.built.app.inject({
        method: 'POST',
        url: '/api/integrations/trading/events',
        headers: { authorization: `Bearer ${b.connectorKey}` },
        payload: { events },
      });
      if (res.statusCode !== 200 || res.json().accepted !== BATCH)
        throw new Error(`filling trades failed: ${res.body.slice(0, 300)}`);
    }
    const fillSeconds = (performance.now() - filled) / 1000;
    await b.built.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (b.built.app.server.address() as AddressInfo).port;
    const url = `http://127.0.0.1:${port}/api/accounts/${account.id}`;
    const headers = { authorization: `Bearer ${b.memberToken}` };
    const check = await fetch(url, { headers });
    const body = (await check.json()) as { metrics: { trades: number } };
    if (check.status !== 200 || body.metrics.trades !== trades)
      throw new Error(`overview answered ${check.status}: ${JSON.stringify(body).slice(0, 200)}`);
    await load({ url, seconds: 1, connections: 1, headers });
    const one = await load({ url, seconds, connections: 1, headers });
    const ten = await load({ url, seconds, connections: 10, headers });
    if (one.non2xx || ten.non2xx) throw new Error('non-2xx answers during the load');
    return [
      {
        name: `GET /api/accounts/{id} p99 with ${trades.toLocaleString('en')} trades (${b.label})`,
        value: one.p99,
        unit: 'ms',
        target: '<= 20',
        ok: one.p99 <= 20,
        detail: `1 connection: ${Math.round(one.rps)} req/s; 10 connections: p99 ${ten.p99} ms, ${Math.round(ten.rps)} req/s; filled in ${fillSeconds.toFixed(0)} s`,
      },
    ];
  } finally {
    await b.close();
  }
}

export async function accountReadBench(
  opts: { databaseUrl?: string; seconds?: number; trades?: number } = {},
): Promise<BenchFigure[]> {
  const seconds = opts.seconds ?? 5;
  const trades = opts.trades ?? TRADES;
  if (opts.databaseUrl) return leg(opts.databaseUrl, seconds, trades);
  const figures = await leg(undefined, seconds, trades);
  if (process.env.TEST_DATABASE_URL) figures.push(...(await leg(process.env.TEST_DATABASE_URL, seconds, trades)));
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { printFigures } = await import('./lib/result.ts');
  printFigures('Trading: account read', await accountReadBench());
}
