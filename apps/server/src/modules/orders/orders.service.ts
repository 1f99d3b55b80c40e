import type { FastifyBaseLogger } from 'fastify';
import {
  formatOrderNumber,
  type checkoutRequestSchema,
  type quoteRequestSchema,
  type BillingDetails,
  type Order,
  type OrderListParams,
  type Quote,
} from '@app/contracts/commerce';
import type { z } from 'zod';
import type { myOrdersQuerySchema } from '@app/contracts/commerce';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Principal } from '../../plugins/access.ts';
import type { Scope } from '../../plugins/scoped-reads.ts';
import type { AccountRow, AccountsService } from '../accounts/index.ts';
import { mailPreferencesOf } from '../../db/mail-preferences.ts';
import { recordAudit } from '../audit/index.ts';
import type { ChallengesService } from '../challenges/index.ts';
import type { OutboxService } from '../mail/index.ts';
import type { UsersService } from '../users/index.ts';
import { usedUp } from './discount-check.ts';
import { discountCodesRepository } from './discount-codes.repository.ts';
import type { InvoiceSeller } from './invoice-document.ts';
import { formatAmount, orderReceivedMail, type MailLocale } from './mail-texts.ts';
import { markPaid } from './mark-paid.ts';
import { toAdminOrderDto, toOrderDto, type BankDetails } from './orders.dto.ts';
import { ordersCsv } from './orders-csv.ts';
import { OrderInvoices } from './order-invoices.ts';
import { cancelOrder, closePaymentPages, refundOrder, type CancelledOrder } from './order-staff-actions.ts';
import { sellAgainAsPlaced } from './sell-again.ts';
import { ordersRepository, type OrderRow } from './orders.repository.ts';
import type { PaymentNotice, PaymentStart } from './payment-provider.ts';
import type { PaymentProviders } from './payment-providers.ts';
import { OrderPricing } from './order-pricing.ts';
import { orderTimeline } from './order-timeline.ts';
import { applyPaymentNotice } from './payment-notice.ts';

type QuoteInput = z.output<typeof quoteRequestSchema>;
type CheckoutInput = z.output<typeof checkoutRequestSchema>;
type MyOrdersParams = z.output<typeof myOrdersQuerySchema>;

export interface OrdersSettings {
  seller: InvoiceSeller;
  bank: BankDetails;
  /** Country → VAT in basis points. */
  vatRates: ReadonlyMap<string, number>;
  publicUrl: string;
}

export interface OrdersDeps {
  db: Db;
  clock: Clock;
  settings: OrdersSettings;
  providers: PaymentProviders;
  challenges: ChallengesService;
  accounts: AccountsService;
  users: UsersService;
  outbox: OutboxService;
  log: FastifyBaseLogger;
}

/**
 * Orders from checkout to refund. Amounts come from the challenge and the stored discount code,
 * frozen on the order; every change of state is a guarded update inside a transaction, and staff
 * changes are audited in it.
 */
export class OrdersService {
  private readonly db: Db;
  private readonly clock: Clock;
  /** Orders' invoices as PDFs (download and mail attachment). */
  readonly invoices: OrderInvoices;
  private readonly pricing: OrderPricing;

  constructor(private readonly deps: OrdersDeps) {
    this.db = deps.db;
    this.clock = deps.clock;
    this.invoices = new OrderInvoices(deps.db);
    this.pricing = new OrderPricing({
      db: deps.db,
      clock: deps.clock,
      challenges: deps.challenges,
      sellerCountry: deps.settings.seller.country,
      vatRates: deps.settings.vatRates,
    });
  }

  // ---------------------------------------------------------------- buying

  async quote(input: QuoteInput): Promise<Quote> {
    const challenge = await this.pricing.activeChallenge(input.challengeId);
    const discount = input.discountCode ? await this.pricing.usableDiscount(input.discountCode, challenge.id) : null;
    const pricing = this.pricing.price(challenge, discount, { country: input.country ?? null, vatId: input.vatId });
    return { challengeId: challenge.id, ...pricing };
  }

  /**
   * Places the order (one transaction: the discount's use, the order, the "received" mail), then
   * starts its payment. A provider that cannot be reached leaves the order pending: 503, retry.
   */
  async checkout(user: Principal, input: CheckoutInput, locale: MailLocale): Promise<Order> {
    const challenge = await this.pricing.activeChallenge(input.challengeId);
    const provider = this.deps.providers.forCheckout(input.provider);
    const discount = input.discountCode ? await this.pricing.usableDiscount(input.discountCode, challenge.id) : null;
    const pricing = this.pricing.price(challenge, discount, input.billing);
    const now = this.clock.now();
    const { discountCode: _code, ...amounts } = pricing;
    const order = await this.db.transaction(async (tx) => {
      // The guarded increment: with one use left, one order under any concurrency gets it.
      if (discount && !(await discountCodesRepository.takeUse(tx, discount.id))) throw usedUp(discount.code);
      const row = await ordersRepository.insert(tx, {
        userId: user.userId,
        challengeId: challenge.id,
        ...amounts,
        discountCodeId: discount?.id ?? null,
        provider: provider.name,
        billing: input.billing,
        locale,
        createdAt: now,
        updatedAt: now,
      });
      const transfer =
        provider.name === 'manual'
          ? {
              ...this.deps.settings.bank,
              reference: formatOrderNumber(row.number),
              amount: formatAmount(locale, row.currency, row.totalCents),
            }
          : null;
      const mail = orderReceivedMail(locale, {
        name: input.billing.name,
        orderNumber: formatOrderNumber(row.number),
        challenge: challenge.name,
        total: formatAmount(locale, row.currency, row.totalCents),
        transfer,
        billingUrl: `${this.deps.settings.publicUrl}/billing`,
      });
      // Turned off on the profile: the order and its payment details are on /billing.
      if ((await mailPreferencesOf(tx, user.userId)).wants('orders')) {
        await this.deps.outbox.enqueue(tx, { to: user.email, ...mail, aboutId: row.id, userId: row.userId });
      }
      return row;
    });
    try {
      await this.startPayment(order, user.email, challenge.name);
    } finally {
      // One delivery run for the "received" mail and, when paid at once, the payment's mails.
      this.deps.outbox.notify();
    }
    return this.view(order.id);
  }

  /** A member's own pending or failed card payment, started again (a new Checkout page). */
  async retry(user: Principal, id: string): Promise<Order> {
    const now = this.clock.now();
    const order = await this.db.transaction(async (tx) => {
      const row = await ordersRepository.lockById(tx, id);
      if (!row || row.userId !== user.userId) throw notFound('order');
      if (row.provider !== 'stripe') {
        throw new AppError('CONFLICT', 409, 'Only a card payment can be retried; this order is paid by another method');
      }
      if (row.status === 'pending') return row;
      if (row.status !== 'failed') {
        throw new AppError(
          'ORDER_NOT_PENDING',
          409,
          `The order is ${row.status}; only a pending or failed order is retried`,
        );
      }
      await sellAgainAsPlaced(tx, this.deps.challenges, row, now);
      return (await ordersRepository.transition(tx, id, ['failed'], {
        status: 'pending',
        failedAt: null,
        failureReason: null,
        // Until the new page is opened: with the provider down the member is offered Retry again.
        checkoutUrl: null,
        updatedAt: now,
      }))!;
    });
    const view = (await ordersRepository.findView(this.db, order.id))!;
    // The page opened before is closed first, so that the order cannot be paid on both.
    if (order.status === 'pending') await closePaymentPages(this.deps, [order]);
    await this.startPayment(order, view.userEmail, view.challengeName);
    return this.view(order.id);
  }

  private async startPayment(order: OrderRow, email: string, challengeName: string): Promise<void> {
    const provider = this.deps.providers.of(order.provider);
    const number = formatOrderNumber(order.number);
    const base = this.deps.settings.publicUrl;
    // A code that takes the whole price: nothing to collect (Stripe refuses a zero amount anyway).
    const start: PaymentStart =
      order.totalCents === 0
        ? { kind: 'paid', reference: `FREE-${number}` }
        : await provider.start(
            {
              id: order.id,
              number,
              totalCents: order.totalCents,
              currency: order.currency,
              email,
              description: `${challengeName} (${number})`,
              locale: order.locale,
            },
            { success: `${base}/billing?order=${order.id}&paid=1`, cancel: `${base}/billing?order=${order.id}` },
          );
    const at = this.clock.now();
    if (start.kind === 'paid') {
      const result = await this.db.transaction((tx) =>
        markPaid(this.markPaidDeps(), tx, order.id, { at, reference: start.reference }),
      );
      if (result.account) this.deps.accounts.publishChanges([result.account]);
      return;
    }
    await ordersRepository.setPaymentStart(this.db, order.id, {
      providerReference: start.reference,
      checkoutUrl: start.kind === 'redirect' ? start.url : null,
      at,
    });
  }

  /** Marks paid in its own transaction; after the commit, mails go out and the account is announced. */
  private async pay(
    orderId: string,
    opts: { at: Date; reference: string | null },
    inTx?: (tx: Tx, order: OrderRow) => Promise<void>,
  ) {
    const result = await this.db.transaction(async (tx) => {
      const r = await markPaid(this.markPaidDeps(), tx, orderId, opts);
      if (inTx) await inTx(tx, r.order);
      return r;
    });
    this.afterPaid(result.account, result.paidNow);
    return result;
  }

  private afterPaid(account: AccountRow | undefined, paidNow: boolean) {
    if (account) this.deps.accounts.publishChanges([account]);
    if (paidNow) this.deps.outbox.notify();
  }

  private markPaidDeps() {
    return {
      accounts: this.deps.accounts,
      outbox: this.deps.outbox,
      seller: this.deps.settings.seller,
      publicUrl: this.deps.settings.publicUrl,
    };
  }

  // ---------------------------------------------------------------- reading

  async listMine(scope: Scope, q: MyOrdersParams) {
    const { rows, total } = await ordersRepository.listMine(this.db, scope.userId, q);
    return {
      items: rows.map((o) => toOrderDto(o, this.deps.settings.bank)),
      total,
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  async getMine(scope: Scope, id: string): Promise<{ order: Order }> {
    const o = await ordersRepository.findView(this.db, id);
    if (!o || o.userId !== scope.userId) throw notFound('order');
    return { order: toOrderDto(o, this.deps.settings.bank) };
  }

  /** Staff read a user's orders: the user must exist. */
  async staffScope(userId: string): Promise<Scope> {
    if (!(await this.deps.users.findById(userId))) throw notFound('user');
    return { userId };
  }

  async adminList(q: OrderListParams) {
    const { rows, total } = await ordersRepository.listAdmin(this.db, q);
    return {
      items: rows.map((o) => toAdminOrderDto(o, this.deps.settings.bank)),
      total,
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  adminCsv(q: OrderListParams): AsyncIterable<string> {
    return ordersCsv(this.db, q);
  }

  async adminDetail(id: string) {
    const o = await ordersRepository.findView(this.db, id);
    if (!o) throw notFound('order');
    const [audit, mails, chain] = await Promise.all([
      ordersRepository.auditOf(this.db, id),
      this.deps.outbox.mailsAbout(id),
      this.deps.accounts.chainOfOrder(id),
    ]);
    return { order: toAdminOrderDto(o, this.deps.settings.bank), timeline: orderTimeline(o, audit, mails, chain) };
  }

  // ---------------------------------------------------------------- staff actions (ADMIN)

  /** A bank transfer arrived: the manual order is paid (invoice, account, mails), audited. */
  async staffMarkPaid(actor: Principal, id: string, reference: string) {
    const before = await ordersRepository.findById(this.db, id);
    if (!before) throw notFound('order');
    if (before.provider !== 'manual') {
      throw new AppError(
        'CONFLICT',
        409,
        'Only a bank transfer order is marked paid by hand; its provider confirms it',
      );
    }
    if (before.status !== 'pending') {
      throw new AppError(
        'ORDER_NOT_PENDING',
        409,
        `The order is ${before.status}; only a pending order can be marked paid`,
      );
    }
    const at = this.clock.now();
    const result = await this.pay(id, { at, reference: null }, async (tx, paid) => {
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'order.mark_paid',
        targetType: 'order',
        targetId: id,
        before: { status: 'pending' },
        after: { status: paid.status, bankReference: reference || null },
        at,
      });
    });
    // A concurrent confirmation got there first: this one changed nothing and says so.
    if (!result.paidNow) throw new AppError('ORDER_NOT_PENDING', 409, 'The order has just been paid');
    return { order: await this.adminView(id) };
  }

  /** pending → cancelled; the discount use is given back, the payment page closed (order-staff-actions.ts). */
  async cancel(actor: Principal, id: string, reason: string) {
    const { providers, log } = this.deps;
    await cancelOrder({ db: this.db, providers, log }, { actorId: actor.userId, id, reason, at: this.clock.now() });
    return { order: await this.adminView(id) };
  }

  /** The payment pages of orders cancelled elsewhere (a buyer's erasure), after that commit. */
  closePaymentPages(cancelled: readonly CancelledOrder[]): Promise<void> {
    return closePaymentPages(this.deps, cancelled);
  }

  /** paid → refunded at the provider; the provisioned account is closed (order-staff-actions.ts). */
  async refund(actor: Principal, id: string, reason: string) {
    const closed = await refundOrder(
      { db: this.db, providers: this.deps.providers, accounts: this.deps.accounts },
      { actorId: actor.userId, id, reason, at: this.clock.now() },
    );
    if (closed) this.deps.accounts.publishChanges([closed]);
    return { order: await this.adminView(id) };
  }

  // ---------------------------------------------------------------- provider webhooks

  /** A verified provider notice, acted on once (`payment-notice.ts`); live streams and mail follow the commit. */
  async handleNotice(provider: 'stripe', notice: PaymentNotice): Promise<{ received: true }> {
    const { account, paidNow } = await applyPaymentNotice(
      { db: this.db, at: this.clock.now(), markPaid: this.markPaidDeps() },
      provider,
      notice,
    );
    this.afterPaid(account, paidNow);
    return { received: true };
  }

  // ---------------------------------------------------------------- helpers

  private async view(id: string): Promise<Order> {
    return toOrderDto((await ordersRepository.findView(this.db, id))!, this.deps.settings.bank);
  }

  private async adminView(id: string) {
    return toAdminOrderDto((await ordersRepository.findView(this.db, id))!, this.deps.settings.bank);
  }
}

export type { BillingDetails };
