import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tradingAccounts } from '../../db/schema/index.ts';
import { FakeClock } from '../../lib/clock.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { createAccount, ev, ingest, setupWorld, type TradingWorld } from '../../../test/trading-fixtures.ts';
import { ingestionRepository } from './ingestion.repository.ts';

let t: TestContext;
let w: TradingWorld;
beforeAll(async () => {
  t = await createTestApp({ clock: new FakeClock('2026-03-20T12:00:00Z') });
  w = await setupWorld(t);
});
afterAll(async () => {
  await t.close();
});

// The lock reads rows through a named raw statement and decodes them column by column: the rows
// must be exactly what drizzle's own select gives (dates, json state, bigint money, nulls).
describe('lockAccounts', () => {
  it('answers the rows drizzle selects, ordered by id, for the given logins only', async () => {
    const a = await createAccount(t, w);
    const b = await createAccount(t, w);
    await createAccount(t, w);
    await ingest(t, w.connectorKey, [
      ev.trade('r-1', a.login, '2026-03-02T09:00:00Z', '2026-03-02T10:00:00Z', -250.5),
      ev.snapshot('r-2', a.login, '2026-03-02T11:00:00Z', 99749.5, 99700, 1),
    ]);
    const logins = [b.login, a.login, '00000000'];
    const locked = await t.database.db.transaction((tx) => ingestionRepository.lockAccounts(tx, logins));
    const selected = await t.database.db
      .select()
      .from(tradingAccounts)
      .where(inArray(tradingAccounts.login, logins))
      .orderBy(tradingAccounts.id);
    expect(locked).toEqual(selected);
    expect(locked.map((r) => r.login).sort()).toEqual([a.login, b.login].sort());
    const traded = locked.find((r) => r.login === a.login)!;
    expect(traded.balanceCents).toBe(99_749_50);
    expect(traded.lastEventAt).toEqual(new Date('2026-03-02T11:00:00Z'));
  });
});
