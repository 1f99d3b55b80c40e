import { FakeClock } from '../src/lib/clock.ts';
import { createTestApp, type TestContext } from './test-app.ts';
import { createAccount, ev, ingest, setupWorld, twoStepChallenge, type TradingWorld } from './trading-fixtures.ts';
import type { TestUser } from './test-users.ts';

/** Two-step whose funded phase pays 80 % every 14 days, at least 100.00. */
export const payoutChallenge = () =>
  twoStepChallenge({
    phases: [
      { kind: 'evaluation', profitTargetBps: 1000, maxDailyLossBps: 500, maxLossBps: 1000, minTradingDays: 0 },
      {
        kind: 'funded',
        profitTargetBps: null,
        maxDailyLossBps: 500,
        maxLossBps: 1000,
        profitSplitBps: 8000,
        minPayoutCents: 100_00,
        payoutIntervalDays: 14,
      },
    ],
  });

/**
 * The payouts API's test app: a fixed clock (20 March 2026, so `fundedWithProfit`'s default day is
 * 19 days back) and sessions that outlive the tests' simulated days, with the payout challenge.
 */
export async function openPayoutsWorld(): Promise<{ t: TestContext; w: TradingWorld }> {
  const t = await createTestApp({
    clock: new FakeClock('2026-03-20T12:00:00Z'),
    env: { SESSION_IDLE_MINUTES: '43200', SESSION_ABSOLUTE_HOURS: '8760' },
  });
  return { t, w: await setupWorld(t, payoutChallenge()) };
}

/** `fundedWithProfit`'s default trade: 5,007.00 − 7.00 commission = 5,000.00 profit; 80 % for the trader. */
export const FULL_SHARE = 4000_00;

/** GET /api/payouts/eligibility for one account, as `user` sees it. */
export async function eligibilityOf(t: TestContext, user: TestUser, accountId: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/payouts/eligibility?accountId=${accountId}`,
    headers: user.headers,
  });
  return res.json().accounts[0];
}

let seq = 0;
/**
 * A funded (phase 1) account of `user` with one closed trade: `profit` (decimal) minus 7.00
 * commission, opened and closed on `day` (ISO date).
 */
export async function fundedWithProfit(
  t: TestContext,
  w: TradingWorld,
  opts: { user?: TestUser; profit?: number; day?: string } = {},
) {
  const a = await createAccount(t, w, opts.user ?? w.member, 1);
  const day = opts.day ?? '2026-03-01';
  const id = `pt-${++seq}-${Date.now()}`;
  const res = await ingest(t, w.connectorKey, [
    ev.trade(id, a.login, `${day}T09:00:00Z`, `${day}T10:00:00Z`, opts.profit ?? 5007),
  ]);
  if (res.statusCode !== 200) throw new Error(`ingest: ${res.body}`);
  return a;
}

export const bankDestination = {
  method: 'bank_transfer' as const,
  accountHolder: 'Alice Trader',
  iban: 'DE89 3704 0044 0532 0130 00',
  bic: 'COBADEFFXXX',
};

export function requestPayout(
  t: TestContext,
  user: TestUser,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return t.app.inject({ method: 'POST', url: '/api/payouts', headers: { ...user.headers, ...headers }, payload: body });
}

export function staffAction(t: TestContext, user: TestUser, id: string, action: string, payload?: unknown) {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/payouts/${id}/${action}`,
    headers: user.headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}
