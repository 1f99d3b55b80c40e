import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { mfaChallenges, mfaRecoveryCodes, users } from '../../db/schema/index.ts';

export type NewMfaChallenge = typeof mfaChallenges.$inferInsert;

/** Two-factor state on the user row, the login step's tokens and the recovery codes. */
export const mfaRepository = {
  async setPendingSecret(db: Db | Tx, userId: string, secret: string, at: Date): Promise<void> {
    await db.update(users).set({ mfaPendingSecret: secret, updatedAt: at }).where(eq(users.id, userId));
  },

  /** Turns two-factor on from the pending secret; false when it is on already or nothing is pending. */
  async enable(db: Db | Tx, userId: string, secret: string, step: number, at: Date): Promise<boolean> {
    const rows = await db
      .update(users)
      .set({ mfaSecret: secret, mfaPendingSecret: null, mfaEnabledAt: at, mfaLastStep: step, updatedAt: at })
      .where(and(eq(users.id, userId), isNull(users.mfaEnabledAt), eq(users.mfaPendingSecret, secret)))
      .returning({ id: users.id });
    return rows.length > 0;
  },

  async disable(db: Db | Tx, userId: string, at: Date): Promise<void> {
    await db
      .update(users)
      .set({ mfaSecret: null, mfaPendingSecret: null, mfaEnabledAt: null, mfaLastStep: null, updatedAt: at })
      .where(eq(users.id, userId));
    await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  },

  /**
   * Records `step` as the last accepted one unless it is not after the stored one: of two requests
   * with the same code, one wins.
   */
  async acceptStep(db: Db | Tx, userId: string, step: number): Promise<boolean> {
    const rows = await db
      .update(users)
      .set({ mfaLastStep: step })
      .where(and(eq(users.id, userId), or(isNull(users.mfaLastStep), lt(users.mfaLastStep, step))))
      .returning({ id: users.id });
    return rows.length > 0;
  },

  async insertRecoveryCodes(db: Db | Tx, userId: string, hashes: string[], at: Date): Promise<void> {
    await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
    await db.insert(mfaRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash, createdAt: at })));
  },

  /** Uses a recovery code once; false when unknown or used. */
  async useRecoveryCode(db: Db | Tx, userId: string, codeHash: string, at: Date): Promise<boolean> {
    const rows = await db
      .update(mfaRecoveryCodes)
      .set({ usedAt: at })
      .where(
        and(
          eq(mfaRecoveryCodes.userId, userId),
          eq(mfaRecoveryCodes.codeHash, codeHash),
          isNull(mfaRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: mfaRecoveryCodes.id });
    return rows.length > 0;
  },

  async unusedRecoveryCodes(db: Db | Tx, userId: string): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(mfaRecoveryCodes)
      .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
    return row?.n ?? 0;
  },

  async insertChallenge(db: Db | Tx, challenge: NewMfaChallenge): Promise<void> {
    await db.insert(mfaChallenges).values(challenge);
  },

  /** The open (unused, unexpired) login step of this token. */
  async openChallenge(db: Db | Tx, tokenHash: string, now: Date) {
    const [row] = await db
      .select()
      .from(mfaChallenges)
      .where(
        and(eq(mfaChallenges.tokenHash, tokenHash), isNull(mfaChallenges.usedAt), gt(mfaChallenges.expiresAt, now)),
      )
      .limit(1);
    return row;
  },

  /** Uses the login step once; false when another request used it first or it expired meanwhile. */
  async consumeChallenge(db: Db | Tx, id: string, now: Date): Promise<boolean> {
    const rows = await db
      .update(mfaChallenges)
      .set({ usedAt: now })
      .where(and(eq(mfaChallenges.id, id), isNull(mfaChallenges.usedAt), gt(mfaChallenges.expiresAt, now)))
      .returning({ id: mfaChallenges.id });
    return rows.length > 0;
  },
};
