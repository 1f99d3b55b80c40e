import { afterAll, beforeAll, expect, it } from 'vitest';
import { FakeClock } from '../../lib/clock.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { ev, ingest, setupWorld, twoStepChallenge, type TradingWorld } from '../../../test/trading-fixtures.ts';
import { runClockSweep } from './clock-sweep.job.ts';

let t: TestContext;
let w: TradingWorld;
beforeAll(async () => {
  t = await createTestApp({
    clock: new FakeClock('2026-03-02T12:00:00Z'),
    env: { SESSION_IDLE_MINUTES: '43200', SESSION_ABSOLUTE_HOURS: '8760' },
  });
  w = await setupWorld(
    t,
    twoStepChallenge({
      phases: [
        { kind: 'evaluation', profitTargetBps: 1000, maxDailyLossBps: 500, maxLossBps: 1000, maxDays: 2 },
        { kind: 'funded', profitTargetBps: null, maxDailyLossBps: 500, maxLossBps: 1000 },
      ],
    }),
  );
});
afterAll(async () => {
  await t.close();
});

async function dueAccount(tag: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/accounts',
    headers: w.admin.headers,
    payload: { email: w.member.email, challengeId: w.challengeId },
  });
  const a = res.json().account;
  await ingest(t, w.connectorKey, [ev.snapshot(`${tag}-1`, a.login, '2026-03-02T09:00:00Z', 100000, 100000)]);
  return a as { id: string; login: string };
}

const GRACE = 10 * 60_000;

it('the sweep fails every open account past its deadline (plus the grace) and leaves the others', async () => {
  const due = await dueAccount('a');
  // 2 days from 2 March (Prague) end at 4 March 00:00 CET = 3 March 23:00 UTC; the verdict waits 10 minutes.
  t.clock.set('2026-03-03T23:09:59.999Z');
  expect(await runClockSweep(t.database, t.clock, GRACE)).toBe(1); // the day rolled (3 March), no verdict yet
  expect(await runClockSweep(t.database, t.clock, GRACE)).toBe(0);
  t.clock.set('2026-03-03T23:10:00Z');
  expect(await runClockSweep(t.database, t.clock, GRACE)).toBe(1);
  expect(await runClockSweep(t.database, t.clock, GRACE)).toBe(0);
  const o = await t.app.inject({
    method: 'GET',
    url: `/api/admin/users/${w.member.id}/accounts/${due.id}`,
    headers: w.support.headers,
  });
  expect(o.json().account).toMatchObject({ status: 'failed', breach: { rule: 'time_limit' } });
  t.clock.set('2026-03-02T12:00:00Z');
});
