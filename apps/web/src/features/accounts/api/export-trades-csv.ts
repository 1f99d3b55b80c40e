import { downloadFile } from '../../../lib/download';
import { toQueryString } from '../../../lib/query-string';
import { tradeQueryParams, type TradeFilters } from '../model/journal-filters';

/** GET /api/accounts/{id}/trades.csv with the journal's filters: the server streams every matching trade. */
export const tradesCsvPath = (id: string, filters: TradeFilters, base = '/api') => {
  const query = toQueryString(tradeQueryParams(filters));
  return `${base}/accounts/${encodeURIComponent(id)}/trades.csv${query ? `?${query}` : ''}`;
};

/** Downloads the filtered journal as CSV (behind the bearer token, through lib/download). */
export const exportTradesCsv = (id: string, filters: TradeFilters, fileName: string, base = '/api'): Promise<void> =>
  downloadFile(tradesCsvPath(id, filters, base), fileName, 'text/csv');
