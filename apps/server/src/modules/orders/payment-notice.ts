// A verified provider notice (Stripe's webhook), acted on once: its event id is recorded first in
// the transaction, so a replay (or a concurrent duplicate delivery) finds it and changes nothing.
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AccountRow } from '../accounts/index.ts';
import { recordAudit } from '../audit/index.ts';
import { discountCodesRepository } from './discount-codes.repository.ts';
import { markPaid, type MarkPaidDeps } from './mark-paid.ts';
import { ordersRepository, type OrderRow } from './orders.repository.ts';
import { paymentEventsRepository } from './payment-events.repository.ts';
import type { PaymentNotice } from './payment-provider.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the caller does after the commit: publish the account, ask for the mail delivery. */
export interface NoticeOutcome {
  account: AccountRow | undefined;
  paidNow: boolean;
}

export async function applyPaymentNotice(
  deps: { db: Db; at: Date; markPaid: MarkPaidDeps },
  provider: 'stripe',
  notice: PaymentNotice,
): Promise<NoticeOutcome> {
  const { db, at } = deps;
  if (notice.type === 'ignored') {
    await db.transaction((tx) =>
      paymentEventsRepository.record(tx, { provider, eventId: notice.eventId, type: 'ignored', orderId: null, at }),
    );
    return { account: undefined, paidNow: false };
  }
  const order = await orderOfNotice(db, provider, notice);
  let account: AccountRow | undefined;
  let paidNow = false;
  await db.transaction(async (tx) => {
    const fresh = await paymentEventsRepository.record(tx, {
      provider,
      eventId: notice.eventId,
      type: notice.type,
      orderId: order.id,
      at,
    });
    if (!fresh) return;
    if (notice.type === 'paid') {
      if (notice.amountCents !== order.totalCents || notice.currency !== order.currency) {
        throw new AppError(
          'PAYMENT_MISMATCH',
          400,
          `The payment (${notice.amountCents ?? '?'} ${notice.currency ?? '?'}) does not match the order (${order.totalCents} ${order.currency})`,
        );
      }
      try {
        const r = await markPaid(deps.markPaid, tx, order.id, { at, reference: notice.reference });
        account = r.account;
        paidNow = r.paidNow;
        // A second payment page of the same order paid too (two tabs, a retry): the money came in
        // twice. Nothing more is delivered; staff see it in the audit log and refund it at Stripe.
        if (!r.paidNow && notice.reference && r.order.providerReference !== notice.reference) {
          await recordAudit(tx, {
            actorId: null,
            action: 'order.paid_twice',
            targetType: 'order',
            targetId: order.id,
            before: { reference: r.order.providerReference },
            after: { reference: notice.reference, amountCents: notice.amountCents, currency: notice.currency },
            at,
          });
        }
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'ORDER_NOT_PENDING')) throw error;
        // Money taken for an order already cancelled or failed: nothing is delivered, and the
        // event is acknowledged (a refusal would only make Stripe retry it for days). The audit
        // log keeps it for staff, who refund it at Stripe.
        await recordAudit(tx, {
          actorId: null,
          action: 'order.paid_after_close',
          targetType: 'order',
          targetId: order.id,
          after: { reference: notice.reference, amountCents: notice.amountCents, currency: notice.currency },
          at,
        });
      }
    } else if (notice.type === 'failed') {
      // The end of a Checkout page the member has since replaced (a retry) fails nothing.
      if (notice.reference && order.providerReference && notice.reference !== order.providerReference) return;
      const failed = await ordersRepository.transition(tx, order.id, ['pending'], {
        status: 'failed',
        failedAt: at,
        failureReason: notice.failureReason,
        // The page no longer takes a payment: a retry opens a new one.
        checkoutUrl: null,
        updatedAt: at,
      });
      if (failed?.discountCodeId) await discountCodesRepository.giveUseBack(tx, failed.discountCodeId);
    } else if (notice.type === 'refunded') {
      const refunded = await ordersRepository.transition(tx, order.id, ['paid'], {
        status: 'refunded',
        refundedAt: at,
        updatedAt: at,
      });
      if (refunded) account = await deps.markPaid.accounts.closeForRefund(tx, { orderId: order.id, actorId: null, at });
    }
  });
  return { account, paidNow };
}

async function orderOfNotice(db: Db, provider: 'stripe', notice: PaymentNotice): Promise<OrderRow> {
  const byId =
    notice.orderId && UUID.test(notice.orderId) ? await ordersRepository.findById(db, notice.orderId) : undefined;
  const order =
    byId ?? (notice.reference ? await ordersRepository.findByReference(db, provider, notice.reference) : undefined);
  if (!order || order.provider !== provider) {
    throw new AppError('NOT_FOUND', 404, 'The webhook names no order paid through this provider');
  }
  return order;
}
