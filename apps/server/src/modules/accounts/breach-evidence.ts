// Breach evidence: the equity path of the hours before a breach, kept with the account so a
// dispute can be settled from what the platform reported, not from memory.
import { and, desc, eq, gt, lte } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { accountEvents, breachEvidence } from '../../db/schema/index.ts';
import type { Breach } from '../../engine/index.ts';

/** How far back the path goes, and at most how many snapshots it keeps (the latest ones). */
export const EVIDENCE_WINDOW_MS = 6 * 3_600_000;
export const EVIDENCE_MAX_POINTS = 360;

export interface EquityPoint {
  t: number;
  balanceCents: number;
  equityCents: number;
}

/** Stores (or replaces) the account's evidence for `breach`, in the transaction that recorded it. */
export async function recordBreachEvidence(tx: Tx, accountId: string, breach: Breach): Promise<void> {
  const at = new Date(breach.at);
  const rows = await tx
    .select({ t: accountEvents.time, b: accountEvents.balanceCents, q: accountEvents.equityCents })
    .from(accountEvents)
    .where(
      and(
        eq(accountEvents.accountId, accountId),
        eq(accountEvents.kind, 'snapshot'),
        gt(accountEvents.time, new Date(breach.at - EVIDENCE_WINDOW_MS)),
        lte(accountEvents.time, at),
      ),
    )
    .orderBy(desc(accountEvents.time), desc(accountEvents.seq))
    .limit(EVIDENCE_MAX_POINTS);
  const path: EquityPoint[] = rows.reverse().map((r) => ({ t: r.t.getTime(), balanceCents: r.b!, equityCents: r.q! }));
  // The breach itself ends the path (a trade or the midnight check may have caused it, not a snapshot).
  if (path.at(-1)?.t !== breach.at) {
    path.push({ t: breach.at, balanceCents: breach.balanceCents, equityCents: breach.equityCents });
  }
  await tx
    .insert(breachEvidence)
    .values({ accountId, equityPath: path, recordedAt: new Date() })
    .onConflictDoUpdate({ target: breachEvidence.accountId, set: { equityPath: path, recordedAt: new Date() } });
}

export async function breachEvidenceOf(db: Db | Tx, accountId: string): Promise<EquityPoint[]> {
  const [row] = await db.select().from(breachEvidence).where(eq(breachEvidence.accountId, accountId)).limit(1);
  return (row?.equityPath as EquityPoint[] | undefined) ?? [];
}
