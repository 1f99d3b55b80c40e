import type { rotateConnectorRequestSchema, rotateConnectorResponseSchema } from '@app/contracts/trading';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { connectorKeys } from './connector-keys';

export type RotateConnectorRequest = z.input<typeof rotateConnectorRequestSchema>;
export type RotatedConnector = z.infer<typeof rotateConnectorResponseSchema>;

/**
 * POST /api/admin/connectors/{id}/rotate (ADMIN): a new key, in this answer only; the old key keeps
 * working until `previousKeyExpiresAt`. Without `graceMinutes` the server's default grace applies.
 */
export const rotateConnector = ({ id, ...body }: RotateConnectorRequest & { id: string }) =>
  apiRequest<RotatedConnector>(`/api/admin/connectors/${encodeURIComponent(id)}/rotate`, { method: 'POST', body });

export function useRotateConnector() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateConnector,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: connectorKeys.lists() }),
  });
}
