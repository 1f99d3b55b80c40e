import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOrder } from '../../../test/dashboard-fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { createAccount, setupWorld, type TradingWorld } from '../../../test/trading-fixtures.ts';
import { recordAudit } from './index.ts';

let t: TestContext;
let w: TradingWorld;
let account: { id: string; login: string };
let orderId: string;

interface Entry {
  action: string;
  targetType: string;
  targetId: string | null;
  targetLabel?: string | null;
}

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));

/** The real writes name a challenge, a connector and an account; the rest are recorded directly. */
beforeAll(async () => {
  t = await createTestApp();
  w = await setupWorld(t);
  account = await createAccount(t, w);
  orderId = await insertOrder(t, w.challengeId, {
    user: w.member.id,
    subtotal: 49_900,
    status: 'paid',
    createdAt: '2026-01-01T00:00:00Z',
    paidAt: '2026-01-01T00:00:00Z',
  });
  const db = t.database.db;
  const rows: Array<[string, string, string]> = [
    ['order.refund', 'order', orderId],
    ['user.status', 'user', w.member.id],
    ['user.status', 'user', w.other.id],
    ['order.refund', 'order', 'not-a-uuid'],
    ['order.refund', 'order', '00000000-0000-4000-8000-000000000000'],
    ['bridge.rewire', 'bridge', w.connectorId],
  ];
  for (const [i, [action, targetType, targetId]] of rows.entries()) {
    await recordAudit(db, { actorId: w.admin.id, action, targetType, targetId, at: at(i) });
  }
});
afterAll(async () => {
  await t.close();
});

const page = async (): Promise<Entry[]> => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/admin/audit-log?pageSize=100',
    headers: w.support.headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json().items;
};
const labelOf = (items: Entry[], action: string, targetId: string) =>
  items.find((e) => e.action === action && e.targetId === targetId)?.targetLabel;

describe('audit target labels', () => {
  it('names each target as people know it: email, order number, challenge, account login, connector', async () => {
    const items = await page();
    expect(labelOf(items, 'user.status', w.member.id)).toBe(w.member.email);
    expect(labelOf(items, 'order.refund', orderId)).toMatch(/^ORD-\d{6}$/);
    expect(labelOf(items, 'challenge.create', w.challengeId)).toBe('Test 100K Two-Step');
    expect(labelOf(items, 'account.create', account.id)).toBe(account.login);
    expect(labelOf(items, 'connector.create', w.connectorId)).toBe('Test bridge');
  });

  it('leaves a target it cannot name without a label, and keeps its id', async () => {
    const items = await page();
    expect(labelOf(items, 'order.refund', 'not-a-uuid')).toBeNull();
    expect(labelOf(items, 'order.refund', '00000000-0000-4000-8000-000000000000')).toBeNull();
    // An id of a known kind under a type this log does not know is not looked up as that kind.
    expect(labelOf(items, 'bridge.rewire', w.connectorId)).toBeNull();
  });

  it('names an anonymised user by the anonymised record, never by the address they had', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${w.other.id}/anonymise`,
      headers: w.admin.headers,
    });
    expect(res.statusCode).toBe(200);
    const items = await page();
    const label = labelOf(items, 'user.status', w.other.id);
    expect(label).toMatch(/^Anonymised User /);
    expect(JSON.stringify(items)).not.toContain(w.other.email);
  });
});
