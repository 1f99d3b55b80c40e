import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema/index.ts';
import { onRealPostgres } from './test-database.ts';
import { createTestApp, newMember, type TestContext } from './test-app.ts';
import { createAccount, ev, setupWorld } from './trading-fixtures.ts';

// PGlite runs one query at a time, so races only show on a real server (CI's PostgreSQL leg).
describe.runIf(onRealPostgres())('on a real PostgreSQL with concurrent connections', () => {
  let t: TestContext;
  let base = '';
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  });
  afterAll(() => t.close());

  it('simultaneous registrations of one email: exactly one succeeds', async () => {
    for (let round = 0; round < 5; round++) {
      const m = newMember();
      const send = (firstName: string) =>
        fetch(`${base}/api/auth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ...m, firstName }),
        }).then((r) => r.status);
      const statuses = (await Promise.all(['Ann', 'Bea', 'Cid', 'Dan'].map(send))).sort();
      expect(statuses).toEqual([200, 409, 409, 409]);
      const rows = await t.database.db.select().from(users).where(eq(users.email, m.email));
      expect(rows).toHaveLength(1);
    }
  });

  it('two connectors posting the same closed trade at once: it is counted once', async () => {
    const w = await setupWorld(t);
    const k2 = await t.app.inject({
      method: 'POST',
      url: '/api/admin/connectors',
      headers: w.admin.headers,
      payload: { name: 'Second bridge' },
    });
    for (let round = 0; round < 5; round++) {
      const a = await createAccount(t, w);
      const trade = (id: string) =>
        ev.trade(id, a.login, '2026-03-19T08:00:00Z', '2026-03-19T08:30:00Z', 321, { ticket: `T-${round}` });
      const post = (key: string, id: string) =>
        fetch(`${base}/api/integrations/trading/events`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
          body: JSON.stringify({ events: [trade(id)] }),
        }).then(async (r) => ({ status: r.status, body: (await r.json()) as { accepted: number } }));
      const answers = await Promise.all([post(w.connectorKey, `a-${round}`), post(k2.json().key, `b-${round}`)]);
      expect(answers.map((x) => x.status)).toEqual([200, 200]);
      expect(answers.map((x) => x.body.accepted).sort()).toEqual([0, 1]);
      const o = await t.app.inject({ method: 'GET', url: `/api/accounts/${a.id}`, headers: w.member.headers });
      expect(o.json().metrics).toMatchObject({ trades: 1, balanceCents: 100_000_00 + 321_00 - 7_00 });
    }
  });
});
