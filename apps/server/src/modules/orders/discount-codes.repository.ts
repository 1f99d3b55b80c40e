import { and, count, eq, ilike, isNull, lt, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { discountCodeListQuerySchema } from '@app/contracts/commerce';
import type { Db, Tx } from '../../db/client.ts';
import { containsPattern, listOrder, pageOffset } from '../../db/list-page.ts';
import { challenges, discountCodes } from '../../db/schema/index.ts';

export type DiscountCodeRow = typeof discountCodes.$inferSelect;
export type DiscountCodeView = DiscountCodeRow & { challengeName: string | null };
type ListParams = z.output<typeof discountCodeListQuerySchema>;

const SORT_BY: Record<ListParams['sort'], SQL | AnyColumn> = {
  createdAt: discountCodes.createdAt,
  code: discountCodes.code,
  uses: discountCodes.uses,
  validUntil: discountCodes.validUntil,
};

function selectViews(db: Db | Tx) {
  return db
    .select({ code: discountCodes, challengeName: challenges.name })
    .from(discountCodes)
    .leftJoin(challenges, eq(challenges.id, discountCodes.challengeId));
}
const flatten = (r: { code: DiscountCodeRow; challengeName: string | null }): DiscountCodeView => ({
  ...r.code,
  challengeName: r.challengeName,
});

export const discountCodesRepository = {
  async findByCode(db: Db | Tx, code: string): Promise<DiscountCodeRow | undefined> {
    const [row] = await db.select().from(discountCodes).where(eq(discountCodes.code, code)).limit(1);
    return row;
  },

  async findView(db: Db | Tx, id: string): Promise<DiscountCodeView | undefined> {
    const [row] = await selectViews(db).where(eq(discountCodes.id, id)).limit(1);
    return row ? flatten(row) : undefined;
  },

  /**
   * Takes one use in the order's transaction, guarded: under concurrency the row lock serialises
   * the increments and the last use goes to one order only (the CHECK constraint is the net below).
   */
  async takeUse(tx: Tx, id: string): Promise<boolean> {
    const rows = await tx
      .update(discountCodes)
      .set({ uses: sql`${discountCodes.uses} + 1` })
      .where(
        and(eq(discountCodes.id, id), or(isNull(discountCodes.maxUses), lt(discountCodes.uses, discountCodes.maxUses))),
      )
      .returning({ id: discountCodes.id });
    return rows.length === 1;
  },

  /** A cancelled or failed order gives its use back. */
  async giveUseBack(tx: Tx, id: string): Promise<void> {
    await tx
      .update(discountCodes)
      .set({ uses: sql`greatest(${discountCodes.uses} - 1, 0)` })
      .where(eq(discountCodes.id, id));
  },

  async insert(tx: Tx, values: typeof discountCodes.$inferInsert): Promise<DiscountCodeRow> {
    const [row] = await tx.insert(discountCodes).values(values).returning();
    return row!;
  },

  async setActive(tx: Tx, id: string, active: boolean): Promise<DiscountCodeRow | undefined> {
    const [row] = await tx.update(discountCodes).set({ active }).where(eq(discountCodes.id, id)).returning();
    return row;
  },

  async lockById(tx: Tx, id: string): Promise<DiscountCodeRow | undefined> {
    const [row] = await tx.select().from(discountCodes).where(eq(discountCodes.id, id)).for('update').limit(1);
    return row;
  },

  async listPage(db: Db | Tx, q: ListParams): Promise<{ rows: DiscountCodeView[]; total: number }> {
    const where = and(
      q.q ? ilike(discountCodes.code, containsPattern(q.q)) : undefined,
      q.active ? eq(discountCodes.active, q.active === 'true') : undefined,
    );
    const [rows, counted] = await Promise.all([
      selectViews(db)
        .where(where)
        .orderBy(...listOrder(SORT_BY[q.sort], q.order, discountCodes.id))
        .limit(q.pageSize)
        .offset(pageOffset(q)),
      db.select({ n: count() }).from(discountCodes).where(where),
    ]);
    return { rows: rows.map(flatten), total: counted[0]?.n ?? 0 };
  },
};
