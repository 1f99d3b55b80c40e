// Payout requests: POST /api/payouts on distinct eligible funded accounts, one after the other
// (the account, its checklist facts, the request and its "received" mail), against a raw
// transaction doing the same inserts (the payout row and its outbox mail), in alternating rounds of
// the same run after both are warmed up: target ≥ 0.5×. Requests go through app.inject (routing, auth, validation,
// service, serialisation) so the figure is the server's work, not the HTTP client's.
// PGlite always; PostgreSQL too when TEST_DATABASE_URL is set.
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { systemClock } from '../apps/server/src/lib/clock.ts';
import { openScratchDatabase } from '../apps/server/test/test-database.ts';
import type { BenchFigure } from './lib/result.ts';

const REQUESTS = Number(process.env.BENCH_PAYOUTS ?? 1000);
const DAY = 86_400_000;
const DESTINATION = { method: 'paypal', email: 'bench.payouts@example.com' };

async function setup(databaseUrl: string | undefined, accounts: number) {
  const database = databaseUrl
    ? await openScratchDatabase(databaseUrl, 'bench')
    : await openDatabase({ dataDir: 'memory://' });
  await migrate(database);
  const config = loadConfig({ LOG_LEVEL: 'silent', DEMO_DATA: 'true', SESSION_IDLE_MINUTES: '600' });
  const built = await buildApp({ config, database, clock: systemClock, mailTransport: null, runJobs: false });
  await built.app.ready();
  const { services } = built;
  await services.challenges.seedCatalogue();
  const challenge = (await services.challenges.catalogue()).find((c) => c.slug === '10k-two-step')!;
  const password = 'Bench123!';
  const email = 'bench.payouts@example.com';
  await services.users.create({
    email,
    firstName: 'Bench',
    lastName: 'Trader',
    role: 'USER',
    passwordHash: await services.passwords.hash(password),
  });
  const login = await built.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  const token = `Bearer ${login.json().accessToken as string}`;
  const connector = await services.connectors.create(null, 'Bench bridge');

  // Funded accounts with one winning trade a month ago: each eligible for a payout.
  const ids: string[] = [];
  const events = [];
  const opened = Date.now() - 30 * DAY;
  for (let i = 0; i < accounts; i++) {
    const a = await services.accounts.createForUser(null, { email, challengeId: challenge.id, phase: 2 });
    ids.push(a.id);
    events.push({
      id: `bench-${i}`,
      type: 'trade' as const,
      account: a.login,
      ticket: `bench-${i}`,
      symbol: 'EURUSD',
      side: 'buy' as const,
      volume: 1,
      openTime: opened,
      openPrice: 1.1,
      closeTime: opened + 3_600_000,
      closePrice: 1.11,
      profit: 500_00,
      commission: 0,
      swap: 0,
    });
  }
  for (let i = 0; i < events.length; i += 500) await services.ingestion.ingest(connector.id, events.slice(i, i + 500));
  return {
    built,
    database,
    token,
    ids,
    userId: (await services.users.findByEmail(email))!.id,
    label: databaseUrl ? 'PostgreSQL' : 'PGlite',
    async close() {
      await built.app.close();
      await database.close();
    },
  };
}

const WARMUP = 50;
const ROUNDS = 10;

async function leg(databaseUrl: string | undefined): Promise<BenchFigure[]> {
  // Every request and every raw transaction gets its own account (one open request each).
  const perRound = Math.ceil(REQUESTS / ROUNDS);
  const b = await setup(databaseUrl, 2 * (WARMUP + perRound * ROUNDS));
  try {
    const ids = [...b.ids];
    const request = async (accountId: string) => {
      const r = await b.built.app.inject({
        method: 'POST',
        url: '/api/payouts',
        headers: { authorization: b.token },
        payload: { accountId, amountCents: 100_00, destination: DESTINATION },
      });
      if (r.statusCode !== 201) throw new Error(`payout request answered ${r.statusCode}: ${r.body}`);
    };
    const db = b.database.db;
    const destination = JSON.stringify(DESTINATION);
    const raw = (id: string) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`
          insert into payouts (account_id, user_id, amount_cents, gross_cents, split_bps, currency, method, destination)
          values (${id}, ${b.userId}, 10000, 12500, 8000, 'USD', 'paypal', ${destination}::jsonb)`);
        await tx.execute(sql`
          insert into email_outbox (to_address, subject, text_body, html_body)
          values ('bench.payouts@example.com', 'Payout request received', 'text', '<p>html</p>')`);
      });
    /** Runs `n` of `one` on fresh accounts; the milliseconds they took. */
    const timed = async (n: number, one: (id: string) => Promise<unknown>) => {
      const started = performance.now();
      for (let i = 0; i < n; i++) await one(ids.pop()!);
      return performance.now() - started;
    };
    // Warm both paths up, then alternate rounds so both see the same machine and database state.
    await timed(WARMUP, request);
    await timed(WARMUP, raw);
    let requestMs = 0;
    let rawMs = 0;
    for (let round = 0; round < ROUNDS; round++) {
      requestMs += await timed(perRound, request);
      rawMs += await timed(perRound, raw);
    }
    const count = perRound * ROUNDS;
    const requestRate = count / (requestMs / 1000);
    const rawRate = count / (rawMs / 1000);
    const ratio = requestRate / rawRate;
    return [
      {
        name: `POST /api/payouts on distinct accounts ÷ raw transaction with the same inserts (${b.label})`,
        value: ratio,
        unit: '×',
        target: '>= 0.5',
        ok: ratio >= 0.5,
        detail: `${requestRate.toFixed(0)} requests/s vs ${rawRate.toFixed(0)} raw transactions/s, ${count} each in ${ROUNDS} alternating rounds after ${WARMUP} of each to warm up`,
      },
    ];
  } finally {
    await b.close();
  }
}

export async function payoutsBench(_opts: unknown = {}): Promise<BenchFigure[]> {
  const figures = await leg(undefined);
  if (process.env.TEST_DATABASE_URL) figures.push(...(await leg(process.env.TEST_DATABASE_URL)));
  return figures;
}
