import type { TradingAccount } from '@app/contracts';
import { connectorListQuerySchema } from '@app/contracts/trading';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FakeClock } from '../lib/clock.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { seedDemo } from './demo-seed.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ clock: new FakeClock('2026-05-14T09:30:00Z'), env: { DEMO_DATA: 'true' } });
});
afterAll(async () => {
  await t.close();
});

it('gives the demo member accounts in every state, through the ingestion path, the same every time', async () => {
  expect(await seedDemo(t, t.clock)).toBe(true);
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'member@example.com', password: 'Member123!' },
  });
  const headers = { authorization: `Bearer ${login.json().accessToken}` };
  const accounts = (await t.app.inject({ method: 'GET', url: '/api/accounts', headers })).json()
    .accounts as TradingAccount[];
  const summary = accounts.map((a) => `${a.challengeName}#${a.phaseIndex}:${a.status}`).sort();
  expect(summary).toEqual([
    '100K Two-Step#0:active',
    '10K Two-Step#0:passed',
    '10K Two-Step#1:passed',
    '10K Two-Step#2:active',
    '25K One-Step#0:failed',
    '50K Two-Step#0:passed',
    '50K Two-Step#1:active',
  ]);
  const active = accounts.find((a) => a.challengeName === '100K Two-Step')!;
  const o = (await t.app.inject({ method: 'GET', url: `/api/accounts/${active.id}`, headers })).json();
  expect(o.metrics.tradingDays).toBe(20);
  expect(o.metrics.trades).toBeGreaterThan(60);
  expect(o.metrics.profitCents).toBeGreaterThan(0);
  expect(o.metrics.profitCents).toBeLessThan(10_000_00);
  const daily = (await t.app.inject({ method: 'GET', url: `/api/accounts/${active.id}/daily`, headers })).json();
  expect(daily.days).toHaveLength(21); // 20 trading days and today's snapshot
  const equity = (await t.app.inject({ method: 'GET', url: `/api/accounts/${active.id}/equity`, headers })).json();
  expect(equity.points.length).toBeGreaterThan(80);
  // The funded account has the restricted-news rule on and one trade flagged by it.
  const funded = accounts.find((a) => a.phaseKind === 'funded')!;
  const news = (
    await t.app.inject({ method: 'GET', url: `/api/accounts/${funded.id}/news-violations`, headers })
  ).json();
  expect(news).toMatchObject({ enabled: true, minutesBefore: 2, minutesAfter: 2 });
  // Opened a minute after the payrolls release, which comes with the unemployment rate: one flag per event.
  expect(
    news.violations
      .map((v: { symbol: string; tradeTime: string; event: { title: string } }) => [
        v.symbol,
        v.tradeTime,
        v.event.title,
      ])
      .sort(),
  ).toEqual([
    ['EURUSD', '2026-05-08T12:31:00.000Z', 'Non-Farm Employment Change'],
    ['EURUSD', '2026-05-08T12:31:00.000Z', 'Unemployment Rate'],
  ]);
  // In profit from its own trading: no winning trade had to be added to make it eligible again.
  const fundedTrades = (
    await t.app.inject({ method: 'GET', url: `/api/accounts/${funded.id}/trades?limit=200`, headers })
  ).json().trades as Array<{ ticket: string }>;
  expect(fundedTrades.find((tr) => tr.ticket === `9${funded.login}`)).toBeUndefined();
  expect(funded.balanceCents).toBeGreaterThan(funded.initialBalanceCents);
  const breach = accounts.find((a) => a.status === 'failed')!.breach!;
  expect(breach).toMatchObject({ rule: 'daily_loss' });
  expect(breach.equityCents).toBeLessThan(breach.levelCents);
  const certs = (await t.app.inject({ method: 'GET', url: '/api/certificates', headers })).json().certificates;
  // The payout certificate is the demo payout's (payouts-demo.ts).
  expect(certs.map((c: { kind: string }) => c.kind).sort()).toEqual([
    'funded',
    'payout',
    'phase_passed',
    'phase_passed',
    'phase_passed',
  ]);
  // Nothing was written around the API: every stored event came through a connector.
  expect(
    (await t.services.connectors.list(connectorListQuerySchema.parse({ q: 'demo feed' }))).items.map((c) => c.name),
  ).toContain('Demo feed (built-in)');
});

it('gives the demo member orders: two paid with invoices for accounts they hold, one transfer waiting', async () => {
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'member@example.com', password: 'Member123!' },
  });
  const headers = { authorization: `Bearer ${login.json().accessToken}` };
  const orders = (await t.app.inject({ method: 'GET', url: '/api/orders?sort=number&order=asc', headers })).json()
    .items as Array<{
    status: string;
    invoiceNumber: string | null;
    accountId: string | null;
    paymentInstructions: unknown;
  }>;
  expect(orders.map((o) => o.status)).toEqual(['paid', 'paid', 'pending']);
  expect(orders.slice(0, 2).map((o) => o.invoiceNumber)).toEqual(['INV-2026-000001', 'INV-2026-000002']);
  const accounts = (await t.app.inject({ method: 'GET', url: '/api/accounts', headers })).json().accounts as Array<{
    id: string;
  }>;
  // The paid orders name accounts the member already had: none was added.
  expect(accounts).toHaveLength(7);
  for (const o of orders.slice(0, 2)) expect(accounts.map((a) => a.id)).toContain(o.accountId);
  expect(orders[2]!.paymentInstructions).not.toBeNull();
});
