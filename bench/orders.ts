// The orders desk and the checkout: GET /api/admin/orders p99 ≤ 50 ms for a filtered, sorted page
// with BENCH_ORDERS orders in the database (1,000,000 by default, seeded set-wise with
// generate_series), and checkout-to-paid throughput with the demo provider (POST /api/orders: the
// order, its invoice number, the phase-1 account and three mails, each in its transaction) ≥ 0.3×
// a raw single-row INSERT of an order measured in the same run.
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

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const BUYERS = 2_000;
const BILLING = {
  name: 'Bench Buyer',
  email: 'buyer@example.com',
  addressLine1: 'Street 1',
  city: 'Praha',
  postalCode: '110 00',
  country: 'DE',
};

async function setup(databaseUrl: string | undefined) {
  const database = databaseUrl
    ? await openScratchDatabase(databaseUrl, 'bench')
    : await openDatabase({ dataDir: 'memory://' });
  await migrate(database);
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'true',
    PAYMENT_PROVIDERS: 'demo,manual',
    VAT_RATES: 'DE:19',
    SESSION_IDLE_MINUTES: '600',
  });
  const built = await buildApp({ config, database, clock: systemClock, mailTransport: null, runJobs: false });
  await built.app.ready();
  const { services } = built;
  await services.challenges.seedCatalogue();
  const password = 'Bench123!';
  const passwordHash = await services.passwords.hash(password);
  const token = async (email: string, role: 'USER' | 'ADMIN') => {
    await services.users.create({ email, firstName: 'Bench', lastName: role, role, passwordHash });
    const res = await built.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    return `Bearer ${res.json().accessToken as string}`;
  };
  return {
    built,
    database,
    admin: await token('bench.admin@example.com', 'ADMIN'),
    member: await token('bench.member@example.com', 'USER'),
    challenges: await services.challenges.catalogue(),
    label: databaseUrl ? 'PostgreSQL' : 'PGlite',
    async close() {
      await built.app.close();
      await database.close();
    },
  };
}

/** Buyers and orders set-wise: statuses, providers, challenges and two years of dates mixed. */
async function seed(b: Awaited<ReturnType<typeof setup>>, orders: number) {
  const ids = b.challenges.map((c) => `'${c.id}'`).join(',');
  await rawQuery(
    b.database,
    `insert into users (email, first_name, last_name, role, password_hash)
     select 'buyer' || g || '@example.com', 'Buyer', 'No ' || g, 'USER', 'x' from generate_series(1, ${BUYERS}) g`,
  );
  await rawQuery(
    b.database,
    `insert into orders (user_id, challenge_id, status, currency, subtotal_cents, net_cents, total_cents, provider,
                         provider_reference, billing, created_at, paid_at)
     select u.id, (array[${ids}]::uuid[])[1 + g % ${b.challenges.length}],
            case when g % 10 < 7 then 'paid' when g % 10 < 9 then 'pending' else 'cancelled' end,
            'USD', 9900 + (g % 50) * 1000, 9900 + (g % 50) * 1000, 9900 + (g % 50) * 1000,
            case when g % 3 = 0 then 'manual' else 'demo' end, null,
            jsonb_build_object('name', 'Buyer No ' || (g % ${BUYERS}), 'email', 'buyer' || (g % ${BUYERS}) || '@example.com',
                               'addressLine1', 'Street 1', 'addressLine2', '', 'city', 'Praha', 'postalCode', '1',
                               'country', 'CZ', 'company', '', 'vatId', ''),
            now() - (g * interval '63 seconds'),
            case when g % 10 < 7 then now() - (g * interval '63 seconds') + interval '5 minutes' end
     from generate_series(1, ${orders}) g
     join users u on u.email = 'buyer' || (1 + g % ${BUYERS}) || '@example.com'`,
  );
  // As a database that has been running: statistics and the visibility map (index-only counts).
  await rawQuery(b.database, 'vacuum analyze');
}

/**
 * Every row paying an order writes, in one raw statement: the order (paid), the invoice counter and
 * invoice, the phase-1 account (copied from a provisioned one) and the three mails. The floor of any
 * checkout on this schema: no HTTP, no application code, one round trip.
 */
const PAID_ORDER_ROWS = `
  with o as (insert into orders (user_id, challenge_id, status, currency, subtotal_cents, net_cents, total_cents,
                                 provider, billing, paid_at)
             values ($1, $2, 'paid', 'USD', 9900, 9900, 9900, 'demo', $3, now()) returning id, number),
       c as (insert into invoice_counters (year, last) values (3000, 1)
             on conflict (year) do update set last = invoice_counters.last + 1 returning last),
       i as (insert into invoices (order_id, year, seq, number, issued_at, seller, buyer, challenge_name)
             select o.id, 3000, c.last, 'RAW-' || c.last, now(), '{}', $3, 'Raw' from o, c),
       a as (insert into trading_accounts (user_id, challenge_id, phase_index, phase_count, phase_kind, platform, login,
               server, platform_password, currency, initial_balance_cents, balance_cents, equity_cents, rules, program,
               state, trading_day_tz, order_id)
             select t.user_id, t.challenge_id, phase_index, phase_count, phase_kind, platform, 'RAW-' || o.number, server,
                    platform_password, t.currency, initial_balance_cents, balance_cents, equity_cents, rules, program,
                    state, trading_day_tz, o.id
             from trading_accounts t, o where t.id = $4)
  insert into email_outbox (to_address, subject, text_body, html_body, about_id)
  select 'buyer@example.com', s, repeat('x', 800), repeat('x', 800), o.id from o, unnest(array['received', 'paid', 'credentials']) s`;

async function leg(databaseUrl: string | undefined, seconds: number, orders: number): Promise<BenchFigure[]> {
  const b = await setup(databaseUrl);
  try {
    const seeded = performance.now();
    await seed(b, orders);
    const seedSeconds = (performance.now() - seeded) / 1000;
    await b.built.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(b.built.app.server.address() as AddressInfo).port}`;
    const admin = { authorization: b.admin };
    const challenge = b.challenges[0]!;

    const page = `${base}/api/admin/orders?status=paid&challengeId=${challenge.id}&sort=createdAt&order=desc&pageSize=50`;
    const sorted = `${base}/api/admin/orders?status=pending&sort=totalCents&order=desc&pageSize=50`;
    const search = `${base}/api/admin/orders?q=buyer17%40example.com&pageSize=50`;
    for (const url of [page, sorted, search]) {
      const r = await fetch(url, { headers: admin });
      const body = (await r.json()) as { items: unknown[]; total: number };
      if (r.status !== 200 || body.items.length === 0) throw new Error(`orders answered ${r.status}`);
    }
    await load({ url: page, seconds: 1, connections: 1, headers: admin });
    const filtered = await load({ url: page, seconds, connections: 1, headers: admin });
    const bySize = await load({ url: sorted, seconds: Math.max(2, seconds / 2), connections: 1, headers: admin });
    const searched = await load({ url: search, seconds: Math.max(2, seconds / 2), connections: 1, headers: admin });
    if (filtered.non2xx || bySize.non2xx || searched.non2xx) throw new Error('non-2xx answers during the load');

    // Checkout to paid with the demo provider, one buyer at a time, against a raw single-row INSERT.
    const checkouts = 150;
    const body = JSON.stringify({ challengeId: challenge.id, billing: BILLING, provider: 'demo', acceptTerms: true });
    const member = { authorization: b.member, 'content-type': 'application/json' };
    const started = performance.now();
    for (let i = 0; i < checkouts; i++) {
      const r = await fetch(`${base}/api/orders`, { method: 'POST', headers: member, body });
      const json = (await r.json()) as { order?: { status: string } };
      if (r.status !== 201 || json.order?.status !== 'paid') throw new Error(`checkout answered ${r.status}`);
    }
    const checkoutRate = checkouts / ((performance.now() - started) / 1000);
    const inserts = 1_000;
    const memberId = (await b.built.services.users.findByEmail('bench.member@example.com'))!.id;
    const billing = JSON.stringify(BILLING);
    const insertStarted = performance.now();
    for (let i = 0; i < inserts; i++) {
      await rawQuery(
        b.database,
        `insert into orders (user_id, challenge_id, currency, subtotal_cents, net_cents, total_cents, provider, billing)
         values ($1, $2, 'USD', 9900, 9900, 9900, 'manual', $3)`,
        [memberId, challenge.id, billing],
      );
    }
    const insertRate = inserts / ((performance.now() - insertStarted) / 1000);
    const ratio = checkoutRate / insertRate;
    // The same rows in one raw statement each, one order at a time (the bound on the figure above).
    const sample = await rawQuery(b.database, 'select id from trading_accounts where order_id is not null limit 1');
    const rawPaid = 300;
    const rawStarted = performance.now();
    for (let i = 0; i < rawPaid; i++) {
      await rawQuery(b.database, PAID_ORDER_ROWS, [memberId, challenge.id, billing, sample[0]!.id]);
    }
    const rawPaidRate = rawPaid / ((performance.now() - rawStarted) / 1000);

    return [
      {
        name: `GET /api/admin/orders p99, status+challenge filter sorted by date, ${orders.toLocaleString('en')} orders (${b.label})`,
        value: filtered.p99,
        unit: 'ms',
        target: '<= 50',
        ok: filtered.p99 <= 50,
        detail: `${Math.round(filtered.rps)} req/s; pending sorted by amount: p99 ${bySize.p99} ms; search by email: p99 ${searched.p99} ms; seeded in ${seedSeconds.toFixed(0)} s`,
      },
      {
        name: `checkout to paid (demo provider) ÷ raw order INSERT (${b.label})`,
        value: ratio,
        unit: '×',
        target: '>= 0.3',
        ok: ratio >= 0.3,
        detail: `${checkoutRate.toFixed(1)} paid orders/s over HTTP (order, invoice, account, 3 mails) vs ${insertRate.toFixed(0)} single-row inserts/s`,
      },
      {
        // No target of its own: how far the checkout is from the rows it must write, and how far
        // those rows alone are from one order row (the bound on the figure above).
        name: `a paid order's rows in one raw statement ÷ raw order INSERT (${b.label})`,
        value: rawPaidRate / insertRate,
        unit: '×',
        detail: `${rawPaidRate.toFixed(0)} paid orders/s (order, invoice, account, 3 mails); checkout over HTTP = ${(checkoutRate / rawPaidRate).toFixed(2)}× that`,
      },
    ];
  } finally {
    await b.close();
  }
}

export async function ordersBench(opts: { seconds?: number; orders?: number } = {}): Promise<BenchFigure[]> {
  const seconds = opts.seconds ?? 5;
  const orders = opts.orders ?? ORDERS;
  const figures = await leg(undefined, seconds, orders);
  if (process.env.TEST_DATABASE_URL) figures.push(...(await leg(process.env.TEST_DATABASE_URL, seconds, orders)));
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { printFigures } = await import('./lib/result.ts');
  printFigures('Commerce: orders', await ordersBench());
}
