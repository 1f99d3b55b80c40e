import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { connectors } from '../../db/schema/index.ts';

export type ConnectorRow = typeof connectors.$inferSelect;

export const connectorsRepository = {
  async insert(db: Db | Tx, c: typeof connectors.$inferInsert): Promise<ConnectorRow> {
    const [row] = await db.insert(connectors).values(c).returning();
    return row!;
  },
  async list(db: Db | Tx): Promise<ConnectorRow[]> {
    return db.select().from(connectors).orderBy(desc(connectors.createdAt));
  },
  async findById(db: Db | Tx, id: string): Promise<ConnectorRow | undefined> {
    const [row] = await db.select().from(connectors).where(eq(connectors.id, id)).limit(1);
    return row;
  },
  async findActiveByHash(db: Db | Tx, keyHash: string): Promise<ConnectorRow | undefined> {
    const [row] = await db
      .select()
      .from(connectors)
      .where(and(eq(connectors.keyHash, keyHash), isNull(connectors.revokedAt)))
      .limit(1);
    return row;
  },
  async revoke(db: Db | Tx, id: string, at: Date): Promise<void> {
    await db.update(connectors).set({ revokedAt: at }).where(and(eq(connectors.id, id), isNull(connectors.revokedAt)));
  },
  async touch(db: Db | Tx, id: string, at: Date): Promise<void> {
    await db.update(connectors).set({ lastUsedAt: at }).where(eq(connectors.id, id));
  },
};
