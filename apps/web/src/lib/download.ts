import { ApiError, buildHeaders, notifySessionEnded } from './api-client';
import { navigateTo } from './navigation';
import { session } from './session';

/**
 * Downloads a file the API serves behind the bearer token (an invoice PDF, a CSV export). A plain
 * link cannot send the token, so the file is fetched with it and saved from a blob; the server's
 * own file name wins over `fileName`. A 401/403 ends the session as every other call does.
 */
export async function downloadFile(path: string, fileName: string, accept: string): Promise<void> {
  const headers = buildHeaders(false);
  headers.set('Accept', accept);
  let response: Response;
  try {
    response = await fetch(path, { headers, credentials: 'include' });
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
