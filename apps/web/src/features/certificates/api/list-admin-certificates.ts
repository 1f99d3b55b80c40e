import type { adminCertificateListResponseSchema, CertificateListParams } from '@app/contracts/certificates';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { getJson } from '../../../lib/api-client';
import { toQueryString } from '../../../lib/query-string';
import { certificateKeys } from './certificate-keys';

export type AdminCertificateList = z.infer<typeof adminCertificateListResponseSchema>;

/** GET /api/admin/certificates: one filtered, sorted page (staff). */
export const listAdminCertificates = (params: CertificateListParams, signal?: AbortSignal) =>
  getJson<AdminCertificateList>(`/api/admin/certificates?${toQueryString(params)}`, signal);

export const adminCertificatesQueryOptions = (params: CertificateListParams) =>
  queryOptions({
    queryKey: certificateKeys.list(params),
    queryFn: ({ signal }) => listAdminCertificates(params, signal),
    placeholderData: keepPreviousData,
  });

export const useAdminCertificates = (params: CertificateListParams) => useQuery(adminCertificatesQueryOptions(params));
