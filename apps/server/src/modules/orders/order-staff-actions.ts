// Staff ending an order, each in one transaction with its audit record: cancelling a pending order
// (the discount use is given back; every pending order of a buyer being anonymised too) and
// refunding a paid one (at the provider, inside the transaction, so a refused refund changes
// nothing; the provisioned account is closed).
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { AccountRow, AccountsService } from '../accounts/index.ts';
import { recordAudit } from '../audit/index.ts';
import { discountCodesRepository } from './discount-codes.repository.ts';
import { ordersRepository, type OrderRow } from './orders.repository.ts';
import type { PaymentProviders } from './payment-providers.ts';

/** Who ends which order, why, and when. */
export interface StaffAction {
  actorId: string;
  id: string;
  reason: string;
  at: Date;
}

/**
 * pending → cancelled. After the commit, the provider's payment page is closed so the buyer can no
 * longer pay the cancelled order; if the provider cannot be reached, the cancel stands (logged) and
 * a late payment is flagged for a refund.
 */
export async function cancelOrder(
  deps: { db: Db; providers: PaymentProviders; log: FastifyBaseLogger },
  { actorId, id, reason, at }: StaffAction,
): Promise<void> {
  const row = await deps.db.transaction(async (tx) => {
    const locked = await ordersRepository.lockById(tx, id);
    if (!locked) throw notFound('order');
    if (locked.status !== 'pending') {
      throw new AppError(
        'ORDER_NOT_PENDING',
        409,
        `The order is ${locked.status}; only a pending order can be cancelled`,
      );
    }
    await ordersRepository.transition(tx, id, ['pending'], { status: 'cancelled', cancelledAt: at, updatedAt: at });
    await afterCancel(tx, locked, { actorId, reason, at });
    return locked;
  });
  await closePaymentPages(deps, [row]);
}

/** What a cancelled order needs to have its payment page closed. */
export type CancelledOrder = Pick<OrderRow, 'id' | 'provider' | 'providerReference'>;

/**
 * After the commit of a cancellation (or before a retry opens a new page): each order's page at its
 * provider is closed, so the buyer can no longer pay on it. A provider that cannot be reached is
 * logged and the change stands; a payment that still arrives is flagged for a refund (the
 * `order.paid_after_close` and `order.paid_twice` paths).
 */
export async function closePaymentPages(
  deps: { providers: PaymentProviders; log: FastifyBaseLogger },
  cancelled: readonly CancelledOrder[],
): Promise<void> {
  for (const row of cancelled) {
    if (!row.providerReference) continue;
    await deps.providers
      .of(row.provider)
      .abandon(row.providerReference)
      .catch((err: unknown) => deps.log.warn({ err, orderId: row.id }, 'could not close a payment page'));
  }
}

/**
 * Every pending order of a user being anonymised (decision 028), cancelled in the caller's
 * transaction as staff cancel one: a payment that arrives later then delivers nothing (the
 * `order.paid_after_close` path) — no invoice to an erased buyer, no account for them. Returns the
 * cancelled orders: the caller closes their payment pages after its commit (`closePaymentPages`).
 */
export async function cancelPendingOrdersOf(
  tx: Tx,
  { actorId, userId, reason, at }: { actorId: string; userId: string; reason: string; at: Date },
): Promise<CancelledOrder[]> {
  const cancelled = await ordersRepository.cancelPendingOf(tx, userId, at);
  for (const row of cancelled) await afterCancel(tx, row, { actorId, reason, at });
  return cancelled;
}

/** What follows a cancellation: the discount code's use given back, the audit record. */
async function afterCancel(
  tx: Tx,
  row: Pick<OrderRow, 'id' | 'discountCodeId'>,
  { actorId, reason, at }: Omit<StaffAction, 'id'>,
): Promise<void> {
  if (row.discountCodeId) await discountCodesRepository.giveUseBack(tx, row.discountCodeId);
  await recordAudit(tx, {
    actorId,
    action: 'order.cancel',
    targetType: 'order',
    targetId: row.id,
    before: { status: 'pending' },
    after: { status: 'cancelled', reason: reason || null },
    at,
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
