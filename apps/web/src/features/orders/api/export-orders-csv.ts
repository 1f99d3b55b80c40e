import type { OrderListParams } from '@app/contracts/commerce';
import { downloadFile } from '../../../lib/download';
import { toQueryString } from '../../../lib/query-string';

/** GET /api/admin/orders.csv with the list's filters and sort: the server streams every match. */
export const ordersCsvPath = ({ page: _page, pageSize: _size, ...filters }: OrderListParams) => {
  const query = toQueryString(filters);
  return `/api/admin/orders.csv${query ? `?${query}` : ''}`;
};

export const exportOrdersCsv = (params: OrderListParams) =>
  downloadFile(ordersCsvPath(params), 'orders.csv', 'text/csv');
