import type { connectorResponseSchema } from '@app/contracts/trading';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { connectorKeys } from './connector-keys';

export type RevokeConnectorResponse = z.infer<typeof connectorResponseSchema>;

/** POST /api/admin/connectors/{id}/revoke (ADMIN): the key stops working at once, on every server. */
export const revokeConnector = (id: string) =>
  apiRequest<RevokeConnectorResponse>(`/api/admin/connectors/${encodeURIComponent(id)}/revoke`, { method: 'POST' });

export function useRevokeConnector() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeConnector,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: connectorKeys.lists() }),
  });
}
