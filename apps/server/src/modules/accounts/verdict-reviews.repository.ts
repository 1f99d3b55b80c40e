import type { VerdictReviewListParams } from '@app/contracts/reviews';
import { and, count, eq, sql, type AnyColumn } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { listOrder, pageOffset } from '../../db/list-page.ts';
import { challenges, tradingAccounts, users, verdictReviews } from '../../db/schema/index.ts';
import type { Verdict } from '../../engine/index.ts';

export type VerdictReviewRow = typeof verdictReviews.$inferSelect;
export type VerdictReviewWithNames = VerdictReviewRow & {
  accountLogin: string;
  userId: string;
  userEmail: string;
  challengeName: string;
};

const SORT_BY: Record<VerdictReviewListParams['sort'], AnyColumn> = {
  createdAt: verdictReviews.createdAt,
  updatedAt: verdictReviews.updatedAt,
};

/**
 * Records what a recompute found: a disagreement opens the account's review (or updates the one
 * open, so there is never more than one: a unique partial index holds it); agreement again closes
 * an open review as superseded.
 */
export async function noteVerdictDisagreement(
  tx: Tx,
  accountId: string,
  disagreement: { stored: Verdict; recomputed: Verdict } | null,
  now: Date,
): Promise<void> {
  if (!disagreement) {
    await tx
      .update(verdictReviews)
      .set({ status: 'superseded', resolvedAt: now, updatedAt: now })
      .where(and(eq(verdictReviews.accountId, accountId), eq(verdictReviews.status, 'open')));
    return;
  }
  await tx
    .insert(verdictReviews)
    .values({
      accountId,
      storedVerdict: disagreement.stored,
      recomputedVerdict: disagreement.recomputed,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: verdictReviews.accountId,
      targetWhere: sql`${verdictReviews.status} = 'open'`,
      set: { storedVerdict: disagreement.stored, recomputedVerdict: disagreement.recomputed, updatedAt: now },
    });
}

function selectWithNames(db: Db | Tx) {
  return db
    .select({
      review: verdictReviews,
      accountLogin: tradingAccounts.login,
      userId: tradingAccounts.userId,
      userEmail: users.email,
      challengeName: challenges.name,
    })
    .from(verdictReviews)
    .innerJoin(tradingAccounts, eq(tradingAccounts.id, verdictReviews.accountId))
    .innerJoin(users, eq(users.id, tradingAccounts.userId))
    .innerJoin(challenges, eq(challenges.id, tradingAccounts.challengeId));
}

type Joined = Awaited<ReturnType<ReturnType<typeof selectWithNames>['where']>>[number];
const flatten = ({ review, ...names }: Joined): VerdictReviewWithNames => ({ ...review, ...names });

export const verdictReviewsRepository = {
  async listPage(db: Db | Tx, q: VerdictReviewListParams): Promise<{ rows: VerdictReviewWithNames[]; total: number }> {
    const where = and(
      eq(verdictReviews.status, q.status),
      q.accountId ? eq(verdictReviews.accountId, q.accountId) : undefined,
    );
    const [rows, counted] = await Promise.all([
      selectWithNames(db)
        .where(where)
        .orderBy(...listOrder(SORT_BY[q.sort], q.order, verdictReviews.id))
        .limit(q.pageSize)
        .offset(pageOffset(q)),
      db.select({ n: count() }).from(verdictReviews).where(where),
    ]);
    return { rows: rows.map(flatten), total: counted[0]?.n ?? 0 };
  },

  async findById(db: Db | Tx, id: string): Promise<VerdictReviewWithNames | undefined> {
    const [row] = await selectWithNames(db).where(eq(verdictReviews.id, id)).limit(1);
    return row ? flatten(row) : undefined;
  },

  async lockById(tx: Tx, id: string): Promise<VerdictReviewRow | undefined> {
    const [row] = await tx.select().from(verdictReviews).where(eq(verdictReviews.id, id)).for('update');
    return row;
  },

  async resolve(
    tx: Tx,
    id: string,
    r: { status: 'kept' | 'applied'; reason: string; resolvedBy: string; now: Date },
  ): Promise<void> {
    await tx
      .update(verdictReviews)
      .set({ status: r.status, reason: r.reason, resolvedBy: r.resolvedBy, resolvedAt: r.now, updatedAt: r.now })
      .where(eq(verdictReviews.id, id));
  },
};
