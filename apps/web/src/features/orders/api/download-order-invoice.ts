import type { AdminOrder } from '@app/contracts/commerce';
import { downloadFile } from '../../../lib/download';

/** GET /api/admin/orders/{id}/invoice.pdf (staff): a paid order's invoice. */
export const downloadOrderInvoice = (order: Pick<AdminOrder, 'id' | 'invoiceNumber' | 'number'>) =>
  downloadFile(
    `/api/admin/orders/${encodeURIComponent(order.id)}/invoice.pdf`,
    `${order.invoiceNumber ?? order.number}.pdf`,
    'application/pdf',
  );
