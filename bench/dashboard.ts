// The admin dashboard: GET /api/admin/dashboard?range=all p99 ≤ 100 ms with 1,000,000 orders,
// 200,000 trading accounts and 50,000 payouts over two years (BENCH_DASHBOARD_ORDERS etc.), seeded
// set-wise with generate_series with the aggregate triggers off, then dashboard_rebuild() (the same
// backfill migration 0018 runs). Also the 30-day range. PGlite always; PostgreSQL too when
// TEST_DATABASE_URL is set (BENCH_DASHBOARD_LEGS=postgres or pglite picks one).
import type { AddressInfo } from 'node:net';
import { buildApp } from '../apps/server/src/app.ts';
import { DEMO_FIRM, loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { systemClock } from '../apps/server/src/lib/clock.ts';
import { openScratchDatabase } from '../apps/server/test/test-database.ts';
import { twoStepChallenge } from '../apps/server/test/trading-fixtures.ts';
import { pageP99s } from './lib/load.ts';
import type { BenchFigure } from './lib/result.ts';
import { rawQuery } from './lib/trading-setup.ts';

const ORDERS = Number(process.env.BENCH_DASHBOARD_ORDERS ?? 1_000_000);
const ACCOUNTS = Number(process.env.BENCH_DASHBOARD_ACCOUNTS ?? 200_000);
const PAYOUTS = Number(process.env.BENCH_DASHBOARD_PAYOUTS ?? 50_000);
const MEMBERS = 100_000;
const CHALLENGES = 6;
const TRIGGERS = [
  'orders:dashboard_orders',
  'users:dashboard_users',
  'trading_accounts:dashboard_accounts_insert',
  'trading_accounts:dashboard_accounts_status',
  'payouts:dashboard_payouts',
];
// Two years, up to a few minutes ago.
const SPAN_SECONDS = 2 * 365 * 86_400;

async function seed(database: Awaited<ReturnType<typeof openDatabase>>) {
  const q = (text: string) => rawQuery(database, text);
  for (const t of TRIGGERS) {
    const [table, trigger] = t.split(':');
    await q(`alter table ${table} disable trigger ${trigger}`);
  }
  const start = `(now() - interval '${SPAN_SECONDS} seconds')`;
  await q(`insert into users (email, first_name, last_name, role, password_hash, created_at)
    select 'm' || g || '@example.com', 'Member', 'No ' || g, 'USER', 'x',
      ${start} + (g::float8 / ${MEMBERS} * ${SPAN_SECONDS}) * interval '1 second'
    from generate_series(1, ${MEMBERS}) g`);
  const members = `(select id, row_number() over (order by email) - 1 as k from users where email like 'm%@example.com') u`;
  const challenges = `(select id, row_number() over (order by created_at, id) - 1 as k from challenges) c`;
  // 85 % paid, 3 % refunded a week later, 5 % pending (one in twenty of them a bank transfer),
  // the rest cancelled or failed; 1 in 10 with a 10 % discount.
  await q(`insert into orders (user_id, challenge_id, status, currency, subtotal_cents, discount_cents, net_cents,
      total_cents, provider, billing, created_at, paid_at, refunded_at, cancelled_at, failed_at)
    select u.id, c.id, st, 'USD', 49900, d, 49900 - d, 49900 - d,
      case when st = 'pending' and g % 20 <> 0 then 'stripe' else 'manual' end, '{}', at,
      case when st in ('paid', 'refunded') then at + interval '5 minutes' end,
      case when st = 'refunded' then at + interval '7 days' end,
      case when st = 'cancelled' then at + interval '1 hour' end,
      case when st = 'failed' then at + interval '1 minute' end
    from (
      select g, case when g % 100 < 85 then 'paid' when g % 100 < 88 then 'refunded' when g % 100 < 93 then 'pending'
        when g % 100 < 97 then 'cancelled' else 'failed' end as st,
        case when g % 10 = 0 then 4990 else 0 end as d,
        ${start} + (g::float8 / ${ORDERS} * ${SPAN_SECONDS}) * interval '1 second' as at
      from generate_series(1, ${ORDERS}) g
    ) o
    join ${members} on u.k = o.g % ${MEMBERS}
    join ${challenges} on c.k = o.g % ${CHALLENGES}`);
  // Accounts: 60 % phase 1, 25 % phase 2, 15 % funded; each phase a mix of statuses.
  await q(`insert into trading_accounts (user_id, challenge_id, phase_index, phase_count, phase_kind, platform, login,
      server, platform_password, currency, initial_balance_cents, balance_cents, equity_cents, status, rules, program,
      state, breach, trading_day_tz, created_at, ended_at, passed_at)
    select u.id, c.id, ph, 3, case when ph = 2 then 'funded' else 'evaluation' end, 'demo', 'b' || g, 'demo', 'x', 'USD',
      10000000, 10000000 + (g % 500) * 1000, 10000000, st, '{"profitSplitBps":8000}', '[]', '{}',
      case when st = 'failed' then jsonb_build_object('rule', (array['daily_loss','max_loss','time_limit'])[1 + g % 3]) end,
      'Europe/Prague', at,
      case when st in ('failed', 'passed') then at + interval '9 days' end,
      case when st = 'passed' then at + interval '9 days' end
    from (
      select g, case when g % 20 < 12 then 0 when g % 20 < 17 then 1 else 2 end as ph,
        case when g % 7 < 3 then 'active' when g % 7 < 5 then 'failed'
          when g % 7 = 5 and g % 20 < 17 then 'passed' else 'closed' end as st,
        ${start} + (g::float8 / ${ACCOUNTS} * ${SPAN_SECONDS}) * interval '1 second' as at
      from generate_series(1, ${ACCOUNTS}) g
    ) a
    join ${members} on u.k = a.g % ${MEMBERS}
    join ${challenges} on c.k = a.g % ${CHALLENGES}`);
  // Payouts of funded accounts: all paid but the last 40 (open: requested or approved, one per account).
  await q(`insert into payouts (account_id, user_id, amount_cents, gross_cents, split_bps, currency, method, destination,
      status, requested_at, approved_at, paid_at, transfer_reference)
    select f.id, f.user_id, 100000 + g % 50 * 1000, 125000 + g % 50 * 1250, 8000, 'USD', 'bank_transfer',
      '{"method":"bank_transfer"}', case when g > ${PAYOUTS} - 40 then 'requested' else 'paid' end, at,
      case when g <= ${PAYOUTS} - 40 then at + interval '1 day' end,
      case when g <= ${PAYOUTS} - 40 then at + interval '2 days' end,
      case when g <= ${PAYOUTS} - 40 then 'SEPA-' || g end
    from (
      select g, ${start} + (g::float8 / ${PAYOUTS} * ${SPAN_SECONDS}) * interval '1 second' as at
      from generate_series(1, ${PAYOUTS}) g
    ) p
    join (select id, user_id, row_number() over (order by login) - 1 as k from trading_accounts where phase_kind = 'funded') f
      on f.k = (p.g - 1) % (select count(*) from trading_accounts where phase_kind = 'funded')`);
  await q('select dashboard_rebuild()');
  for (const t of TRIGGERS) {
    const [table, trigger] = t.split(':');
    await q(`alter table ${table} enable trigger ${trigger}`);
  }
  await q('vacuum analyze');
}

async function leg(databaseUrl: string | undefined, seconds: number): Promise<BenchFigure[]> {
  const database = databaseUrl
    ? await openScratchDatabase(databaseUrl, 'bench')
    : await openDatabase({ dataDir: 'memory://' });
  await migrate(database);
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
    for (let i = 0; i < CHALLENGES; i++) {
      const c = await built.app.inject({
        method: 'POST',
        url: '/api/admin/challenges',
        headers,
        payload: twoStepChallenge({ name: `Bench ${i + 1}`, slug: `bench-${i + 1}` }),
      });
      if (c.statusCode !== 201) throw new Error(`challenge: ${c.body}`);
    }
    const began = performance.now();
    await seed(database);
    const seedSeconds = (performance.now() - began) / 1000;

    await built.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}/api/admin/dashboard`;
    const check = (await built.app.inject({ method: 'GET', url: '/api/admin/dashboard?range=all', headers })).json();
    if (!check.current) throw new Error(`dashboard: ${JSON.stringify(check).slice(0, 300)}`);
    const p99s = await pageP99s(
      { all: `${base}?range=all&tz=Europe%2FPrague`, '30d': `${base}?range=30d&tz=America%2FNew_York` },
      { seconds, headers },
    );
    const label = databaseUrl ? 'PostgreSQL' : 'PGlite';
    const all = p99s.all!;
    return [
      {
        name: `GET /api/admin/dashboard?range=all p99, ${ORDERS.toLocaleString('en')} orders, ${ACCOUNTS.toLocaleString('en')} accounts, ${PAYOUTS.toLocaleString('en')} payouts (${label})`,
        value: all,
        unit: 'ms',
        target: '<= 100',
        ok: all <= 100,
        detail: `30d p99 ${p99s['30d']} ms; all: ${check.current.paidOrders} paid orders, revenue ${(check.current.revenueCents / 100).toLocaleString('en')} USD; seeded in ${seedSeconds.toFixed(0)} s`,
      },
    ];
  } finally {
    await built.app.close();
    await database.close();
  }
}

export async function dashboardBench(opts: { seconds?: number } = {}): Promise<BenchFigure[]> {
  const seconds = opts.seconds ?? 5;
  // BENCH_DASHBOARD_LEGS=postgres (or pglite) runs one of the two.
  const legs = (process.env.BENCH_DASHBOARD_LEGS ?? 'pglite,postgres').split(',');
  const figures: BenchFigure[] = [];
  if (legs.includes('pglite')) figures.push(...(await leg(undefined, seconds)));
  if (legs.includes('postgres') && process.env.TEST_DATABASE_URL)
    figures.push(...(await leg(process.env.TEST_DATABASE_URL, seconds)));
  return figures;
}
