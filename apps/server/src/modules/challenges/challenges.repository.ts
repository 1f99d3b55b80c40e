import { and, asc, count, eq, exists, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { challengePhases, challenges, orders, tradingAccounts } from '../../db/schema/index.ts';

export type ChallengeRow = typeof challenges.$inferSelect;
export type NewChallenge = typeof challenges.$inferInsert;
export type PhaseRow = typeof challengePhases.$inferSelect;
export type NewPhase = Omit<typeof challengePhases.$inferInsert, 'challengeId' | 'position' | 'id'>;
export type ChallengeWithPhases = ChallengeRow & { phases: PhaseRow[] };

export const challengesRepository = {
  async list(db: Db | Tx, status?: ChallengeRow['status']): Promise<ChallengeWithPhases[]> {
    const rows = await db
      .select()
      .from(challenges)
      .where(status ? eq(challenges.status, status) : undefined)
      .orderBy(asc(challenges.accountSizeCents), asc(challenges.name));
    if (rows.length === 0) return [];
    const phases = await db
      .select()
      .from(challengePhases)
      .where(
        inArray(
          challengePhases.challengeId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(challengePhases.challengeId), asc(challengePhases.position));
    const byChallenge = new Map<string, PhaseRow[]>();
    for (const p of phases) {
      const list = byChallenge.get(p.challengeId) ?? [];
      list.push(p);
      byChallenge.set(p.challengeId, list);
    }
    return rows.map((r) => ({ ...r, phases: byChallenge.get(r.id) ?? [] }));
  },

  async findById(
    db: Db | Tx,
    id: string,
    opts: { forUpdate?: boolean } = {},
  ): Promise<ChallengeWithPhases | undefined> {
    const q = db.select().from(challenges).where(eq(challenges.id, id)).limit(1);
    const [row] = opts.forUpdate ? await q.for('update') : await q;
    if (!row) return undefined;
    const phases = await db
      .select()
      .from(challengePhases)
      .where(eq(challengePhases.challengeId, id))
      .orderBy(asc(challengePhases.position));
    return { ...row, phases };
  },

  async findBySlug(db: Db | Tx, slug: string): Promise<ChallengeRow | undefined> {
    const [row] = await db.select().from(challenges).where(eq(challenges.slug, slug)).limit(1);
    return row;
  },

  async count(db: Db | Tx): Promise<number> {
    const [row] = await db.select({ n: count() }).from(challenges);
    return row?.n ?? 0;
  },

  async insert(db: Db | Tx, challenge: NewChallenge, phases: NewPhase[]): Promise<string> {
    const [row] = await db.insert(challenges).values(challenge).returning({ id: challenges.id });
    await this.replacePhases(db, row!.id, phases);
    return row!.id;
  },

  async update(db: Db | Tx, id: string, patch: Partial<NewChallenge>): Promise<void> {
    await db.update(challenges).set(patch).where(eq(challenges.id, id));
  },

  async replacePhases(db: Db | Tx, challengeId: string, phases: NewPhase[]): Promise<void> {
    await db.delete(challengePhases).where(eq(challengePhases.challengeId, challengeId));
    await db.insert(challengePhases).values(phases.map((p, position) => ({ ...p, challengeId, position })));
  },

  async delete(db: Db | Tx, id: string): Promise<void> {
    await db.delete(challenges).where(eq(challenges.id, id));
  },

  /** Trading accounts per challenge (all statuses), for the staff list; a challenge without any is absent. */
  async accountCounts(db: Db | Tx, ids: string[]): Promise<Map<string, number>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ id: tradingAccounts.challengeId, n: count() })
      .from(tradingAccounts)
      .where(inArray(tradingAccounts.challengeId, ids))
      .groupBy(tradingAccounts.challengeId);
    return new Map(rows.map((r) => [r.id, r.n]));
  },

  async accountCount(db: Db | Tx, id: string): Promise<number> {
    const [row] = await db.select({ n: count() }).from(tradingAccounts).where(eq(tradingAccounts.challengeId, id));
    return row?.n ?? 0;
  },
  /**
   * Which of `ids` any order (of any status) names, for the staff list: one index probe per
   * challenge (orders_challenge_created_idx), however many orders each has.
   */
  async withOrders(db: Db | Tx, ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const anyOrder = db
      .select({ one: sql`1` })
      .from(orders)
      .where(eq(orders.challengeId, challenges.id));
    const rows = await db
      .select({ id: challenges.id })
      .from(challenges)
      .where(and(inArray(challenges.id, ids), exists(anyOrder)));
    return new Set(rows.map((r) => r.id));
  },

  /** Whether any order (of any status) names the challenge: its record must stay. */
  async hasOrders(db: Db | Tx, id: string): Promise<boolean> {
    const rows = await db.select({ id: orders.id }).from(orders).where(eq(orders.challengeId, id)).limit(1);
    return rows.length > 0;
  },
};
