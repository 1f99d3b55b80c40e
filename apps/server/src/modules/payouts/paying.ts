// What marking a payout paid books on its account (decision 038): the profit's withdrawal, unless
// the bridge has already reported that withdrawal from the trading server (it names the payout, and
// the withdrawal is counted once). Only then may the account have moved on since: the money is out.
import type { IngestEvent } from '@app/contracts';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { PAYOUT_NAMESPACE } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { formatMoney } from '../../lib/mail-locale.ts';
import { stateOf } from '../accounts/index.ts';
import type { AccountRecord, PayoutRow } from './payouts.repository.ts';

const notEligible = (message: string) => new AppError('PAYOUT_NOT_ELIGIBLE', 409, message);

/** Whether the payout's withdrawal is stored on its account already (a bridge reported it). */
export async function withdrawalReported(tx: Tx, payout: Pick<PayoutRow, 'id' | 'accountId'>): Promise<boolean> {
  const result = await tx.execute(sql`
    select 1 from account_events
    where account_id = ${payout.accountId}::uuid and key_connector_id = ${PAYOUT_NAMESPACE}::uuid
      and event_key = ${payout.id} collate "C"`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

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
  const openPositions = stateOf(account).openPositions;
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
