import type { Db, Tx } from '../../db/client.ts';
import { loginEvents } from '../../db/schema/index.ts';

export type NewLoginEvent = typeof loginEvents.$inferInsert;

export const loginEventsRepository = {
  async insert(db: Db | Tx, event: NewLoginEvent): Promise<void> {
    await db.insert(loginEvents).values(event);
  },
};
