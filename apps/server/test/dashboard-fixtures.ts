// Rows written straight to the tables (orders, members) with the dates a dashboard fixture needs;
// the aggregates follow through the tables' triggers as they do for the real paths.
import { billingDetailsSchema } from '@app/contracts/commerce';
import { sql } from 'drizzle-orm';
import { billing } from './order-fixtures.ts';
import type { TestContext } from './test-app.ts';

/** Raw SQL written as a fixture states it (the figures' tests set dates and states directly). */
export const runSql = (t: TestContext, query: string) => t.database.db.execute(sql.raw(query));

/** The first row of a raw query. */
export const firstRow = async <T>(t: TestContext, query: string) =>
  ((await runSql(t, query)) as unknown as { rows: T[] }).rows[0]!;

export interface DashboardOrder {
  user: string;
  subtotal: number;
  discount?: number;
  vat?: number;
  status: 'paid' | 'refunded' | 'pending' | 'failed';
  createdAt: string;
  paidAt?: string;
  refundedAt?: string;
  currency?: string;
}

export async function insertMember(t: TestContext, createdAt: string): Promise<string> {
  const r = await firstRow<{ id: string }>(
    t,
    `
    insert into users (email, first_name, last_name, role, password_hash, created_at, updated_at)
    values ('${Math.random().toString(36).slice(2)}@example.com', 'Fix', 'Ture', 'USER', 'x', '${createdAt}', '${createdAt}')
    returning id`,
  );
  return r.id;
}

export async function insertOrder(t: TestContext, challengeId: string, o: DashboardOrder): Promise<string> {
  const discount = o.discount ?? 0;
  const net = o.subtotal - discount;
  const vat = o.vat ?? 0;
  const q = (v: string | undefined) => (v ? `'${v}'` : 'null');
  const r = await firstRow<{ id: string }>(
    t,
    `
    insert into orders (user_id, challenge_id, status, currency, subtotal_cents, discount_cents, net_cents, vat_cents,
      total_cents, provider, billing, created_at, paid_at, refunded_at, failed_at)
    values ('${o.user}', '${challengeId}', '${o.status}', '${o.currency ?? 'USD'}', ${o.subtotal}, ${discount}, ${net},
      ${vat}, ${net + vat}, 'manual', '${JSON.stringify(billingDetailsSchema.parse(billing())).replaceAll("'", "''")}', '${o.createdAt}', ${q(o.paidAt)}, ${q(o.refundedAt)},
      ${o.status === 'failed' ? `'${o.createdAt}'` : 'null'})
    returning id`,
  );
  return r.id;
}
