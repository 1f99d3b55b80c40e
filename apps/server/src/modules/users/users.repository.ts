import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { emailChanges, passwordResets, users } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export const usersRepository = {
  async findByEmail(db: Db | Tx, email: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
    return row;
  },

  async findById(db: Db | Tx, id: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  },

  /** Inserts unless the email exists; returns undefined on a duplicate (race-safe). */
  async insertIfNew(db: Db | Tx, user: NewUser): Promise<UserRow | undefined> {
    const [row] = await db.insert(users).values(user).onConflictDoNothing({ target: users.email }).returning();
    return row;
  },

  /**
   * A new password also voids every link still open (reset, set-password, email change): one an
   * intruder asked for with the old password must not outlive it.
   */
  async setPassword(db: Db | Tx, id: string, passwordHash: string, at: Date): Promise<void> {
    await db.update(users).set({ passwordHash, updatedAt: at }).where(eq(users.id, id));
    await usersRepository.voidOpenLinks(db, id, at);
  },

  /** Voids the user's unused set-password, reset and email-change links. */
  async voidOpenLinks(db: Db | Tx, userId: string, at: Date): Promise<void> {
    await db
      .update(passwordResets)
      .set({ usedAt: at })
      .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
    await db
      .update(emailChanges)
      .set({ usedAt: at })
      .where(and(eq(emailChanges.userId, userId), isNull(emailChanges.usedAt)));
  },

  async setNames(db: Db | Tx, id: string, firstName: string, lastName: string, at: Date): Promise<void> {
    await db.update(users).set({ firstName, lastName, updatedAt: at }).where(eq(users.id, id));
  },

  async setPreferences(db: Db | Tx, id: string, preferences: Record<string, unknown>, at: Date): Promise<void> {
    await db.update(users).set({ preferences, updatedAt: at }).where(eq(users.id, id));
  },

  async setStatus(db: Db | Tx, id: string, status: UserRow['status'], at: Date): Promise<void> {
    await db.update(users).set({ status, updatedAt: at }).where(eq(users.id, id));
  },

  async count(db: Db | Tx): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
    return row?.n ?? 0;
  },
};
