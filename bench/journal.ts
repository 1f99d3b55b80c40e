// The trade journal with 100,000 trades on the account: GET /api/accounts/{id}/trades p99 (first
// page, and filtered) ≤ 20 ms, and the CSV export (GET …/trades.csv, streamed in keyset chunks)
// ≥ 50,000 trades/s, read to the end over HTTP. The trades go in through the ingestion API.
// PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (or only it, with opts.databaseUrl).
import type { AddressInfo } from 'node:net';
import type { IngestEventInput } from '@app/contracts';
import { load } from './lib/load.ts';
import type { BenchFigure } from './lib/result.ts';
import { setupTradingBench } from './lib/trading-setup.ts';

const TRADES = 100_000;
const BATCH = 1000;
const SYMBOLS = ['EURUSD', 'XAUUSD', 'GBPUSD', 'US30'];

async function fill(b: Awaited<ReturnType<typeof setupTradingBench>>, login: string, trades: number) {
  const start = Date.now() - 200 * 24 * 3_600_000;
  for (let k = 0; k < trades / BATCH; k++) {
    const events: IngestEventInput[] = [];
    for (let i = 0; i < BATCH; i++) {
      const n = k * BATCH + i;
      const close = start + n * 60_000;
      events.push({
        id: `t${n}`,
        type: 'trade',
        account: login,
        ticket: String(n),
        symbol: SYMBOLS[n % SYMBOLS.length]!,
        side: n % 3 ? 'buy' : 'sell',
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
      throw new Error(`fill failed: ${res.body.slice(0, 300)}`);
  }
}

/** Downloads the CSV over HTTP to its end; returns seconds and data lines. */
async function download(url: string, headers: Record<string, string>): Promise<{ seconds: number; lines: number }> {
  const started = performance.now();
  const res = await fetch(url, { headers });
  if (res.status !== 200 || !res.body) throw new Error(`CSV answered ${res.status}`);
  let lines = 0;
  const decoder = new TextDecoder();
  for await (const chunk of res.body) {
    const text = decoder.decode(chunk as Uint8Array, { stream: true });
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lines++;
  }
  return { seconds: (performance.now() - started) / 1000, lines: lines - 1 };
}

async function leg(databaseUrl: string | undefined, seconds: number, trades: number): Promise<BenchFigure[]> {
  const b = await setupTradingBench(databaseUrl);
  try {
    const account = await b.services.accounts.createForUser(null, {
      email: b.memberEmail,
      challengeId: b.challengeId,
      phase: 0,
    });
    const filled = performance.now();
    await fill(b, account.login, trades);
    const fillSeconds = (performance.now() - filled) / 1000;
    await b.built.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(b.built.app.server.address() as AddressInfo).port}/api/accounts/${account.id}`;
    const headers = { authorization: `Bearer ${b.memberToken}` };

    const page = `${base}/trades`;
    const filtered = `${base}/trades?symbol=XAUUSD&side=sell&from=${new Date(Date.now() - 150 * 86_400_000).toISOString()}`;
    for (const url of [page, filtered]) {
      const r = await fetch(url, { headers });
      const body = (await r.json()) as { trades: unknown[] };
      if (r.status !== 200 || body.trades.length !== 50) throw new Error(`trades answered ${r.status}`);
    }
    await load({ url: page, seconds: 1, connections: 1, headers });
    const one = await load({ url: page, seconds, connections: 1, headers });
    const ten = await load({ url: page, seconds: Math.max(2, seconds / 2), connections: 10, headers });
    const filt = await load({ url: filtered, seconds: Math.max(2, seconds / 2), connections: 1, headers });
    if (one.non2xx || ten.non2xx || filt.non2xx) throw new Error('non-2xx answers during the load');

    const runs: Array<{ seconds: number; lines: number }> = [];
    for (let i = 0; i < 3; i++) runs.push(await download(`${base}/trades.csv`, headers));
    if (runs.some((r) => r.lines !== trades)) throw new Error(`CSV lines: ${runs.map((r) => r.lines).join(', ')}`);
    const rates = runs.map((r) => trades / r.seconds).sort((x, y) => x - y);
    const median = rates[1]!;
    const part = await download(`${base}/trades.csv?symbol=XAUUSD&side=sell`, headers);

    return [
      {
        name: `GET /api/accounts/{id}/trades p99 with ${trades.toLocaleString('en')} trades (${b.label})`,
        value: one.p99,
        unit: 'ms',
        target: '<= 20',
        ok: one.p99 <= 20,
        detail: `1 connection: ${Math.round(one.rps)} req/s; 10 connections: p99 ${ten.p99} ms, ${Math.round(ten.rps)} req/s; symbol+side+from filter: p99 ${filt.p99} ms; filled through ingestion in ${fillSeconds.toFixed(0)} s`,
      },
      {
        name: `CSV export of ${trades.toLocaleString('en')} trades (${b.label})`,
        value: Math.round(median),
        unit: 'trades/s',
        target: '>= 50000',
        ok: median >= 50_000,
        detail: `median of 3 downloads over HTTP (${runs.map((r) => r.seconds.toFixed(2)).join(' / ')} s); filtered to ${part.lines.toLocaleString('en')} trades: ${part.seconds.toFixed(2)} s`,
      },
    ];
  } finally {
    await b.close();
  }
}

export async function journalBench(
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
  printFigures('Trading: journal', await journalBench());
}
