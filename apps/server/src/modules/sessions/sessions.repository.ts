import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';

export const SESSION_EVENTS_CHANNEL = 'session_events';

export type NewSession = typeof sessions.$inferInsert;

export const sessionsRepository = {
  async insert(db: Db | Tx, session: NewSession): Promise<void> {
    await db.insert(sessions).values(session);
  },

  /** The insert, not yet run: for db/write-together.ts. */
  insertQuery: (db: Db | Tx, session: NewSession) => db.insert(sessions).values(session),

  /** The session and the few user fields every authenticated request needs. */
  async findByTokenHash(db: Db | Tx, tokenHash: string) {
    const [row] = await db
      .select({
        id: sessions.id,
        userId: sessions.userId,
        expiresAt: sessions.expiresAt,
        lastSeenAt: sessions.lastSeenAt,
        revokedAt: sessions.revokedAt,
        revokedReason: sessions.revokedReason,
        email: users.email,
        role: users.role,
        status: users.status,
        mfaEnabled: sql<boolean>`${users.mfaEnabledAt} is not null`,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.tokenHash, tokenHash))
      .limit(1);
    return row;
  },

  /** Tells every server instance (LISTEN) that this user's sessions changed; sent at commit. */
  async notifyChanged(db: Db | Tx, userId: string): Promise<void> {
    await db.execute(sql`select pg_notify(${SESSION_EVENTS_CHANNEL}, ${userId})`);
  },

  async touch(db: Db | Tx, id: string, at: Date): Promise<void> {
    await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
  },

  async revoke(db: Db | Tx, id: string, reason: string, at: Date): Promise<void> {
    await db
      .update(sessions)
      .set({ revokedAt: at, revokedReason: reason })
      .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
  },

  /**
   * The user's sessions not revoked, not past their absolute expiry and seen since `seenAfter` (an
   * idle one no longer signs in), newest first.
   */
  async listActive(db: Db | Tx, userId: string, now: Date, seenAfter: Date) {
    return db
      .select({
        id: sessions.id,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        ip: sessions.ip,
        userAgent: sessions.userAgent,
        geolocation: sessions.geolocation,
      })
      .from(sessions)
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, now),
          gt(sessions.lastSeenAt, seenAfter),
        ),
      )
      .orderBy(desc(sessions.lastSeenAt))
      .limit(100);
  },

  /** Revokes one session of this user; false when it is not theirs or already ended. */
  async revokeOwn(db: Db | Tx, userId: string, id: string, reason: string, at: Date): Promise<boolean> {
    const rows = await db
      .update(sessions)
      .set({ revokedAt: at, revokedReason: reason })
      .where(and(eq(sessions.id, id), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return rows.length > 0;
  },

  async revokeAllForUser(db: Db | Tx, userId: string, reason: string, at: Date, exceptId?: string): Promise<void> {
    await db
      .update(sessions)
      .set({ revokedAt: at, revokedReason: reason })
      .where(
        and(eq(sessions.userId, userId), isNull(sessions.revokedAt), exceptId ? ne(sessions.id, exceptId) : undefined),
      );
  },
};
