import type { createConnectorRequestSchema, createConnectorResponseSchema } from '@app/contracts/trading';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { connectorKeys } from './connector-keys';

export type CreateConnectorRequest = z.input<typeof createConnectorRequestSchema>;
export type CreatedConnector = z.infer<typeof createConnectorResponseSchema>;

/** POST /api/admin/connectors (ADMIN): the answer holds the API key, the only time it is sent. */
export const createConnector = (body: CreateConnectorRequest) =>
  apiRequest<CreatedConnector>('/api/admin/connectors', { method: 'POST', body });

export function useCreateConnector() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createConnector,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: connectorKeys.lists() }),
  });
}
