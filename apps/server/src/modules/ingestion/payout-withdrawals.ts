// A withdrawal may name the platform's payout it pays out (decision 038). The platform books that
// withdrawal itself when staff mark the payout paid; a bridge reporting it from the trading server
// names the payout, and the primary key counts it once. What it names must be that payout exactly.
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';

export interface PayoutWithdrawal {
  /** Index into the batch's events. */
  index: number;
  accountId: string;
  login: string;
  payoutId: string;
  amountCents: number;
}

interface PayoutRow {
  id: string;
  account_id: string;
  status: string;
  gross_cents: string;
}

/**
 * Why the first of these withdrawals cannot pay the payout it names, or null: the payout must
 * exist, belong to the withdrawal's account, be approved or paid (a payout still under review,
 * rejected or cancelled pays nothing), and be withdrawn in full, its gross amount (the trader's
 * share and the firm's). One query, and only for a batch that names payouts.
 */
export async function payoutWithdrawalRefusal(
  tx: Tx,
  withdrawals: PayoutWithdrawal[],
): Promise<{ index: number; message: string } | null> {
  if (!withdrawals.length) return null;
  const ids = [...new Set(withdrawals.map((w) => w.payoutId))];
  const result = await tx.execute(sql`
    select id, account_id, status, gross_cents from payouts where id = any(${sql.param(ids)}::uuid[])`);
  const payouts = new Map((result as unknown as { rows: PayoutRow[] }).rows.map((r) => [r.id, r]));
  for (const w of withdrawals) {
    const p = payouts.get(w.payoutId);
    const refuse = (why: string) => ({ index: w.index, message: `payout "${w.payoutId}" ${why}` });
    if (!p || p.account_id !== w.accountId) return refuse(`is not a payout of account "${w.login}"`);
    if (p.status !== 'approved' && p.status !== 'paid')
      return refuse(`is ${p.status}: only an approved payout is paid out`);
    if (-w.amountCents !== Number(p.gross_cents)) {
      return refuse(
        `withdraws ${Number(p.gross_cents)} cents (the trader's share and the firm's), not ${-w.amountCents}`,
      );
    }
  }
  return null;
}
