import type { CertificateVerification } from '@app/contracts/certificates';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { certificateKeys } from './certificate-keys';

/**
 * GET /api/certificates/verify/{code}, public: 200 valid, 410 revoked (both answers, with the
 * certificate), 404 unknown or malformed (an error).
 */
export const verifyCertificate = (code: string, signal?: AbortSignal) =>
  apiRequest<CertificateVerification>(`/api/certificates/verify/${encodeURIComponent(code)}`, {
    signal,
    answerStatuses: [410],
    skipAuthHandling: true,
  });

export const verifyQueryOptions = (code: string) =>
  queryOptions({
    queryKey: certificateKeys.verify(code),
    queryFn: ({ signal }) => verifyCertificate(code, signal),
    // An unknown code stays unknown; a throttled or failed call is retried by the reader.
    retry: false,
  });

export const useVerifyCertificate = (code: string) => useQuery(verifyQueryOptions(code));

export const isUnknownCode = (error: unknown) => error instanceof ApiError && error.status === 404;
