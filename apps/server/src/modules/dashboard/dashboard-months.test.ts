// Charts of ranges longer than 92 days have a bucket per month, and a month is the viewer's: in
// Tokyo, 1 April starts at 15:00 UTC on 31 March. The first and last months hold only the range's
// days, not the rest of their month.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../lib/clock.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { insertMember, insertOrder } from '../../../test/dashboard-fixtures.ts';
import { payoutChallenge } from '../../../test/payout-fixtures.ts';
import { setupWorld, type TradingWorld } from '../../../test/trading-fixtures.ts';
import { monthStartIn } from './zone-months.ts';

let t: TestContext;
let w: TradingWorld;

beforeAll(async () => {
  t = await createTestApp({ clock: new FakeClock('2026-07-10T12:00:00Z') });
  w = await setupWorld(t, payoutChallenge());
  const user = await insertMember(t, '2026-01-01T00:00:00Z');
  const paid = (at: string, cents: number) =>
    insertOrder(t, w.challengeId, { user, subtotal: cents, status: 'paid', createdAt: at, paidAt: at });
  await paid('2026-03-31T14:59:00Z', 100_00); // 23:59 on 31 March in Tokyo
  await paid('2026-03-31T15:00:00Z', 200_00); // 00:00 on 1 April in Tokyo, still March in UTC
  await paid('2026-02-10T12:00:00Z', 400_00); // before the range below starts
  await paid('2026-06-20T12:00:00Z', 800_00); // after it ends
}, 60_000);
afterAll(() => t.close());

async function monthChart(query: string): Promise<Record<string, number>> {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/dashboard?${query}`, headers: w.admin.headers });
  expect(res.statusCode, res.body).toBe(200);
  const d = res.json();
  expect(d.range.bucket).toBe('month');
  return Object.fromEntries(
    d.charts.revenue.map((r: { bucket: string; byChallenge: Record<string, number> }) => [
      r.bucket,
      r.byChallenge[w.challengeId] ?? 0,
    ]),
  );
}

describe('GET /api/admin/dashboard: revenue by month in the viewer zone', () => {
  it('an order at midnight in Tokyo counts in April there and in March in UTC', async () => {
    const range = 'range=custom&from=2026-02-15&to=2026-06-15';
    expect(await monthChart(`${range}&tz=Asia%2FTokyo`)).toEqual({
      '2026-02': 0,
      '2026-03': 100_00,
      '2026-04': 200_00,
      '2026-05': 0,
      '2026-06': 0,
    });
    expect(await monthChart(`${range}&tz=UTC`)).toEqual({
      '2026-02': 0,
      '2026-03': 300_00,
      '2026-04': 0,
      '2026-05': 0,
      '2026-06': 0,
    });
  });

  it('"all" charts every month from the first order to now, each month whole', async () => {
    expect(await monthChart('range=all&tz=Asia%2FTokyo')).toEqual({
      '2026-01': 0,
      '2026-02': 400_00,
      '2026-03': 100_00,
      '2026-04': 200_00,
      '2026-05': 0,
      '2026-06': 800_00,
      '2026-07': 0,
    });
  });

  it('month starts across zones and daylight saving time', () => {
    expect(new Date(monthStartIn(2026, 4, 'Asia/Tokyo')).toISOString()).toBe('2026-03-31T15:00:00.000Z');
    // New York: EST on 1 March, EDT on 1 April.
    expect(new Date(monthStartIn(2026, 3, 'America/New_York')).toISOString()).toBe('2026-03-01T05:00:00.000Z');
    expect(new Date(monthStartIn(2026, 4, 'America/New_York')).toISOString()).toBe('2026-04-01T04:00:00.000Z');
    // Kolkata's half hour; the year's turn.
    expect(new Date(monthStartIn(2026, 1, 'Asia/Kolkata')).toISOString()).toBe('2025-12-31T18:30:00.000Z');
    expect(new Date(monthStartIn(2027, 1, 'UTC')).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });
});
