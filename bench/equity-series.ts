// The equity series of the "all" range with 1,000,000 snapshots on the account (one every 15 s,
// ~174 days): GET /api/accounts/{id}/equity p99 ≤ 30 ms. It reads the hourly aggregates that the
// ingestion statement keeps (decision 015); the scan they replace is timed once in the same run.
// The snapshots are written with one INSERT … SELECT (through the API it would take minutes), the
// hours rebuilt from them as migration 0006 does, and the account's event count set to match.
// PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (or only it, with opts.databaseUrl).
import type { AddressInfo } from 'node:net';
import { accountsRepository } from '../apps/server/src/modules/accounts/accounts.repository.ts';
import { equityHoursRepository } from '../apps/server/src/modules/accounts/index.ts';
import { load } from './lib/load.ts';
import type { BenchFigure } from './lib/result.ts';
import { rawQuery, setupTradingBench } from './lib/trading-setup.ts';

const SNAPSHOTS = 1_000_000;
const SPACING_SECONDS = 15;

async function leg(databaseUrl: string | undefined, seconds: number, snapshots: number): Promise<BenchFigure[]> {
  const b = await setupTradingBench(databaseUrl);
  try {
    const account = await b.services.accounts.createForUser(null, {
      email: b.memberEmail,
      challengeId: b.challengeId,
      phase: 0,
    });
    const filled = performance.now();
    const first = new Date(Date.now() - snapshots * SPACING_SECONDS * 1000);
    await rawQuery(
      b.database,
      `insert into account_events (connector_id, event_id, account_id, kind, time, balance_cents, equity_cents, open_positions)
       select gen_random_uuid(), 's' || g, $1::uuid, 'snapshot', $2::timestamptz + g * interval '${SPACING_SECONDS} seconds',
         10000000 + (g / 1000) * 10, 10000000 + (g / 1000) * 10 + ((g::bigint * 7919) % 2001) - 1000, g % 3
       from generate_series(0, $3::int - 1) g`,
      [account.id, first.toISOString(), snapshots],
    );
    await equityHoursRepository.rebuild(b.database.db, account.id);
    await rawQuery(b.database, 'update trading_accounts set event_count = $2 where id = $1', [account.id, snapshots]);
    await rawQuery(b.database, 'analyze account_events');
    await rawQuery(b.database, 'analyze account_equity_hours');
    const fillSeconds = (performance.now() - filled) / 1000;

    await b.built.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(b.built.app.server.address() as AddressInfo).port}/api/accounts/${account.id}/equity`;
    const headers = { authorization: `Bearer ${b.memberToken}` };
    const check = await fetch(base, { headers });
    const body = (await check.json()) as { points: Array<{ time: string }>; downsampled: boolean };
    const lastTime = new Date(first.getTime() + (snapshots - 1) * SPACING_SECONDS * 1000).toISOString();
    if (
      check.status !== 200 ||
      body.points.length > 500 ||
      !body.downsampled ||
      body.points.at(-1)?.time !== lastTime
    ) {
      throw new Error(`equity answered ${check.status}: ${JSON.stringify(body).slice(0, 300)}`);
    }

    await load({ url: base, seconds: 1, connections: 1, headers });
    const all = await load({ url: base, seconds, connections: 1, headers });
    const ten = await load({ url: base, seconds: Math.max(2, seconds / 2), connections: 10, headers });
    const now = Date.now();
    const ranges: string[] = [];
    for (const [label, days] of [
      ['1M', 30],
      ['1W', 7],
      ['1D', 1],
    ] as const) {
      const url = `${base}?from=${new Date(now - days * 86_400_000).toISOString()}&to=${new Date(now).toISOString()}`;
      const r = await load({ url, seconds: 2, connections: 1, headers });
      if (r.non2xx) throw new Error(`non-2xx answers for ${label}`);
      ranges.push(`${label} p99 ${r.p99} ms`);
    }
    if (all.non2xx || ten.non2xx) throw new Error('non-2xx answers during the load');

    const scanStarted = performance.now();
    await accountsRepository.equityBuckets(b.database.db, account.id, null, null, 500);
    const scanMs = performance.now() - scanStarted;

    return [
      {
        name: `GET /api/accounts/{id}/equity "all" p99 with ${snapshots.toLocaleString('en')} snapshots (${b.label})`,
        value: all.p99,
        unit: 'ms',
        target: '<= 30',
        ok: all.p99 <= 30,
        detail: `1 connection: ${Math.round(all.rps)} req/s; 10 connections: p99 ${ten.p99} ms; ${ranges.join(', ')}; the scan of every snapshot it replaces: ${Math.round(scanMs)} ms; filled in ${fillSeconds.toFixed(0)} s`,
      },
    ];
  } finally {
    await b.close();
  }
}

export async function equitySeriesBench(
  opts: { databaseUrl?: string; seconds?: number; snapshots?: number } = {},
): Promise<BenchFigure[]> {
  const seconds = opts.seconds ?? 5;
  const snapshots = opts.snapshots ?? SNAPSHOTS;
  if (opts.databaseUrl) return leg(opts.databaseUrl, seconds, snapshots);
  const figures = await leg(undefined, seconds, snapshots);
  if (process.env.TEST_DATABASE_URL) figures.push(...(await leg(process.env.TEST_DATABASE_URL, seconds, snapshots)));
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { printFigures } = await import('./lib/result.ts');
  printFigures('Trading: equity series', await equitySeriesBench());
}
