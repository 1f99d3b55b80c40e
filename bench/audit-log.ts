// The audit log page: GET /api/admin/audit-log p99 ≤ 50 ms with BENCH_AUDIT_ROWS entries (1,000,000 by
// default, seeded set-wise with generate_series): the newest page, and pages filtered by action, by
// actor within a month, by target, and a deeper page. The figure is the worst of their p99s.
// PGlite always; PostgreSQL too when TEST_DATABASE_URL is set.
import type { AddressInfo } from 'node:net';
import { buildApp } from '../apps/server/src/app.ts';
import { DEMO_FIRM, loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { systemClock } from '../apps/server/src/lib/clock.ts';
import { openScratchDatabase } from '../apps/server/test/test-database.ts';
import { load, pageP99s } from './lib/load.ts';
import type { BenchFigure } from './lib/result.ts';
import { rawQuery } from './lib/trading-setup.ts';

const ROWS = Number(process.env.BENCH_AUDIT_ROWS ?? 1_000_000);
const STAFF = 20;
const ACTIONS = [
  'order.refund',
  'order.mark_paid',
  'order.cancel',
  'payout.approve',
  'payout.reject',
  'payout.pay',
  'certificate.issue',
  'certificate.revoke',
  'user.suspend',
  'user.update',
  'connector.create',
  'account.close',
];

async function leg(databaseUrl: string | undefined, seconds: number): Promise<BenchFigure[]> {
  const database = databaseUrl
    ? await openScratchDatabase(databaseUrl, 'bench')
    : await openDatabase({ dataDir: 'memory://' });
  await migrate(database);
  // Staff here sign in with a password alone: the page is measured, not the enrolment.
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
    ...DEMO_FIRM,
    SESSION_IDLE_MINUTES: '600',
    STAFF_MFA_REQUIRED: 'false',
  });
  const built = await buildApp({ config, database, clock: systemClock, mailTransport: null, runJobs: false });
  try {
    await built.app.ready();
    const password = 'Bench123!';
    const email = 'bench.admin@example.com';
    await built.services.users.create({
      email,
      firstName: 'Bench',
      lastName: 'Admin',
      role: 'ADMIN',
      passwordHash: await built.services.passwords.hash(password),
    });
    const login = await built.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    const headers = { authorization: `Bearer ${login.json().accessToken as string}` };

    const began = performance.now();
    await rawQuery(
      database,
      `insert into users (email, first_name, last_name, role, password_hash)
      select 'staff' || g || '@example.com', 'Staff', 'No ' || g, 'ADMIN', 'x' from generate_series(1, ${STAFF}) g`,
    );
    const actions = `array[${ACTIONS.map((a) => `'${a}'`).join(',')}]`;
    // Two years of entries, newest last; actor, action and target spread evenly.
    await rawQuery(
      database,
      `insert into audit_log (actor_id, action, target_type, target_id, before, after, created_at)
      select s.id, (${actions})[1 + g % ${ACTIONS.length}], split_part((${actions})[1 + g % ${ACTIONS.length}], '.', 1),
        't-' || (g % 200000), jsonb_build_object('status', 'before', 'n', g), jsonb_build_object('status', 'after', 'n', g),
        timestamptz '2025-01-01' + (g * interval '63 seconds')
      from generate_series(1, ${ROWS}) g
      join (select id, row_number() over (order by email) - 1 as k from users where email like 'staff%') s on s.k = g % ${STAFF}`,
    );
    // As autovacuum leaves a settled table: statistics, and a visibility map for index-only scans.
    await rawQuery(database, 'vacuum analyze audit_log');
    const seedSeconds = (performance.now() - began) / 1000;

    await built.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}/api/admin/audit-log`;
    const facets = (await built.app.inject({ method: 'GET', url: '/api/admin/audit-log/facets', headers })).json() as {
      actors: Array<{ id: string }>;
    };
    const pages: Record<string, string> = {
      newest: `${base}?pageSize=50`,
      action: `${base}?action=payout.approve&pageSize=50`,
      'actor in a month': `${base}?actorId=${facets.actors[3]!.id}&from=2025-06-01T00:00:00Z&to=2025-07-01T00:00:00Z&pageSize=50`,
      target: `${base}?targetType=order&targetId=t-4242`,
      'page 40': `${base}?pageSize=50&page=40`,
    };
    const p99s = await pageP99s(pages, { seconds, headers });
    const facetRun = await load({ url: `${base}/facets`, seconds: Math.max(2, seconds / 2), connections: 1, headers });
    const worst = Math.max(...Object.values(p99s));
    const label = databaseUrl ? 'PostgreSQL' : 'PGlite';
    return [
      {
        name: `GET /api/admin/audit-log p99, worst of five pages, ${ROWS.toLocaleString('en')} entries (${label})`,
        value: worst,
        unit: 'ms',
        target: '<= 50',
        ok: worst <= 50,
        detail: `${Object.entries(p99s)
          .map(([k, v]) => `${k} ${v} ms`)
          .join(', ')}; facets p99 ${facetRun.p99} ms; seeded in ${seedSeconds.toFixed(0)} s`,
      },
    ];
  } finally {
    await built.app.close();
    await database.close();
  }
}

export async function auditLogBench(opts: { seconds?: number } = {}): Promise<BenchFigure[]> {
  const seconds = opts.seconds ?? 5;
  const figures = await leg(undefined, seconds);
  if (process.env.TEST_DATABASE_URL) figures.push(...(await leg(process.env.TEST_DATABASE_URL, seconds)));
  return figures;
}
