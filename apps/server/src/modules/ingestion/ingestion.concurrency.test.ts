import type { IngestEventInput } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FakeClock } from '../../lib/clock.ts';
import { prng, shuffle } from '../../lib/prng.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { createAccount, ingest, setupWorld, type TradingWorld } from '../../../test/trading-fixtures.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let t: TestContext;
let w: TradingWorld;
beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestApp({ clock: new FakeClock('2026-04-30T12:00:00Z') });
  w = await setupWorld(t);
});
afterAll(async () => {
  await t?.close();
});

/** 300 events over 10 days, money and times from a seeded walk; ids shared by both accounts. */
function history(login: string): IngestEventInput[] {
  const rnd = prng(42);
  const events: IngestEventInput[] = [];
  let balance = 100_000;
  const start = Date.UTC(2026, 3, 1, 7, 0);
  for (let i = 0; i < 300; i++) {
    const time = start + i * 47 * 60_000;
    if (i % 3 === 2) {
      const equity = Math.round((balance + (rnd() - 0.5) * 400) * 100) / 100;
      events.push({
        id: `e${i}`,
        type: 'snapshot',
        account: login,
        time: new Date(time).toISOString(),
        balance,
        equity,
        openPositions: rnd() < 0.5 ? 1 : 0,
      });
    } else if (i === 100) {
      events.push({
        id: `e${i}`,
        type: 'balance',
        account: login,
        time: new Date(time).toISOString(),
        amount: 250,
        comment: 'adjustment',
      });
      balance = Math.round((balance + 250) * 100) / 100;
    } else {
      const profit = Math.round((rnd() - 0.48) * 60_000) / 100;
      const commission = -Math.round(rnd() * 700) / 100;
      events.push({
        id: `e${i}`,
        type: 'trade',
        account: login,
        ticket: String(1000 + i),
        symbol: rnd() < 0.5 ? 'EURUSD' : 'XAUUSD',
        side: rnd() < 0.5 ? 'buy' : 'sell',
        volume: Math.round(rnd() * 200 + 1) / 100,
        openTime: new Date(time - 30 * 60_000).toISOString(),
        openPrice: 1.1,
        closeTime: new Date(time).toISOString(),
        closePrice: 1.2,
        profit,
        commission,
        swap: 0,
      });
      balance = Math.round((balance + profit + commission) * 100) / 100;
    }
  }
  return events;
}

const rows = async (q: string) =>
  ((await t.database.db.execute(sql.raw(q))) as unknown as { rows: Array<Record<string, unknown>> }).rows;

it.skipIf(!onPostgres)(
  'PostgreSQL only (TEST_DATABASE_URL): 8 parallel batches with overlapping events for one account store every event once and end in the state of one sequential run',
  async () => {
    const concurrent = await createAccount(t, w);
    const sequential = await createAccount(t, w);
    const k2 = await t.app.inject({
      method: 'POST',
      url: '/api/admin/connectors',
      headers: w.admin.headers,
      payload: { name: 'reference' },
    });
    const referenceKey = k2.json().key as string;

    const all = history(concurrent.login);
    const rnd = prng(7);
    // Eight overlapping batches: each holds ~60 % of the events, shuffled; together they hold all.
    const batches: IngestEventInput[][] = Array.from({ length: 8 }, () => []);
    all.forEach((e, i) => {
      batches[i % 8]!.push(e);
      for (let b = 0; b < 8; b++) if (b !== i % 8 && rnd() < 0.55) batches[b]!.push(e);
    });
    const responses = await Promise.all(batches.map((b) => ingest(t, w.connectorKey, shuffle(b, rnd))));
    for (const r of responses) expect(r.statusCode, r.body).toBe(200);
    const accepted = responses.reduce((n, r) => n + r.json().accepted, 0);
    const duplicates = responses.reduce((n, r) => n + r.json().duplicates, 0);
    expect(accepted).toBe(all.length);
    expect(accepted + duplicates).toBe(batches.reduce((n, b) => n + b.length, 0));

    const seq = await ingest(t, referenceKey, history(sequential.login));
    expect(seq.json().accepted).toBe(all.length);

    const counts = await rows(`
      select count(*) filter (where kind = 'trade')::int as trades,
             count(distinct event_id) filter (where kind = 'trade')::int as distinct_trades,
             count(*) filter (where kind = 'snapshot')::int as snapshots,
             count(*) filter (where kind = 'balance')::int as balance_ops,
             count(distinct event_id)::int as ids,
             count(*)::int as events
      from account_events where account_id = '${concurrent.id}'`);
    expect(counts[0]).toEqual({
      trades: 199,
      distinct_trades: 199,
      snapshots: 100,
      balance_ops: 1,
      ids: 300,
      events: 300,
    });

    const [a, b] = await Promise.all(
      [concurrent.id, sequential.id].map((id) =>
        rows(
          `select state, status, breach, balance_cents, equity_cents, event_count, last_event_at from trading_accounts where id = '${id}'`,
        ),
      ),
    );
    expect(a![0]).toEqual(b![0]);
    const [da, db] = await Promise.all(
      [concurrent.id, sequential.id].map((id) =>
        rows(`select day, trades, lots, result_cents, start_balance_cents, end_balance_cents, start_equity_cents, end_equity_cents, min_equity_cents
            from account_daily_stats where account_id = '${id}' order by day`),
      ),
    );
    expect(da).toEqual(db);
    expect(da!.length).toBeGreaterThan(5);
  },
);
