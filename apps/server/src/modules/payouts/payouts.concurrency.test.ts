// PostgreSQL only (TEST_DATABASE_URL): the one-open-request index, the compare-and-set decisions
// and the single withdrawal under real concurrency (PGlite runs one statement at a time).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FakeClock } from '../../lib/clock.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { onRealPostgres } from '../../../test/test-database.ts';
import {
  bankDestination,
  fundedWithProfit,
  payoutChallenge,
  requestPayout,
  staffAction,
} from '../../../test/payout-fixtures.ts';
import { createUser } from '../../../test/test-users.ts';
import { setupWorld, type TradingWorld } from '../../../test/trading-fixtures.ts';

let t: TestContext;
let w: TradingWorld;
beforeAll(async () => {
  if (!onRealPostgres()) return;
  t = await createTestApp({ clock: new FakeClock('2026-03-20T12:00:00Z') });
  w = await setupWorld(t, payoutChallenge());
});
afterAll(async () => {
  await t?.close();
});

const rows = async <T>(query: string): Promise<T[]> =>
  ((await t.database.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;

it.skipIf(!onRealPostgres())('100 concurrent requests for one account → exactly one open request', async () => {
  const a = await fundedWithProfit(t, w);
  const answers = await Promise.all(
    Array.from({ length: 100 }, (_, i) =>
      requestPayout(t, w.member, { accountId: a.id, amountCents: 100_00 + i, destination: bankDestination }),
    ),
  );
  const codes = answers.map((r) => r.statusCode);
  expect(codes.filter((c) => c === 201)).toHaveLength(1);
  expect(codes.filter((c) => c === 409)).toHaveLength(99);
  expect(new Set(answers.filter((r) => r.statusCode === 409).map((r) => r.json().code))).toEqual(
    new Set(['PAYOUT_OPEN_REQUEST_EXISTS']),
  );
  const open = await rows<{ n: number }>(
    `select count(*)::int n from payouts where account_id = '${a.id}' and status in ('requested', 'approved')`,
  );
  expect(open[0]!.n).toBe(1);
});

it.skipIf(!onRealPostgres())('two concurrent approvals → one 200, one 409 with the current state', async () => {
  const admin2 = await createUser(t, 'ADMIN');
  const a = await fundedWithProfit(t, w);
  const { payout } = (
    await requestPayout(t, w.member, { accountId: a.id, amountCents: 500_00, destination: bankDestination })
  ).json();
  const [x, y] = await Promise.all([
    staffAction(t, w.admin, payout.id, 'approve'),
    staffAction(t, admin2, payout.id, 'approve'),
  ]);
  expect([x.statusCode, y.statusCode].sort()).toEqual([200, 409]);
  const loser = x.statusCode === 409 ? x : y;
  expect(loser.json().code).toBe('PAYOUT_WRONG_STATE');
  expect(loser.json().message).toContain('approved');
  const audit = await rows<{ n: number }>(
    `select count(*)::int n from audit_log where target_type = 'payout' and target_id = '${payout.id}'`,
  );
  expect(audit[0]!.n).toBe(1);
});

it.skipIf(!onRealPostgres())('paying twice at once → one paid, one withdrawal event, one certificate', async () => {
  const a = await fundedWithProfit(t, w);
  const { payout } = (
    await requestPayout(t, w.member, { accountId: a.id, amountCents: 4000_00, destination: bankDestination })
  ).json();
  expect((await staffAction(t, w.admin, payout.id, 'approve')).statusCode).toBe(200);
  const answers = await Promise.all(
    ['A', 'B', 'C'].map((r) => staffAction(t, w.admin, payout.id, 'mark-paid', { reference: `REF-${r}` })),
  );
  expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
  const events = await rows<{ amount_cents: string }>(
    `select amount_cents from account_events where account_id = '${a.id}' and kind = 'balance'`,
  );
  expect(events.map((e) => Number(e.amount_cents))).toEqual([-5000_00]);
  const certs = await rows<{ n: number }>(
    `select count(*)::int n from certificates where account_id = '${a.id}' and kind = 'payout'`,
  );
  expect(certs[0]!.n).toBe(1);
  const balance = await rows<{ balance_cents: string }>(
    `select balance_cents from trading_accounts where id = '${a.id}'`,
  );
  expect(Number(balance[0]!.balance_cents)).toBe(100_000_00);
});
