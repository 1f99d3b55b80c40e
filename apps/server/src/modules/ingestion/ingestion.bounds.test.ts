import { MAX_MONEY_CENTS, type IngestEventInput } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../lib/clock.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { createAccount, ev, ingest, setupWorld, type TradingWorld } from '../../../test/trading-fixtures.ts';

// The money bound (MAX_MONEY_CENTS, the engine's exact range) and the balance kinds, end to end:
// real database, real HTTP. A refused batch stores nothing, the good events before the bad one included.

let t: TestContext;
let w: TradingWorld;
beforeAll(async () => {
  t = await createTestApp({ clock: new FakeClock('2026-03-20T12:00:00Z') });
  w = await setupWorld(t);
});
afterAll(async () => {
  await t.close();
});

/** The bound in decimal major units, as a bridge sends it: 9,000,000,000.00. */
const AT = MAX_MONEY_CENTS / 100;
/** One cent beyond the bound. */
const BEYOND = (MAX_MONEY_CENTS + 1) / 100;

const rowsOf = (r: unknown) => (r as { rows: Array<Record<string, unknown>> }).rows;
const count = async (accountId: string) =>
  rowsOf(
    await t.database.db.execute(sql`select count(*)::int as n from account_events where account_id = ${accountId}`),
  )[0]!.n as number;
const row = async (accountId: string, eventId: string) =>
  rowsOf(
    await t.database.db.execute(
      sql`select kind, balance_kind, amount_cents::text as amount, profit_cents::text as profit,
            balance_cents::text as balance, equity_cents::text as equity
          from account_events where account_id = ${accountId} and event_id = ${eventId}`,
    ),
  )[0];

/** One event of each money field, with that field set to `value`. */
const events = (login: string, id: string, value: number): Record<string, IngestEventInput> => ({
  profit: ev.trade(`${id}-t`, login, '2026-03-02T09:00:00Z', '2026-03-02T10:00:00Z', value),
  balance: ev.snapshot(`${id}-sb`, login, '2026-03-02T11:00:00Z', value, 100_000),
  equity: ev.snapshot(`${id}-se`, login, '2026-03-02T11:00:00Z', 100_000, value),
  amount: ev.balance(`${id}-b`, login, '2026-03-02T08:00:00Z', value),
});
const FIELDS = ['profit', 'balance', 'equity', 'amount'] as const;

describe('money bound at the ingestion edge', () => {
  it.each(FIELDS)('takes %s at exactly the bound, either way, and stores the exact cents', async (field) => {
    for (const sign of [1, -1]) {
      const a = await createAccount(t, w);
      const e = events(a.login, `at-${field}-${sign}`, sign * AT)[field]!;
      const res = await ingest(t, w.connectorKey, [e]);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().accepted).toBe(1);
      expect(await count(a.id)).toBe(1);
      expect((await row(a.id, e.id))![field]).toBe(String(sign * MAX_MONEY_CENTS));
    }
  });

  it.each(FIELDS)('refuses %s one cent beyond the bound: 400 naming the field, nothing stored', async (field) => {
    for (const sign of [1, -1]) {
      const a = await createAccount(t, w);
      const res = await ingest(t, w.connectorKey, [
        ev.snapshot(`ok-${field}-${sign}`, a.login, '2026-03-02T07:00:00Z', 100_000, 100_000),
        events(a.login, `beyond-${field}-${sign}`, sign * BEYOND)[field]!,
      ]);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      expect(res.json().message).toBe(`events.1.${field}: Out of range: at most 9,000,000,000.00 in absolute value`);
      expect(Object.keys(res.json().fields)).toEqual([`events.1.${field}`]);
      expect(await count(a.id)).toBe(0);
    }
  });

  it('bounds the rounded cents: ….004 rounds onto the bound and is taken, ….005 rounds beyond it and is refused', async () => {
    const a = await createAccount(t, w);
    const taken = await ingest(t, w.connectorKey, [
      ev.balance('r-1', a.login, '2026-03-02T08:00:00Z', 9_000_000_000.004),
    ]);
    expect(taken.statusCode, taken.body).toBe(200);
    expect((await row(a.id, 'r-1'))!.amount).toBe(String(MAX_MONEY_CENTS));
    const refused = await ingest(t, w.connectorKey, [
      ev.trade('r-2', a.login, '2026-03-02T09:00:00Z', '2026-03-02T10:00:00Z', 1, { commission: -9_000_000_000.005 }),
    ]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/^events\.0\.commission: Out of range/);
    expect(await count(a.id)).toBe(1);
  });
});

describe('balance event kind', () => {
  const withdrawal = (id: string, login: string, amount: number): IngestEventInput => ({
    id,
    type: 'balance',
    account: login,
    time: '2026-03-02T12:00:00Z',
    kind: 'withdrawal',
    amount,
    comment: 'payout',
  });

  it('refuses a withdrawal with a positive (or zero) amount: 400 on its amount, nothing stored', async () => {
    const a = await createAccount(t, w);
    for (const amount of [250, 0, -0.004]) {
      const res = await ingest(t, w.connectorKey, [
        ev.snapshot(`w-ok-${amount}`, a.login, '2026-03-02T07:00:00Z', 100_000, 100_000),
        withdrawal(`w-pos-${amount}`, a.login, amount),
      ]);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      expect(res.json().message).toBe("events.1.amount: A withdrawal's amount must be negative");
      expect(await count(a.id)).toBe(0);
    }
  });

  it('takes a withdrawal with a negative amount and stores it as a withdrawal; an adjustment by default', async () => {
    const a = await createAccount(t, w);
    const res = await ingest(t, w.connectorKey, [
      withdrawal('w-neg', a.login, -250.5),
      ev.balance('adj', a.login, '2026-03-02T13:00:00Z', 10),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().accepted).toBe(2);
    expect(await row(a.id, 'w-neg')).toMatchObject({ kind: 'balance', balance_kind: 'withdrawal', amount: '-25050' });
    expect(await row(a.id, 'adj')).toMatchObject({ kind: 'balance', balance_kind: 'adjustment', amount: '1000' });
  });
});
