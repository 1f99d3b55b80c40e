import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema/index.ts';
import { onRealPostgres } from './test-database.ts';
import { createTestApp, newMember, type TestContext } from './test-app.ts';

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
});
