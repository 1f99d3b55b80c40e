import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { certificateKeys } from './certificate-keys';
import type { AdminCertificateResponse } from './issue-certificate';

/** POST /api/admin/certificates/{id}/revoke {reason} (ADMIN, audited). */
export const revokeCertificate = ({ id, reason }: { id: string; reason: string }) =>
  apiRequest<AdminCertificateResponse>(`/api/admin/certificates/${encodeURIComponent(id)}/revoke`, {
    method: 'POST',
    body: { reason },
  });

export function useRevokeCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeCertificate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: certificateKeys.lists() }),
  });
}
