import type { Order } from '@app/contracts/commerce';
import { downloadFile } from '../../../lib/download';

/** GET /api/orders/{id}/invoice.pdf: the invoice of a paid order, saved under its number. */
export const downloadInvoice = (order: Pick<Order, 'id' | 'invoiceNumber' | 'number'>) =>
  downloadFile(
    `/api/orders/${encodeURIComponent(order.id)}/invoice.pdf`,
    `${order.invoiceNumber ?? order.number}.pdf`,
    'application/pdf',
  );
