import type { adminCertificateResponseSchema, IssueCertificateRequest } from '@app/contracts/certificates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { certificateKeys } from './certificate-keys';

export type AdminCertificateResponse = z.infer<typeof adminCertificateResponseSchema>;

/** POST /api/admin/certificates (ADMIN, audited, mailed to the member). */
export const issueCertificate = (body: IssueCertificateRequest) =>
  apiRequest<AdminCertificateResponse>('/api/admin/certificates', { method: 'POST', body });

export function useIssueCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: issueCertificate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: certificateKeys.lists() }),
  });
}
