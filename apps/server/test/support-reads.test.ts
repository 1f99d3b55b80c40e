// SUPPORT sees everything and changes nothing: every staff route is a read and answers SUPPORT
// 200 with the demo data's real ids, and every write route is ADMIN's (route-access.test.ts
// checks SUPPORT gets 403 on each of those).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/demo/demo-seed.ts';
import { FakeClock } from '../src/lib/clock.ts';
import { bearer } from './auth-helpers.ts';
import { createTestApp, type TestContext } from './test-app.ts';

let t: TestContext;
let support: Record<string, string>;
/** A real id for each path parameter, all of the demo member. */
const ids: Record<string, string> = {};

async function get(path: string, headers: Record<string, string>) {
  const res = await t.app.inject({ method: 'GET', url: path, headers });
  expect(res.statusCode, `GET ${path}: ${res.body.slice(0, 200)}`).toBe(200);
  return res;
}

beforeAll(async () => {
  t = await createTestApp({ clock: new FakeClock('2026-05-14T09:30:00Z'), env: { DEMO_DATA: 'true' } });
  expect(await seedDemo(t, t.clock)).toBe(true);
  const signIn = async (email: string, password: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    return bearer(res.json().accessToken as string);
  };
  support = await signIn('support@example.com', 'Support123!');
  const member = (await get('/api/admin/users?q=member%40example.com', support)).json().items[0];
  ids.userId = member.id;
  const base = `/api/admin/users/${member.id}`;
  ids.account = (await get(`${base}/accounts`, support)).json().accounts[0].id;
  ids.order = (await get(`${base}/orders`, support))
    .json()
    .items.find((o: { status: string }) => o.status === 'paid').id;
  ids.payout = (await get(`${base}/payouts`, support)).json().items[0].id;
  ids.certificate = (await get(`${base}/certificates`, support)).json().certificates[0].id;
  ids.challenge = (await get('/api/admin/challenges', support)).json().challenges[0].id;
}, 60_000);
afterAll(() => t.close());

/** The route's path with the demo member's ids in it; `:id` depends on what the path is about. */
function concrete(url: string): string {
  const about = /\/(accounts|orders|payouts|certificates|challenges)\/:id/.exec(url)?.[1];
  const idOf: Record<string, string | undefined> = {
    accounts: ids.account,
    orders: ids.order,
    payouts: ids.payout,
    certificates: ids.certificate,
    challenges: ids.challenge,
  };
  return url.replace(':userId', ids.userId!).replace(':id', about ? idOf[about]! : ':id');
}

describe('SUPPORT reads everything and writes nothing', () => {
  it('every staff route is a read; every write is ADMIN’s', () => {
    const staff = t.routes.filter((r) => r.access === 'staff');
    expect(staff.length).toBeGreaterThan(30);
    for (const r of staff) expect(['GET', 'HEAD'], `${r.method} ${r.url}`).toContain(r.method);
    const writes = t.routes.filter((r) => r.url.startsWith('/api/admin') && !['GET', 'HEAD'].includes(r.method));
    expect(writes.length).toBeGreaterThan(20);
    for (const r of writes) expect(r.access, `${r.method} ${r.url}`).toBe('admin');
  });

  it('SUPPORT gets 200 from every staff read, with real records', async () => {
    const reads = t.routes.filter((r) => r.access === 'staff' && r.method === 'GET');
    for (const r of reads) {
      const url = concrete(r.url);
      expect(url, 'a parameter without a demo id').not.toContain(':');
      await get(url, support);
    }
  });
});
