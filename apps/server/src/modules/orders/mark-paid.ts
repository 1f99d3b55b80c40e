// Paying an order, in one transaction, whoever confirms it (the demo provider, staff for a bank
// transfer, a Stripe webhook) and however often: the guarded update lets exactly one confirmation
// through; it numbers the invoice, freezes seller and buyer on it, provisions the phase-1 account
// and queues the mails. Every other confirmation finds the order paid and changes nothing.
import { formatInvoiceNumber, formatOrderNumber, type BillingDetails } from '@app/contracts/commerce';
import type { Tx } from '../../db/client.ts';
import { mailPreferencesOf } from '../../db/mail-preferences.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { credentialsMail, type AccountRow, type AccountsService } from '../accounts/index.ts';
import type { OutboxService } from '../mail/index.ts';
import type { InvoiceSeller } from './invoice-document.ts';
import { buyerOf } from './invoice-of-order.ts';
import { invoicesRepository } from './invoices.repository.ts';
import { formatAmount, orderPaidMail, type MailLocale } from './mail-texts.ts';
import { ordersRepository, type OrderRow } from './orders.repository.ts';

export interface MarkPaidDeps {
  accounts: AccountsService;
  outbox: OutboxService;
  seller: InvoiceSeller;
  publicUrl: string;
}

export interface MarkPaidResult {
  order: OrderRow;
  /** False: it was paid before (a replayed or concurrent confirmation); nothing changed. */
  paidNow: boolean;
  /** The account provisioned now (publish it after the commit). */
  account: AccountRow | undefined;
}

/** The attachment kind the outbox renders through the orders module (the invoice PDF). */
export const INVOICE_ATTACHMENT = 'invoice';

export async function markPaid(
  deps: MarkPaidDeps,
  tx: Tx,
  orderId: string,
  opts: { at: Date; reference: string | null },
): Promise<MarkPaidResult> {
  const paid = await ordersRepository.markPaid(tx, orderId, opts.at, opts.reference);
  if (!paid) {
    const current = await ordersRepository.findById(tx, orderId);
    if (!current) throw notFound('order');
    if (current.status === 'paid' || current.status === 'refunded')
      return { order: current, paidNow: false, account: undefined };
    throw new AppError('ORDER_NOT_PENDING', 409, `The order is ${current.status}; only a pending order can be paid`);
  }

  // The year of the payment in UTC; the counter row's lock holds until the commit, so numbers
  // follow each other without a gap even when many orders are paid at once.
  const year = opts.at.getUTCFullYear();
  const seq = await invoicesRepository.nextSeq(tx, year);
  const billing = paid.billing as BillingDetails;
  const view = await ordersRepository.mailFacts(tx, paid.id);
  const invoice = await invoicesRepository.insert(tx, {
    orderId: paid.id,
    year,
    seq,
    number: formatInvoiceNumber(year, seq),
    issuedAt: opts.at,
    seller: deps.seller,
    buyer: buyerOf(billing),
    challengeName: view.challengeName,
  });

  const account = await deps.accounts.provisionForOrder(tx, {
    userId: paid.userId,
    challengeId: paid.challengeId,
    orderId: paid.id,
    at: opts.at,
  });

  const locale = paid.locale as MailLocale;
  const orderNumber = formatOrderNumber(paid.number);
  const mail = orderPaidMail(locale, {
    name: billing.name,
    orderNumber,
    challenge: view.challengeName,
    total: formatAmount(locale, paid.currency, paid.totalCents),
    invoiceNumber: invoice.number,
    billingUrl: `${deps.publicUrl}/billing`,
  });
  // "Orders and invoices" turned off on the profile: the invoice waits on /billing. The account's
  // credentials are mailed regardless: they are how a purchase is delivered.
  if ((await mailPreferencesOf(tx, paid.userId)).wants('orders')) {
    await deps.outbox.enqueue(tx, {
      to: view.userEmail,
      ...mail,
      attachments: [{ kind: INVOICE_ATTACHMENT, id: paid.id }],
      aboutId: paid.id,
      userId: paid.userId,
    });
  }
  if (account) {
    const credentials = credentialsMail(locale, {
      name: billing.name,
      challenge: view.challengeName,
      login: account.login,
      password: account.platformPassword,
      server: account.server,
      platform: account.platform.toUpperCase(),
      accountsUrl: `${deps.publicUrl}/accounts`,
    });
    await deps.outbox.enqueue(tx, { to: view.userEmail, ...credentials, aboutId: paid.id, userId: paid.userId });
  }
  return { order: paid, paidNow: true, account };
}
