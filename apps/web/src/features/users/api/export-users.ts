import type { AdminUserListParams } from '@app/contracts/admin-users';
import { downloadFile } from '../../../lib/download';
import { toQueryString } from '../../../lib/query-string';

/** GET /api/admin/users/export.csv: the filtered list in its order, every page. */
export function exportUsersCsv(params: AdminUserListParams): Promise<void> {
  const { page: _page, pageSize: _size, ...filters } = params;
  return downloadFile(`/api/admin/users/export.csv?${toQueryString(filters)}`, 'users.csv', 'text/csv');
}
