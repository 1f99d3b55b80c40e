// Staff ending an order, each in one transaction with its audit record: cancelling a pending order
// (the discount use is given back) and refunding a paid one (at the provider, inside the
// transaction, so a refused refund changes nothing; the provisioned account is closed).
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { AccountRow, AccountsService } from '../accounts/index.ts';
import { recordAudit } from '../audit/index.ts';
import { discountCodesRepository } from './discount-codes.repository.ts';
import { ordersRepository } from './orders.repository.ts';
import type { PaymentProviders } from './payment-providers.ts';

/** Who ends which order, why, and when. */
export interface StaffAction {
  actorId: string;
  id: string;
  reason: string;
  at: Date;
}

/** pending → cancelled. */
export async function cancelOrder(db: Db, { actorId, id, reason, at }: StaffAction): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await ordersRepository.lockById(tx, id);
    if (!row) throw notFound('order');
    if (row.status !== 'pending') {
      throw new AppError('ORDER_NOT_PENDING', 409, `The order is ${row.status}; only a pending order can be cancelled`);
    }
    await ordersRepository.transition(tx, id, ['pending'], { status: 'cancelled', cancelledAt: at, updatedAt: at });
    if (row.discountCodeId) await discountCodesRepository.giveUseBack(tx, row.discountCodeId);
    await recordAudit(tx, {
      actorId,
      action: 'order.cancel',
      targetType: 'order',
      targetId: id,
      before: { status: row.status },
      after: { status: 'cancelled', reason: reason || null },
      at,
    });
  });
}

/**
 * paid → refunded; the provisioned account is closed unless funded or already final. Answers the
 * account it closed (publish it after the commit).
 */
export async function refundOrder(
  deps: { db: Db; providers: PaymentProviders; accounts: AccountsService },
  { actorId, id, reason, at }: StaffAction,
): Promise<AccountRow | undefined> {
  return deps.db.transaction(async (tx) => {
    const row = await ordersRepository.lockById(tx, id);
    if (!row) throw notFound('order');
    if (row.status !== 'paid') {
      throw new AppError('ORDER_NOT_PAID', 409, `The order is ${row.status}; only a paid order can be refunded`);
    }
    // A free order (a full discount) took no money: nothing to give back at the provider.
    if (row.totalCents > 0) {
      await deps.providers.of(row.provider).refund({
        reference: row.providerReference,
        totalCents: row.totalCents,
        currency: row.currency,
      });
    }
    await ordersRepository.transition(tx, id, ['paid'], { status: 'refunded', refundedAt: at, updatedAt: at });
    const closed = await deps.accounts.closeForRefund(tx, { orderId: id, actorId, at });
    await recordAudit(tx, {
      actorId,
      action: 'order.refund',
      targetType: 'order',
      targetId: id,
      before: { status: 'paid' },
      after: { status: 'refunded', reason: reason || null, accountClosed: closed?.id ?? null },
      at,
    });
    return closed;
  });
}
