import type { ConnectorListParams } from '@app/contracts/trading';
import { and, count, eq, gt, ilike, isNotNull, isNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { containsPattern, listOrder, pageOffset } from '../../db/list-page.ts';
import { connectors } from '../../db/schema/index.ts';

export type ConnectorRow = typeof connectors.$inferSelect;

/** NOTIFY channel of connector key changes (revocations, rotations); the payload is the connector id. */
export const CONNECTOR_CHANGES_CHANNEL = 'connector_changes';

const SORT_BY: Record<ConnectorListParams['sort'], SQL | AnyColumn> = {
  name: sql`lower(${connectors.name})`,
  createdAt: connectors.createdAt,
  lastUsedAt: connectors.lastUsedAt,
};

export const connectorsRepository = {
  async insert(db: Db | Tx, c: typeof connectors.$inferInsert): Promise<ConnectorRow> {
    const [row] = await db.insert(connectors).values(c).returning();
    return row!;
  },
  /** One page of connectors matching the filters, and how many match in all. */
  async listPage(db: Db | Tx, query: ConnectorListParams): Promise<{ rows: ConnectorRow[]; total: number }> {
    const where = and(
      query.q
        ? or(ilike(connectors.name, containsPattern(query.q)), ilike(connectors.keyPrefix, containsPattern(query.q)))
        : undefined,
      query.status === 'active'
        ? isNull(connectors.revokedAt)
        : query.status === 'revoked'
          ? isNotNull(connectors.revokedAt)
          : undefined,
    );
    const [rows, counted] = await Promise.all([
      db
        .select()
        .from(connectors)
        .where(where)
        .orderBy(...listOrder(SORT_BY[query.sort], query.order, connectors.id))
        .limit(query.pageSize)
        .offset(pageOffset(query)),
      db.select({ n: count() }).from(connectors).where(where),
    ]);
    return { rows, total: counted[0]?.n ?? 0 };
  },
  async findById(db: Db | Tx, id: string): Promise<ConnectorRow | undefined> {
    const [row] = await db.select().from(connectors).where(eq(connectors.id, id)).limit(1);
    return row;
  },
  /** The row, locked until the transaction ends (a rotation reads and replaces the key hash). */
  async lockById(tx: Tx, id: string): Promise<ConnectorRow | undefined> {
    const [row] = await tx.select().from(connectors).where(eq(connectors.id, id)).for('update').limit(1);
    return row;
  },
  /**
   * The unrevoked connector whose current key, or previous key still within its grace, hashes to
   * `keyHash`. One query: both hash columns are unique, hence indexed (a BitmapOr of the two).
   */
  async findActiveByHash(db: Db | Tx, keyHash: string, now: Date): Promise<ConnectorRow | undefined> {
    const [row] = await db
      .select()
      .from(connectors)
      .where(
        and(
          isNull(connectors.revokedAt),
          or(
            eq(connectors.keyHash, keyHash),
            and(eq(connectors.previousKeyHash, keyHash), gt(connectors.previousKeyExpiresAt, now)),
          ),
        ),
      )
      .limit(1);
    return row;
  },
  /**
   * A new key for an unrevoked connector: the current hash becomes the previous one (replacing any
   * older previous key, so one old key at most), valid until `previousKeyExpiresAt`.
   */
  async rotateKey(
    tx: Tx,
    id: string,
    next: { keyHash: string; keyPrefix: string; previousKeyExpiresAt: Date; rotatedAt: Date },
  ): Promise<ConnectorRow | undefined> {
    const [row] = await tx
      .update(connectors)
      // The right-hand side reads the row as it was before this update: the hash being replaced.
      .set({ ...next, previousKeyHash: sql`${connectors.keyHash}` })
      .where(and(eq(connectors.id, id), isNull(connectors.revokedAt)))
      .returning();
    return row;
  },
  /**
   * Tells every server, when the transaction commits, that a connector's keys changed: each drops
   * what it cached of them (NOTIFY on `CONNECTOR_CHANGES_CHANNEL`).
   */
  async announceChange(tx: Db | Tx, id: string): Promise<void> {
    await tx.execute(sql`select pg_notify(${CONNECTOR_CHANGES_CHANNEL}, ${id})`);
  },

  async revoke(db: Db | Tx, id: string, at: Date): Promise<void> {
    await db
      .update(connectors)
      .set({ revokedAt: at })
      .where(and(eq(connectors.id, id), isNull(connectors.revokedAt)));
  },
  async touch(db: Db | Tx, id: string, at: Date): Promise<void> {
    await db.update(connectors).set({ lastUsedAt: at }).where(eq(connectors.id, id));
  },
};
