// The dashboard's member figures follow a role change: a member made staff leaves the new-member
// and conversion figures, and joins them again when made a member (migration 0034).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../lib/clock.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { firstRow, insertMember, insertOrder, runSql, type DashboardOrder } from '../../../test/dashboard-fixtures.ts';
import { setupWorld, type TradingWorld } from '../../../test/trading-fixtures.ts';

let t: TestContext;
let w: TradingWorld;
const run = (query: string) => runSql(t, query);
const one = <T>(query: string) => firstRow<T>(t, query);
const member = (createdAt: string) => insertMember(t, createdAt);
const order = (o: DashboardOrder) => insertOrder(t, w.challengeId, o);
const dashboard = async (query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/dashboard?${query}`, headers: w.admin.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

beforeAll(async () => {
  t = await createTestApp({ clock: new FakeClock('2026-03-20T12:00:00Z') });
  w = await setupWorld(t);
});
afterAll(async () => {
  await t.close();
});

describe('dashboard member figures after a role change', () => {
  it('a member made staff leaves the member figures, and joins them again when made a member', async () => {
    const id = await member('2026-03-19T10:00:00Z');
    await order({
      user: id,
      subtotal: 99_00,
      status: 'paid',
      createdAt: '2026-03-19T11:00:00Z',
      paidAt: '2026-03-19T11:00:00Z',
    });
    const counted = (await dashboard('range=7d&tz=UTC')).current;
    const user = await one<{ email: string; first_name: string; last_name: string }>(
      `select email, first_name, last_name from users where id = '${id}'`,
    );
    const setRole = async (role: 'SUPPORT' | 'USER') => {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/users/${id}`,
        headers: w.admin.headers,
        payload: { email: user.email, firstName: user.first_name, lastName: user.last_name, role, status: 'active' },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await setRole('SUPPORT');
    const staff = (await dashboard('range=7d&tz=UTC')).current;
    expect(staff.newMembers).toBe(counted.newMembers - 1);
    expect(staff.convertedMembers).toBe(counted.convertedMembers - 1);
    await setRole('USER');
    const again = (await dashboard('range=7d&tz=UTC')).current;
    expect(again).toMatchObject({ newMembers: counted.newMembers, convertedMembers: counted.convertedMembers });
    // The kept rows still equal a rebuild from the tables.
    const memberRows = async () =>
      (
        (await run(
          'select grain, hour, registered, converted from dashboard_member_hours order by 1, 2',
        )) as unknown as {
          rows: unknown[];
        }
      ).rows;
    const kept = await memberRows();
    await run('select dashboard_rebuild()');
    expect(await memberRows()).toEqual(kept);
  });
});
