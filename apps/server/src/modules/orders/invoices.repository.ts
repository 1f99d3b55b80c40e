import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { invoiceCounters, invoices } from '../../db/schema/index.ts';

export type InvoiceRow = typeof invoices.$inferSelect;

export const invoicesRepository = {
  /**
   * The year's next invoice number: one upsert takes the counter row's lock until the transaction
   * ends, so numbers are handed out one at a time and a rolled-back payment gives its number back
   * (gapless, unlike a sequence).
   */
  async nextSeq(tx: Tx, year: number): Promise<number> {
    const [row] = await tx
      .insert(invoiceCounters)
      .values({ year, last: 1 })
      .onConflictDoUpdate({ target: invoiceCounters.year, set: { last: sql`${invoiceCounters.last} + 1` } })
      .returning({ last: invoiceCounters.last });
    return row!.last;
  },

  async insert(tx: Tx, values: typeof invoices.$inferInsert): Promise<InvoiceRow> {
    const [row] = await tx.insert(invoices).values(values).returning();
    return row!;
  },

  async findByOrder(db: Db | Tx, orderId: string): Promise<InvoiceRow | undefined> {
    const [row] = await db.select().from(invoices).where(eq(invoices.orderId, orderId)).limit(1);
    return row;
  },
};
