import { desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { certificates } from '../../db/schema/index.ts';
import { newCertificateCode } from './certificate-code.ts';

export type CertificateRow = typeof certificates.$inferSelect;

export const certificatesRepository = {
  /** Issues a milestone certificate once per (account, kind); returns undefined when it exists. */
  async issue(
    db: Db | Tx,
    c: {
      kind: CertificateRow['kind'];
      userId: string;
      accountId: string | null;
      amountCents?: number | null;
      currency: string;
      issuedAt: Date;
    },
  ): Promise<CertificateRow | undefined> {
    const [row] = await db
      .insert(certificates)
      .values({ ...c, amountCents: c.amountCents ?? null, code: newCertificateCode() })
      .onConflictDoNothing()
      .returning();
    return row;
  },

  async listByUser(db: Db | Tx, userId: string): Promise<CertificateRow[]> {
    return db.select().from(certificates).where(eq(certificates.userId, userId)).orderBy(desc(certificates.issuedAt));
  },

  async listByAccount(db: Db | Tx, accountId: string): Promise<CertificateRow[]> {
    return db
      .select()
      .from(certificates)
      .where(eq(certificates.accountId, accountId))
      .orderBy(desc(certificates.issuedAt));
  },
};
