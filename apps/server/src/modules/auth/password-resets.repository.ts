import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { passwordResets } from '../../db/schema/index.ts';

export const passwordResetsRepository = {
  async latestFor(db: Db | Tx, userId: string) {
    const [row] = await db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, userId))
      .orderBy(desc(passwordResets.createdAt))
      .limit(1);
    return row;
  },

  /** A newer request voids every older unused one. */
  async voidOpen(db: Db | Tx, userId: string, at: Date): Promise<void> {
    await db
      .update(passwordResets)
      .set({ usedAt: at })
      .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
  },

  async insert(db: Db | Tx, row: typeof passwordResets.$inferInsert): Promise<void> {
    await db.insert(passwordResets).values(row);
  },

  /** Marks the token used if it is live; returns its user. One statement, so it is single-use. */
  async consume(db: Db | Tx, tokenHash: string, at: Date): Promise<string | undefined> {
    const [row] = await db
      .update(passwordResets)
      .set({ usedAt: at })
      .where(
        and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, at)),
      )
      .returning({ userId: passwordResets.userId });
    return row?.userId;
  },
};
