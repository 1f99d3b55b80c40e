import type { MyOrdersQuery, OrderDateField, OrderListParams } from '@app/contracts/commerce';
import { and, asc, count, desc, eq, gte, inArray, isNotNull, lt, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { myOrdersQuerySchema } from '@app/contracts/commerce';
import type { Db, Tx } from '../../db/client.ts';
import { containsPattern, listOrder, pageOffset } from '../../db/list-page.ts';
import {
  auditLog,
  challenges,
  discountCodes,
  invoices,
  orders,
  tradingAccounts,
  users,
} from '../../db/schema/index.ts';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
type MyOrdersParams = z.output<typeof myOrdersQuerySchema>;
export type { MyOrdersQuery };

/** An order with what its answers show beside it: the challenge, the invoice, the account, the buyer. */
export interface OrderView extends OrderRow {
  challengeName: string;
  discountCode: string | null;
  invoiceNumber: string | null;
  accountId: string | null;
  accountLogin: string | null;
  userEmail: string;
  userName: string;
}

const viewColumns = {
  order: orders,
  challengeName: challenges.name,
  discountCode: discountCodes.code,
  invoiceNumber: invoices.number,
  accountId: tradingAccounts.id,
  accountLogin: tradingAccounts.login,
  userEmail: users.email,
  userName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
};

function selectViews(db: Db | Tx) {
  return db
    .select(viewColumns)
    .from(orders)
    .innerJoin(challenges, eq(challenges.id, orders.challengeId))
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(discountCodes, eq(discountCodes.id, orders.discountCodeId))
    .leftJoin(invoices, eq(invoices.orderId, orders.id))
    .leftJoin(tradingAccounts, eq(tradingAccounts.orderId, orders.id));
}

type ViewRecord = Awaited<ReturnType<ReturnType<typeof selectViews>['execute']>>[number];
const flatten = ({ order, ...rest }: ViewRecord): OrderView => ({ ...order, ...rest });

const SORT_BY: Record<OrderListParams['sort'], SQL | AnyColumn> = {
  createdAt: orders.createdAt,
  number: orders.number,
  totalCents: orders.totalCents,
  status: orders.status,
  paidAt: orders.paidAt,
};

/**
 * ORDER BY the list's sort. Columns that are never null sort plainly, so a backward index scan
 * serves a descending page (`desc nulls last` would not match the index and sort every match);
 * the paid time, null until paid, puts unpaid orders last either way.
 */
function orderOf(q: Pick<OrderListParams, 'sort' | 'order'>): SQL[] {
  if (q.sort === 'paidAt') return listOrder(orders.paidAt, q.order, orders.id);
  const dir = q.order === 'asc' ? asc : desc;
  return [dir(SORT_BY[q.sort] as AnyColumn), dir(orders.id)];
}

/** `ORD-000123`, `ord123` or `123`: the order number it names, if any. */
export function orderNumberOf(q: string): number | null {
  const m = /^(?:ord-?)?0*(\d{1,15})$/i.exec(q.trim());
  return m ? Number(m[1]) : null;
}

/** The column each `dateField` bounds (the paid and refunded ones have partial indexes, migration 0024). */
const ORDER_TIMES: Record<OrderDateField, AnyColumn> = {
  createdAt: orders.createdAt,
  paidAt: orders.paidAt,
  refundedAt: orders.refundedAt,
};

/** The staff list's filters as one WHERE (the CSV export uses the same). */
export function adminConditions(f: Omit<OrderListParams, 'page' | 'pageSize' | 'sort' | 'order'>): SQL | undefined {
  const conds: (SQL | undefined)[] = [];
  if (f.q) {
    const n = orderNumberOf(f.q);
    const pattern = containsPattern(f.q.toLowerCase());
    conds.push(
      or(
        n !== null ? eq(orders.number, n) : undefined,
        // The buyer's account (email or name), or the email and name they billed to: each branch an
        // index (`= any(array(…))` is one the planner can OR with the others, `in (…)` is not).
        sql`${orders.userId} = any(array(select ${users.id} from ${users} where ${users.searchText} like ${pattern}))`,
        sql`${orders.searchText} like ${pattern}`,
      ),
    );
  }
  if (f.status) conds.push(eq(orders.status, f.status));
  if (f.challengeId) conds.push(eq(orders.challengeId, f.challengeId));
  if (f.provider) conds.push(eq(orders.provider, f.provider));
  const at = ORDER_TIMES[f.dateField ?? 'createdAt'];
  // Paid or refunded time: orders never paid (or refunded) have none and are out, range or not.
  if (at !== orders.createdAt) conds.push(isNotNull(at));
  if (f.from) conds.push(gte(at, new Date(f.from)));
  if (f.to) conds.push(lt(at, new Date(f.to)));
  return and(...conds);
}

/**
 * One page of orders and the count of all that match: the page is chosen on `orders` alone (its
 * indexes serve filter and order, with a LIMIT), and only its rows are joined to what they show.
 * Joining first made every matching order meet its user before the sort kept fifty.
 */
async function pageOfViews(
  db: Db | Tx,
  where: SQL | undefined,
  q: Pick<OrderListParams, 'sort' | 'order' | 'page' | 'pageSize'>,
): Promise<{ rows: OrderView[]; total: number }> {
  const [page, counted] = await Promise.all([
    db
      .select({ id: orders.id })
      .from(orders)
      .where(where)
      .orderBy(...orderOf(q))
      .limit(q.pageSize)
      .offset(pageOffset(q)),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  const ids = page.map((p) => p.id);
  const views = ids.length ? (await selectViews(db).where(inArray(orders.id, ids))).map(flatten) : [];
  const byId = new Map(views.map((v) => [v.id, v]));
  return { rows: ids.map((id) => byId.get(id)!), total: counted[0]?.n ?? 0 };
}

export const ordersRepository = {
  async insert(tx: Tx, values: NewOrder): Promise<OrderRow> {
    const [row] = await tx.insert(orders).values(values).returning();
    return row!;
  },

  async findView(db: Db | Tx, id: string): Promise<OrderView | undefined> {
    const [row] = await selectViews(db).where(eq(orders.id, id)).limit(1);
    return row ? flatten(row) : undefined;
  },

  async findById(db: Db | Tx, id: string): Promise<OrderRow | undefined> {
    const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
    return row;
  },

  async lockById(tx: Tx, id: string): Promise<OrderRow | undefined> {
    const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update').limit(1);
    return row;
  },

  /**
   * Every pending order of `userId`, cancelled at `at`, as they are now. The update's row locks order
   * it with a concurrent payment's guarded update, which then finds the order no longer pending.
   */
  async cancelPendingOf(tx: Tx, userId: string, at: Date): Promise<OrderRow[]> {
    return tx
      .update(orders)
      .set({ status: 'cancelled', cancelledAt: at, updatedAt: at })
      .where(and(eq(orders.userId, userId), eq(orders.status, 'pending')))
      .returning();
  },

  async findByReference(db: Db | Tx, provider: OrderRow['provider'], reference: string): Promise<OrderRow | undefined> {
    const [row] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.provider, provider), eq(orders.providerReference, reference)))
      .limit(1);
    return row;
  },

  /**
   * pending → paid, in one guarded statement: under any number of concurrent confirmations exactly
   * one gets the row back; the others see 0 rows (already paid) and do nothing.
   */
  async markPaid(tx: Tx, id: string, at: Date, reference: string | null): Promise<OrderRow | undefined> {
    const [row] = await tx
      .update(orders)
      .set({
        status: 'paid',
        paidAt: at,
        updatedAt: at,
        checkoutUrl: null,
        ...(reference ? { providerReference: reference } : {}),
      })
      .where(and(eq(orders.id, id), eq(orders.status, 'pending')))
      .returning();
    return row;
  },

  /** A status change guarded by the state it leaves: undefined when the order was not in `from`. */
  async transition(
    tx: Tx,
    id: string,
    from: OrderRow['status'][],
    patch: Partial<NewOrder> & { status: OrderRow['status']; updatedAt: Date },
  ): Promise<OrderRow | undefined> {
    const [row] = await tx
      .update(orders)
      .set(patch)
      .where(and(eq(orders.id, id), sql`${orders.status} in ${from}`))
      .returning();
    return row;
  },

  async setPaymentStart(
    db: Db | Tx,
    id: string,
    start: { providerReference: string; checkoutUrl: string | null; at: Date },
  ): Promise<void> {
    await db
      .update(orders)
      .set({ providerReference: start.providerReference, checkoutUrl: start.checkoutUrl, updatedAt: start.at })
      .where(and(eq(orders.id, id), sql`${orders.status} in ('pending', 'failed')`));
  },

  async listMine(db: Db | Tx, userId: string, q: MyOrdersParams): Promise<{ rows: OrderView[]; total: number }> {
    const where = and(eq(orders.userId, userId), q.status ? eq(orders.status, q.status) : undefined);
    return pageOfViews(db, where, q);
  },

  async listAdmin(db: Db | Tx, q: OrderListParams): Promise<{ rows: OrderView[]; total: number }> {
    return pageOfViews(db, adminConditions(q), q);
  },

  /** One keyset chunk of the staff list for the CSV export: newest first, after `cursor`. */
  async csvChunk(
    db: Db | Tx,
    filter: Parameters<typeof adminConditions>[0],
    cursor: { createdAt: Date; id: string } | null,
    limit: number,
  ): Promise<OrderView[]> {
    const after = cursor
      ? sql`(${orders.createdAt}, ${orders.id}) < (${cursor.createdAt.toISOString()}::timestamptz, ${cursor.id}::uuid)`
      : undefined;
    const rows = await selectViews(db)
      .where(and(adminConditions(filter), after))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(limit);
    return rows.map(flatten);
  },

  /** Staff actions on the order, oldest first, with who did them. */
  /** What the payment mails need besides the order: the buyer's address and the challenge's name. */
  async mailFacts(db: Db | Tx, id: string): Promise<{ userEmail: string; challengeName: string }> {
    const [row] = await db
      .select({ userEmail: users.email, challengeName: challenges.name })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .innerJoin(challenges, eq(challenges.id, orders.challengeId))
      .where(eq(orders.id, id))
      .limit(1);
    return row!;
  },

  async auditOf(db: Db | Tx, orderId: string) {
    return db
      .select({ action: auditLog.action, at: auditLog.createdAt, actorEmail: users.email, after: auditLog.after })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(and(eq(auditLog.targetType, 'order'), eq(auditLog.targetId, orderId)))
      .orderBy(auditLog.createdAt);
  },
};
