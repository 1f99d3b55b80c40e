// The staff users list: GET /api/admin/users p99 ≤ 50 ms for a search + sort page with
// BENCH_USERS_ROWS users (100,000 by default, seeded set-wise with generate_series, each with a last
// sign-in). Pages: part of an email sorted by name, a surname sorted by creation, part of a domain
// sorted by last login, a search within one role, and the unsearched list sorted by name. The figure
// is the worst of their p99s. PGlite always; PostgreSQL too when TEST_DATABASE_URL is set.
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

const ROWS = Number(process.env.BENCH_USERS_ROWS ?? 100_000);
const FIRST = ['Anna', 'Ben', 'Chloé', 'David', 'Emma', 'Felix', 'Greta', 'Hugo', 'Ines', 'Jonas', 'Kenji', 'Lena'];
const LAST = ['Novak', 'Müller', 'Garcia', 'Rossi', 'Dubois', 'Tanaka', 'Wang', 'Smith', 'Kowalski', 'Jensen'];
const COUNTRIES = ['DE', 'FR', 'ES', 'IT', 'JP', 'CN', 'GB', 'PL', 'NL', 'US'];
const arr = (xs: string[]) => `array[${xs.map((x) => `'${x}'`).join(',')}]`;

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

    const began = performance.now();
    // Three years of sign-ups; one in 50 staff, one in 20 suspended; 40 mail domains.
    await rawQuery(
      database,
      `insert into users (email, first_name, last_name, role, status, password_hash, created_at, updated_at)
      select 'trader' || g || '@mail' || (g % 40) || '.example.com',
        (${arr(FIRST)})[1 + g % ${FIRST.length}], (${arr(LAST)})[1 + (g / 7) % ${LAST.length}],
        case when g % 50 = 0 then 'SUPPORT' else 'USER' end,
        case when g % 20 = 0 then 'suspended' else 'active' end, 'x',
        timestamptz '2024-01-01' + (g * interval '947 seconds'), now()
      from generate_series(1, ${ROWS}) g`,
    );
    // Four in five have signed in, from one of ten countries.
    await rawQuery(
      database,
      `insert into user_last_logins (user_id, at, geolocation)
      select id, created_at + interval '3 days' + (abs(hashtext(id::text)) % 86400) * interval '1 second',
        jsonb_build_object('country_code', (${arr(COUNTRIES)})[1 + abs(hashtext(email)) % ${COUNTRIES.length}])
      from users where email like 'trader%' and abs(hashtext(email)) % 5 <> 0`,
    );
    // What the login trigger keeps on the user row (migration 0020), set as its backfill does.
    await rawQuery(database, 'update users u set last_login_at = l.at from user_last_logins l where l.user_id = u.id');
    await rawQuery(database, 'vacuum analyze users');
    await rawQuery(database, 'vacuum analyze user_last_logins');
    const seedSeconds = (performance.now() - began) / 1000;

    await built.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}/api/admin/users`;
    const pages: Record<string, string> = {
      'email part, by name': `${base}?q=ader4242&sort=name&order=asc`,
      'surname, by created': `${base}?q=Kowalski&sort=createdAt&order=desc`,
      'domain, by last login': `${base}?q=mail17.exa&sort=lastLoginAt&order=desc`,
      'search in a role': `${base}?q=Tanaka&role=SUPPORT&sort=email&order=asc`,
      'no search, by name': `${base}?sort=name&order=asc&pageSize=50`,
    };
    for (const [name, url] of Object.entries(pages)) {
      const check = await built.app.inject({ method: 'GET', url: url.replace(/^http:\/\/[^/]+/, ''), headers });
      if (check.statusCode !== 200 || check.json().items.length === 0) throw new Error(`${name}: ${check.body}`);
    }
    const p99s = await pageP99s(pages, { seconds, headers });
    // The machine's floor at this moment: an authenticated staff route that reads no table.
    const floorUrl = base.replace('/users', '/connectors/key-rotation');
    await load({ url: floorUrl, seconds: 1, connections: 1, headers });
    const floor = await load({ url: floorUrl, seconds, connections: 1, headers });
    const worst = Math.max(...Object.values(p99s));
    const label = databaseUrl ? 'PostgreSQL' : 'PGlite';
    return [
      {
        name: `GET /api/admin/users p99, worst of five search/sort pages, ${ROWS.toLocaleString('en')} users (${label})`,
        value: worst,
        unit: 'ms',
        target: '<= 50',
        ok: worst <= 50,
        detail: `${Object.entries(p99s)
          .map(([k, v]) => `${k} ${v} ms`)
          .join(
            ', ',
          )}; floor (a staff route reading no table) p99 ${floor.p99} ms; seeded in ${seedSeconds.toFixed(0)} s`,
      },
    ];
  } finally {
    await built.app.close();
    await database.close();
  }
}

export async function usersAdminBench(opts: { seconds?: number } = {}): Promise<BenchFigure[]> {
  const seconds = opts.seconds ?? 5;
  const figures = await leg(undefined, seconds);
  if (process.env.TEST_DATABASE_URL) figures.push(...(await leg(process.env.TEST_DATABASE_URL, seconds)));
  return figures;
}
