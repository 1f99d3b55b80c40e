import { and, asc, eq, isNull } from 'drizzle-orm';
import type { App } from '../app.ts';
import { tradingAccounts } from '../db/schema/index.ts';
import { DEMO_USERS } from './demo-users.ts';

const MEMBER = DEMO_USERS.find((u) => u.role === 'USER')!;
const ADMIN = DEMO_USERS.find((u) => u.role === 'ADMIN')!;

const BILLING = {
  name: `${MEMBER.firstName} ${MEMBER.lastName}`,
  email: MEMBER.email,
  addressLine1: 'Karlova 12',
  city: 'Praha',
  postalCode: '110 00',
  country: 'CZ',
};

/**
 * The demo member's orders, through the real routes: a bank-transfer order for each of their first
 * two phase-1 accounts, marked paid by the demo admin (invoice numbered, "paid" mail with the PDF),
 * those accounts being the ones the orders bought; and one transfer order still waiting for its
 * money, with the bank details to show.
 */
export async function seedCommerceDemo(built: App): Promise<void> {
  const { app, services, database } = built;
  const member = await services.users.findByEmail(MEMBER.email);
  if (!member) return;
  const login = async (email: string, password: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password, userGeolocation: null },
    });
    if (res.statusCode !== 200) throw new Error(`demo login failed: ${res.body}`);
    return { authorization: `Bearer ${res.json().accessToken as string}` };
  };
  const [asMember, asAdmin] = [await login(MEMBER.email, MEMBER.password), await login(ADMIN.email, ADMIN.password)];
  const place = async (challengeId: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: asMember,
      payload: { challengeId, billing: BILLING, provider: 'manual', acceptTerms: true },
    });
    if (res.statusCode !== 201) throw new Error(`demo order failed: ${res.body}`);
    return res.json().order as { id: string };
  };

  const bought = await database.db
    .select({ id: tradingAccounts.id, challengeId: tradingAccounts.challengeId })
    .from(tradingAccounts)
    .where(
      and(eq(tradingAccounts.userId, member.id), eq(tradingAccounts.phaseIndex, 0), isNull(tradingAccounts.orderId)),
    )
    .orderBy(asc(tradingAccounts.createdAt))
    .limit(2);
  for (const account of bought) {
    if (!(await isOnSale(built, account.challengeId))) continue;
    const order = await place(account.challengeId);
    // The account was opened before orders existed: it becomes the one this order bought, so paying
    // it provisions nothing new (the unique order key says it is provisioned).
    await database.db.update(tradingAccounts).set({ orderId: order.id }).where(eq(tradingAccounts.id, account.id));
    const paid = await app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/mark-paid`,
      headers: asAdmin,
      payload: { reference: 'DEMO-BANK' },
    });
    if (paid.statusCode !== 200) throw new Error(`demo payment failed: ${paid.body}`);
  }
  const catalogue = await services.challenges.catalogue();
  const waiting = catalogue.find((c) => c.slug === '50k-two-step') ?? catalogue[0];
  if (waiting) await place(waiting.id);
  app.log.info({ orders: bought.length + (waiting ? 1 : 0) }, 'demo orders seeded');
}

async function isOnSale(built: App, challengeId: string): Promise<boolean> {
  return (await built.services.challenges.get(challengeId)).status === 'active';
}
