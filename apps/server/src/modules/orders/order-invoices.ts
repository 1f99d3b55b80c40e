// An order's invoice as a PDF: downloaded by its member or by staff, and attached to the payment
// mail (rendered at delivery). Always from the invoice row frozen when the order was paid.
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Scope } from '../../plugins/scoped-reads.ts';
import { invoiceDocumentOf } from './invoice-of-order.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { invoicesRepository } from './invoices.repository.ts';
import { ordersRepository, type OrderView } from './orders.repository.ts';

const orderNotPaid = () => new AppError('ORDER_NOT_PAID', 409, 'The order is not paid: it has no invoice');

export class OrderInvoices {
  constructor(private readonly db: Db) {}

  /** The invoice PDF of an order the scope may see (a member's own; staff: any). */
  async pdf(scope: Scope | 'staff', id: string): Promise<{ filename: string; pdf: Buffer }> {
    const o = await ordersRepository.findView(this.db, id);
    if (!o || (scope !== 'staff' && o.userId !== scope.userId)) throw notFound('order');
    if (o.status !== 'paid' && o.status !== 'refunded') throw orderNotPaid();
    return this.render(o);
  }

  /** The outbox's resolver for `invoice` attachments: rendered at delivery from the frozen rows. */
  async attachment(orderId: string) {
    const o = await ordersRepository.findView(this.db, orderId);
    if (!o) throw new Error(`invoice attachment: no order ${orderId}`);
    const { filename, pdf } = await this.render(o);
    return { filename, contentType: 'application/pdf', content: pdf };
  }

  private async render(o: OrderView) {
    const invoice = await invoicesRepository.findByOrder(this.db, o.id);
    if (!invoice) throw orderNotPaid();
    const pdf = await renderInvoicePdf(invoiceDocumentOf(invoice, o));
    return { filename: `${invoice.number}.pdf`, pdf };
  }
}
