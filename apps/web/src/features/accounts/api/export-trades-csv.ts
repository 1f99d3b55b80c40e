import { ApiError, buildHeaders, notifySessionEnded } from '../../../lib/api-client';
import { navigateTo } from '../../../lib/navigation';
import { toQueryString } from '../../../lib/query-string';
import { session } from '../../../lib/session';
import { tradeQueryParams, type TradeFilters } from '../model/journal-filters';

/** GET /api/accounts/{id}/trades.csv with the journal's filters: the server streams every matching trade. */
export const tradesCsvPath = (id: string, filters: TradeFilters) => {
  const query = toQueryString(tradeQueryParams(filters));
  return `/api/accounts/${encodeURIComponent(id)}/trades.csv${query ? `?${query}` : ''}`;
};

/**
 * Downloads the filtered journal as CSV. A plain link cannot send the bearer token, so the file is
 * fetched with it and saved from a blob. A 401/403 ends the session as every other call does.
 */
export async function exportTradesCsv(id: string, filters: TradeFilters, fileName: string): Promise<void> {
  const headers = buildHeaders(false);
  headers.set('Accept', 'text/csv');
  let response: Response;
  try {
    response = await fetch(tradesCsvPath(id, filters), { headers, credentials: 'include' });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', 'Network error', undefined);
  }
  if (!response.ok) {
    let body: { code?: string; message?: string } = {};
    try {
      body = (await response.json()) as typeof body;
    } catch {
      body = {};
    }
    if (response.status === 401 || response.status === 403) {
      if (response.status === 403 && body.message) session.setAuthErrorMessage(body.message);
      session.clearToken();
      notifySessionEnded();
      navigateTo('/auth/login');
    }
    throw new ApiError(
      response.status,
      body.code as ApiError['code'],
      body.message ?? response.statusText,
      body.message,
    );
  }
  // The server's own file name when it gives one.
  const disposition = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(response.headers.get('content-disposition') ?? '');
  if (disposition?.[1]) fileName = decodeURIComponent(disposition[1]);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
