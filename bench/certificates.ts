// The public certificate verification: GET /api/certificates/verify/{code} p99 ≤ 10 ms with
// BENCH_CERTIFICATES certificates in the database (100,000 by default, seeded set-wise), for a valid
// code (a shared link opened again: answered from the instance's memory after the first lookup) and
// for an unknown one (every guess pays the per-address throttle's upsert, its limit raised here so
// the load is not refused, and the unique-index lookup with its joins).
// PGlite always; PostgreSQL too when TEST_DATABASE_URL is set.
import type { AddressInfo } from 'node:net';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { systemClock } from '../apps/server/src/lib/clock.ts';
import { openScratchDatabase } from '../apps/server/test/test-database.ts';
import { load } from './lib/load.ts';
import type { BenchFigure } from './lib/result.ts';
import { rawQuery } from './lib/trading-setup.ts';

const CERTIFICATES = Number(process.env.BENCH_CERTIFICATES ?? 100_000);
const HOLDERS = 1_000;

async function leg(databaseUrl: string | undefined, seconds: number, count: number): Promise<BenchFigure[]> {
  const database = databaseUrl
    ? await openScratchDatabase(databaseUrl, 'bench')
    : await openDatabase({ dataDir: 'memory://' });
  await migrate(database);
  const config = loadConfig({ LOG_LEVEL: 'silent', RATE_LIMIT_VERIFY_PER_IP: '100000000' });
  const built = await buildApp({ config, database, clock: systemClock, mailTransport: null, runJobs: false });
  const label = databaseUrl ? 'PostgreSQL' : 'PGlite';
  try {
    await built.app.ready();
    await rawQuery(
      database,
      `insert into users (email, first_name, last_name, role, password_hash)
       select 'holder' || g || '@example.com', 'Holder', 'No ' || g, 'USER', 'x' from generate_series(1, ${HOLDERS}) g`,
    );
    // Codes of the stored shape from md5 (hex is within [0-9A-Z]); one in 50 revoked.
    await rawQuery(
      database,
      `insert into certificates (kind, user_id, amount_cents, code, issued_at, revoked_at, revoked_reason)
       select 'payout', u.id, 10000 + g, upper(substr(h, 1, 4) || '-' || substr(h, 5, 4) || '-' || substr(h, 9, 4)),
              now() - g * interval '1 minute',
              case when g % 50 = 0 then now() end, case when g % 50 = 0 then 'bench' end
       from generate_series(1, ${count}) g
       cross join lateral (select md5(g::text) as h) m
       join users u on u.email = 'holder' || (1 + g % ${HOLDERS}) || '@example.com'`,
    );
    await rawQuery(database, 'vacuum analyze');
    const first = await database.db.execute(
      'select code from certificates where revoked_at is null order by issued_at limit 1',
    );
    const valid = (first as unknown as { rows: Array<{ code: string }> }).rows[0]!.code;

    await built.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`;
    const validUrl = `${base}/api/certificates/verify/${valid}`;
    const unknownUrl = `${base}/api/certificates/verify/ZZZZ-ZZZZ-ZZZZ`;
    if ((await fetch(validUrl)).status !== 200) throw new Error('a valid code did not verify');
    if ((await fetch(unknownUrl)).status !== 404) throw new Error('an unknown code was not a 404');

    await load({ url: validUrl, seconds: 1, connections: 1 });
    const ok = await load({ url: validUrl, seconds, connections: 1 });
    const unknown = await load({ url: unknownUrl, seconds: Math.max(2, seconds / 2), connections: 1 });
    const busy = await load({ url: validUrl, seconds: Math.max(2, seconds / 2), connections: 10 });
    if (ok.non2xx || busy.non2xx || ok.errors || unknown.errors) throw new Error('unexpected answers during the load');
    return [
      {
        name: `GET /api/certificates/verify/{code} p99, valid code, ${count.toLocaleString('en')} certificates (${label})`,
        value: ok.p99,
        unit: 'ms',
        target: '<= 10',
        ok: ok.p99 <= 10,
        detail: `${Math.round(ok.rps)} req/s on one connection; unknown code p99 ${unknown.p99} ms; 10 connections p99 ${busy.p99} ms at ${Math.round(busy.rps)} req/s`,
      },
    ];
  } finally {
    await built.app.close();
    await database.close();
  }
}

export async function certificatesBench(
  opts: { seconds?: number; certificates?: number } = {},
): Promise<BenchFigure[]> {
  const seconds = opts.seconds ?? 5;
  const count = opts.certificates ?? CERTIFICATES;
  const figures = await leg(undefined, seconds, count);
  if (process.env.TEST_DATABASE_URL) figures.push(...(await leg(process.env.TEST_DATABASE_URL, seconds, count)));
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { printFigures } = await import('./lib/result.ts');
  printFigures('Certificates: public verification', await certificatesBench());
}
