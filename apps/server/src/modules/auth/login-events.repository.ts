import { and, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { loginEvents } from '../../db/schema/index.ts';

export type NewLoginEvent = typeof loginEvents.$inferInsert;

export const loginEventsRepository = {
  async insert(db: Db | Tx, event: NewLoginEvent): Promise<void> {
    await db.insert(loginEvents).values(event);
  },

  /** The insert, not yet run: for db/write-together.ts. */
  insertQuery: (db: Db | Tx, event: NewLoginEvent) => db.insert(loginEvents).values(event),

  /** The account's last successful sign-ins: the devices and places it is known from. */
  async recentSuccesses(db: Db | Tx, userId: string, limit: number) {
    return db
      .select({ userAgent: loginEvents.userAgent, geolocation: loginEvents.geolocation })
      .from(loginEvents)
      .where(and(eq(loginEvents.userId, userId), eq(loginEvents.outcome, 'success')))
      .orderBy(desc(loginEvents.createdAt))
      .limit(limit);
  },

  /** The last `limit` login attempts on the account, newest first. */
  async recent(db: Db | Tx, userId: string, limit: number) {
    return db
      .select()
      .from(loginEvents)
      .where(eq(loginEvents.userId, userId))
      .orderBy(desc(loginEvents.createdAt))
      .limit(limit);
  },
};
