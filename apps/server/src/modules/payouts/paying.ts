// What marking a payout paid books on its account (decision 038): the profit's withdrawal, unless
// the bridge has already reported that withdrawal from the trading server (it names the payout, and
// the withdrawal is counted once). Only then may the account have moved on since: the money is out.
import type { IngestEvent } from '@app/contracts';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { PAYOUT_NAMESPACE } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { formatMoney } from '../../lib/mail-locale.ts';
import { positionsOpen } from '../../engine/index.ts';
import { stateOf } from '../accounts/index.ts';
import type { AccountRecord, PayoutRow } from './payouts.repository.ts';

const notEligible = (message: string) => new AppError('PAYOUT_NOT_ELIGIBLE', 409, message);

/**
 * The payout's withdrawal as stored on its account, or null: while the payout is approved, only its
 * bridge can have sent it (the platform books its own when marking it paid).
 */
export async function storedWithdrawal(
  db: Db | Tx,
  payout: Pick<PayoutRow, 'id' | 'accountId'>,
): Promise<{ eventId: string; at: Date } | null> {
  return (await reportedWithdrawals(db, [payout])).get(payout.id) ?? null;
}

/** storedWithdrawal for several payouts in one query, by payout id. */
export async function reportedWithdrawals(
  db: Db | Tx,
  approved: Array<Pick<PayoutRow, 'id' | 'accountId'>>,
): Promise<Map<string, { eventId: string; at: Date }>> {
  if (approved.length === 0) return new Map();
  const each = approved.map((p) => sql`(account_id = ${p.accountId}::uuid and event_key = ${p.id} collate "C")`);
  const result = await db.execute(sql`
    select event_key, event_id, time from account_events
    where key_connector_id = ${PAYOUT_NAMESPACE}::uuid and (${sql.join(each, sql` or `)})`);
  const rows = (result as unknown as { rows: Array<{ event_key: string; event_id: string; time: Date | string }> })
    .rows;
  return new Map(rows.map((r) => [r.event_key, { eventId: r.event_id, at: new Date(r.time) }]));
}

/** Whether the payout's withdrawal is stored on its account already (a bridge reported it). */
export const withdrawalReported = async (tx: Tx, payout: Pick<PayoutRow, 'id' | 'accountId'>) =>
  (await storedWithdrawal(tx, payout)) !== null;

/**
 * Why the platform cannot withdraw the payout's profit from the account as it is now, or null. A
 * failed or closed account is not paid, and neither is one with positions open (their floating
 * loss and the withdrawal together could breach the max loss), nor one whose profit no longer
 * covers the withdrawal.
 */
export function refusalToWithdraw(account: AccountRecord, payout: PayoutRow): AppError | null {
  if (account.phaseKind !== 'funded' || account.status !== 'active') {
    return notEligible(
      `The account is no longer a funded, active account (it is ${account.status}): reject the payout instead`,
    );
  }
  const openPositions = positionsOpen(stateOf(account));
  if (openPositions > 0)
    return notEligible(`${openPositions} position(s) are open on the account: pay once they are closed`);
  const profit = account.balanceCents - account.initialBalanceCents;
  if (profit < payout.grossCents) {
    return notEligible(
      `The account's profit (${formatMoney('en', account.currency, Math.max(0, profit))}) no longer covers the ${formatMoney('en', account.currency, payout.grossCents)} this payout withdraws`,
    );
  }
  return null;
}

/** A payout whose withdrawal the trading server has made cannot be rejected: it is paid. */
export const alreadyWithdrawn = () =>
  new AppError(
    'PAYOUT_ALREADY_WITHDRAWN',
    409,
    "The trading server has already withdrawn this payout's amount from the account (reported by its bridge): mark it paid",
  );

/**
 * The withdrawal the platform books for a paid payout: its gross amount (the trader's share and the
 * firm's), keyed by the payout so that it is booked once, however often or by whom it is sent.
 */
export function payoutWithdrawalEvent(
  payout: { id: string; grossCents: number },
  login: string,
  at: Date,
): IngestEvent {
  return {
    id: `payout-${payout.id}`,
    type: 'balance',
    account: login,
    time: at.getTime(),
    kind: 'withdrawal',
    amount: -payout.grossCents,
    comment: `payout ${payout.id}`,
    payout: payout.id,
  };
}
